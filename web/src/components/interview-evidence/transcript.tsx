import { useEffect, useRef } from 'react';

import { formatAudioTime } from '@/components/ui/audio-player';
import { cn } from '@/components/ui/cn';

import { segmentText } from './quotes';
import type { CharRange } from './quotes';
import type { Turn } from './types';

const SPEAKER = { interviewer: 'Interviewer', candidate: 'Candidate' } as const;

/** Seeks the recording to the start of a turn (by its index). */
export type Seek = (turn: number) => void;

/** The element id of turn `index`, for a quote that points at it. */
export const turnElementId = (prefix: string, index: number) => `${prefix}-turn-${index}`;

/** A turn's words, with the stretches the grader quotes marked. */
function TurnText({ text, quoted }: { text: string; quoted: readonly CharRange[] | undefined }) {
  if (!quoted) return <>{text}</>;
  return (
    <>
      {segmentText(text, quoted).map((segment, i) =>
        segment.quoted ? (
          <mark key={i} data-testid="quote-mark" className="rounded bg-amber-100 px-0.5 text-slate-900">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/**
 * The conversation turn by turn; the plain transcript only when the provider sent no turns.
 * Each turn has the id `turnElementId(idPrefix, index)` and takes focus, so a quote elsewhere on
 * the page can bring it into view.
 */
export function TranscriptTurns({
  turns,
  current,
  onSeek,
  fallback,
  quoted,
  idPrefix,
}: {
  turns: Turn[];
  current: number | null;
  onSeek: Seek;
  fallback: string | null;
  /** The grader's quotes, per turn index. */
  quoted: ReadonlyMap<number, readonly CharRange[]>;
  idPrefix: string;
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
                {turn.notTranscribed ? (
                  <span className="block text-sm italic text-slate-600">Not transcribed — listen to the recording</span>
                ) : (
                  <span className="block text-sm text-slate-800">
                    <TurnText text={turn.text} quoted={quoted.get(i)} />
                  </span>
                )}
              </>
            );
            const isCurrent = i === current;
            return (
              <li
                key={i}
                id={turnElementId(idPrefix, i)}
                tabIndex={-1}
                ref={isCurrent ? currentRef : undefined}
                data-testid="turn"
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'rounded-lg focus:outline-2 focus:outline-brand-600',
                  turn.speaker === 'candidate' && 'ml-6',
                  isCurrent && 'bg-brand-50 ring-1 ring-brand-200',
                )}
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
