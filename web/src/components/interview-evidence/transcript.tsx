import { useEffect, useRef } from 'react';

import { formatAudioTime } from '@/components/ui/audio-player';
import { cn } from '@/components/ui/cn';

import type { Turn } from './types';

const SPEAKER = { interviewer: 'Interviewer', candidate: 'Candidate' } as const;

/** Seeks the recording to the start of a turn (by its index). */
export type Seek = (turn: number) => void;

/** The conversation turn by turn; the plain transcript only when the provider sent no turns. */
export function TranscriptTurns({
  turns,
  current,
  onSeek,
  fallback,
}: {
  turns: Turn[];
  current: number | null;
  onSeek: Seek;
  fallback: string | null;
}) {
  const currentRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">Transcript</h3>
      {turns.length === 0 ? (
        <p className="mt-2 max-h-96 overflow-y-auto whitespace-pre-line text-sm text-slate-700">{fallback || '-'}</p>
      ) : (
        <ol aria-label="Transcript" className="mt-2 max-h-96 space-y-1 overflow-y-auto">
          {turns.map((turn, i) => {
            const body = (
              <>
                <span className="block text-xs font-semibold text-slate-500">
                  {SPEAKER[turn.speaker]}
                  {turn.startSeconds !== null && (
                    <span className="ml-2 font-normal tabular-nums">{formatAudioTime(turn.startSeconds)}</span>
                  )}
                </span>
                <span className="block text-sm text-slate-800">{turn.text}</span>
              </>
            );
            const isCurrent = i === current;
            return (
              <li
                key={i}
                ref={isCurrent ? currentRef : undefined}
                data-testid="turn"
                aria-current={isCurrent ? 'true' : undefined}
                className={cn('rounded-lg', turn.speaker === 'candidate' && 'ml-6', isCurrent && 'bg-brand-50 ring-1 ring-brand-200')}
              >
                {turn.startSeconds === null ? (
                  <div className="px-2 py-1.5">{body}</div>
                ) : (
                  <button
                    type="button"
                    onClick={() => onSeek(i)}
                    className="w-full rounded-lg px-2 py-1.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
