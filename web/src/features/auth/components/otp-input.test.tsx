import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { OtpInput } from './otp-input';

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '', '', '']);
  return (
    <>
      <OtpInput digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.map((d) => d || '_').join('')}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const code = () => screen.getByTestId('code').textContent;

describe('OtpInput', () => {
  it('renders six labelled single-digit boxes', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('accepts digits only and moves to the next box as you type', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('1a2-3 ');
    expect(code()).toBe('123___');
    expect(boxes()[3]).toHaveFocus();
  });

  it('typing into a filled box replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    await user.click(boxes()[1]!);
    await user.keyboard('9');
    expect(code()).toBe('193___');
    expect(boxes()[2]).toHaveFocus();
  });

  it('a paste fills every box from the first, ignoring non-digits', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => ' 12-34 56 ' } });
    expect(code()).toBe('123456');
    expect(boxes()[5]).toHaveFocus();
  });

  it('a paste with too many digits keeps the first six', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '98765432' } });
    expect(code()).toBe('987654');
  });

  it('a short paste fills from the first box and focuses the next empty one', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '12' } });
    expect(code()).toBe('12____');
    expect(boxes()[2]).toHaveFocus();
  });

  it('a paste without digits changes nothing', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => 'abc' } });
    expect(code()).toBe('______');
  });

  it('autofill of the whole code into one box fills all boxes', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '654321' } });
    expect(code()).toBe('654321');
  });

  it('Backspace clears the box, then steps back and clears the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12____');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1_____');
    expect(boxes()[1]).toHaveFocus();
  });

  it('arrow keys move between boxes and stop at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('{End}{ArrowRight}');
    expect(boxes()[5]).toHaveFocus();
  });
});
