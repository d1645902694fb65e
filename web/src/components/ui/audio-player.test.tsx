import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AudioPlayer, formatAudioTime } from './audio-player';

describe('AudioPlayer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('plays, pauses, mutes and shows the time', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    const user = userEvent.setup();
    render(<AudioPlayer src="/api/Voice/recordings/c1?expires=1&signature=ab" />);
    expect(screen.getByText('Interview Recording')).toBeInTheDocument();
    expect(screen.getByTestId('recording-time')).toHaveTextContent('0:00 / 0:00');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalled();
    // jsdom reports `paused` as true whatever the spy did, so pausing is checked by its event.
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    fireEvent.pause(screen.getByTestId('recording-audio'));
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the spec texts when the file cannot load or play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'));
    const user = userEvent.setup();
    render(<AudioPlayer src="/missing.wav" />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByText('Failed to play audio')).toBeInTheDocument();
    fireEvent.error(screen.getByTestId('recording-audio'));
    expect(await screen.findByText('Failed to load audio file')).toBeInTheDocument();
  });

  it('formats times as m:ss', () => {
    expect(formatAudioTime(0)).toBe('0:00');
    expect(formatAudioTime(61.7)).toBe('1:01');
    expect(formatAudioTime(Number.NaN)).toBe('0:00');
  });
});
