import { type RefObject, useId, useRef, useState } from 'react';

import { cn } from './cn';

/** `m:ss`. */
export function formatAudioTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export type AudioPlayerProps = {
  src: string;
  title?: string;
  className?: string;
  /** The `<audio>` element, for a page that seeks it (a transcript turn, say). */
  audioRef?: RefObject<HTMLAudioElement | null>;
  /** The playback position, on every `timeupdate` and seek. */
  onTime?: (seconds: number) => void;
};

/**
 * A recording player (SPEC section 2, 'Interview Recording'): play/pause,
 * seek, mute and the time, with the spec's two error texts. Used by the
 * interview analysis and the candidate analysis pages. Give it `key={src}`
 * when the recording can change, so a new one starts from a clean state.
 */
export function AudioPlayer({ src, title = 'Interview Recording', className, audioRef: givenRef, onTime }: AudioPlayerProps) {
  const ownRef = useRef<HTMLAudioElement>(null);
  const audioRef = givenRef ?? ownRef;
  const seekId = useId();
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      let attempt: Promise<void>;
      try {
        // Older engines return nothing instead of a promise.
        attempt = Promise.resolve(audio.play());
      } catch (error) {
        attempt = Promise.reject(error instanceof Error ? error : new Error('play failed'));
      }
      attempt.then(
        () => setError(null),
        () => {
          setPlaying(false);
          setError('Failed to play audio');
        },
      );
    } else {
      audio.pause();
    }
  };

  const toggleMute = () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.muted = !audio.muted;
    setMuted(audio.muted);
  };

  return (
    <div className={cn('rounded-xl bg-white p-4 ring-1 ring-slate-200', className)}>
      <p className="text-sm font-medium text-slate-900">{title}</p>
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        data-testid="recording-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => {
          setCurrent(event.currentTarget.currentTime);
          onTime?.(event.currentTarget.currentTime);
        }}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onError={() => {
          setPlaying(false);
          setError('Failed to load audio file');
        }}
      />
      <div className="mt-3 flex items-center gap-3">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {playing ? (
            <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
              <rect x="6" y="5" width="4" height="14" rx="1" />
              <rect x="14" y="5" width="4" height="14" rx="1" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
              <path d="M8 5v14l11-7z" />
            </svg>
          )}
        </button>
        <label htmlFor={seekId} className="sr-only">
          Seek
        </label>
        <input
          id={seekId}
          type="range"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.1}
          value={current}
          onChange={(event) => {
            const audio = audioRef.current;
            const to = Number(event.target.value);
            if (audio) audio.currentTime = to;
            setCurrent(to);
          }}
          className="h-1.5 min-w-0 flex-1 cursor-pointer accent-brand-600"
        />
        <span className="shrink-0 text-xs tabular-nums text-slate-600" data-testid="recording-time">
          {formatAudioTime(current)} / {formatAudioTime(duration)}
        </span>
        <button
          type="button"
          onClick={toggleMute}
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={muted}
          className="shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M11 5 6 9H2v6h4l5 4z" />
            {muted ? <path d="m22 9-6 6M16 9l6 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />}
          </svg>
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
