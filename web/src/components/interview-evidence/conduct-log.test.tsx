import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ConductTimeline } from './conduct-log';
import { conductText, formatSeconds, timelineEntries } from './conduct-text';
import type { ConductEvent } from './types';

const event = (kind: ConductEvent['kind'], rest: Partial<ConductEvent> = {}): ConductEvent => ({
  kind,
  source: kind === 'answerDelay' || kind === 'longSilence' ? 'server' : 'page',
  at: '2026-11-27T04:00:00Z',
  secondsFromStart: 0,
  question: null,
  seconds: null,
  ...rest,
});

const EVENTS: ConductEvent[] = [
  event('answerDelay', { secondsFromStart: 64, question: 1, seconds: 2.5 }),
  event('tabHidden', { secondsFromStart: 130, question: 2, seconds: 20 }),
  event('tabVisible', { secondsFromStart: 150, question: 2 }),
  event('longSilence', { secondsFromStart: 200, question: 3, seconds: 6 }),
  event('microphoneChanged', { secondsFromStart: null }),
];

const SUMMARY = 'Left the tab 1 time, 20 s in total, during question 2.';

describe('the conduct log', () => {
  it('words each entry with how long it lasted, never what it means', () => {
    expect(conductText(event('tabHidden', { seconds: 41 }))).toBe('Left the interview tab for 41 s');
    expect(conductText(event('answerDelay', { seconds: 2.5 }))).toBe('Began answering after 2.5 s');
    expect(conductText(event('longSilence', { seconds: 6 }))).toBe('A silence within the answer of 6 s');
    expect(conductText(event('windowBlur'))).toBe('The window lost focus');
    expect(formatSeconds(12.4)).toBe('12 s');
    expect(formatSeconds(3)).toBe('3 s');
    // An entry that only ends another is left out: the one it ends carries the time.
    expect(timelineEntries(EVENTS).map((e) => e.kind)).toEqual(['answerDelay', 'tabHidden', 'longSilence', 'microphoneChanged']);
  });

  it('shows the summary and a timeline whose entries seek the recording', async () => {
    const onSeek = vi.fn();
    render(<ConductTimeline events={EVENTS} summary={SUMMARY} onSeek={onSeek} />);
    const log = screen.getByRole('region', { name: 'Conduct log' });
    expect(within(log).getByTestId('conduct-summary')).toHaveTextContent(SUMMARY);
    expect(log).toHaveTextContent('It does not change any score.');
    const entries = within(log).getAllByTestId('conduct-event');
    expect(entries.map((e) => e.textContent)).toEqual([
      '1:04Began answering after 2.5 sQuestion 1',
      '2:10Left the interview tab for 20 sQuestion 2',
      '3:20A silence within the answer of 6 sQuestion 3',
      '—The microphones changed',
    ]);
    await userEvent.click(within(entries[1]!).getByRole('button'));
    expect(onSeek).toHaveBeenCalledWith(130);
    // Without a time in the recording there is nothing to seek to.
    expect(within(entries[3]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the summary alone when there are no entries', () => {
    render(
      <ConductTimeline
        events={[]}
        summary="The interview page reported no tab, focus, microphone or connection events."
        onSeek={vi.fn()}
      />,
    );
    expect(screen.getByTestId('conduct-summary')).toHaveTextContent('reported no tab');
    expect(screen.queryByTestId('conduct-event')).not.toBeInTheDocument();
  });
});
