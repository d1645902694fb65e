/**
 * The interview's conduct log beside its transcript: the server's plain summary, then each
 * entry at its time in the recording (clicking one seeks there), with the question it happened
 * during. Shown as a log to weigh, never as a verdict; it takes no part in any grade.
 */
import { formatAudioTime } from '@/components/ui/audio-player';
import { cn } from '@/components/ui/cn';

import { conductText, timelineEntries } from './conduct-text';
import type { ConductEvent } from './types';

export function ConductTimeline({
  events,
  summary,
  onSeek,
}: {
  events: readonly ConductEvent[];
  summary: string;
  /** Seeks the recording to a time (seconds). */
  onSeek: (seconds: number) => void;
}) {
  const entries = timelineEntries(events);
  return (
    <section aria-labelledby="conduct-log-title" data-testid="conduct-log" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 id="conduct-log-title" className="text-sm font-semibold text-slate-900">
        Conduct log
      </h3>
      <p data-testid="conduct-summary" className="mt-1 text-sm text-slate-700">
        {summary}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        What the interview page saw and how long answers took to begin. It does not change any score.
      </p>
      {entries.length > 0 && (
        <ol aria-label="Conduct log" className="mt-3 max-h-96 space-y-1 overflow-y-auto">
          {entries.map((event, i) => {
            const at = event.secondsFromStart;
            const body = (
              <>
                <span className="w-10 shrink-0 text-xs tabular-nums text-slate-500">{at === null ? '—' : formatAudioTime(at)}</span>
                <span className="text-sm text-slate-800">{conductText(event)}</span>
                {event.question !== null && <span className="ml-auto shrink-0 text-xs text-slate-500">Question {event.question}</span>}
              </>
            );
            const row = cn('flex w-full items-baseline gap-2 rounded-lg px-2 py-1 text-left', event.source === 'page' && 'bg-amber-50/60');
            return (
              <li key={i} data-testid="conduct-event" data-kind={event.kind}>
                {at === null ? (
                  <div className={row}>{body}</div>
                ) : (
                  <button
                    type="button"
                    onClick={() => onSeek(at)}
                    className={cn(row, 'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600')}
                  >
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
