import { Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

import { MIC_MESSAGES } from '../lib/microphone';
import type { MicStatus } from '../lib/microphone';
import { MicIcon } from './icons';

const BARS = 12;

/** A level meter: a row of bars that light up with the microphone's level (0 to 1). */
export function LevelMeter({ level, label }: { level: number; label: string }) {
  const value = Math.round(Math.min(1, Math.max(0, level)) * 100);
  const lit = Math.round((value / 100) * BARS);
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="mic-level"
      className="flex h-8 items-end gap-1"
    >
      {Array.from({ length: BARS }, (_, index) => (
        <span
          key={index}
          className={cn(
            'w-full rounded-sm transition-colors duration-75',
            index < lit ? (index >= BARS - 2 ? 'bg-amber-500' : 'bg-green-500') : 'bg-slate-200',
          )}
          style={{ height: `${30 + (index / (BARS - 1)) * 70}%` }}
        />
      ))}
    </div>
  );
}

/** The join page's microphone check (getUserMedia and a level meter), with a clear refusal message. */
export function MicCheck({
  status,
  level,
  onStart,
  onStop,
}: {
  status: MicStatus;
  level: number;
  onStart: () => void;
  onStop: () => void;
}) {
  const problem =
    status === 'denied' || status === 'missing' || status === 'unsupported' || status === 'error' ? MIC_MESSAGES[status] : null;
  return (
    <div className="space-y-3" data-testid="mic-check" data-state={status}>
      {/* On a phone the heading and the button do not fit side by side: the button wraps under. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <MicIcon className="text-brand-600" />
          Microphone check
        </h2>
        {status === 'live' ? (
          <Button variant="secondary" onClick={onStop} className="shrink-0 whitespace-nowrap">
            Stop test
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={onStart}
            loading={status === 'requesting'}
            className="shrink-0 whitespace-nowrap"
            data-testid="mic-check-button"
          >
            {problem ? 'Try again' : 'Test microphone'}
          </Button>
        )}
      </div>
      {status === 'live' ? (
        <>
          <LevelMeter level={level} label="Microphone level" />
          <p className="text-sm text-slate-600" role="status">
            Your microphone is on. Say a few words: the bars should move while you speak.
          </p>
        </>
      ) : problem ? (
        <Notice tone="error">{problem}</Notice>
      ) : (
        <p className="text-sm text-slate-600">
          {status === 'requesting'
            ? 'Waiting for permission to use your microphone…'
            : 'Check that we can hear you before you join. Your browser will ask for permission.'}
        </p>
      )}
    </div>
  );
}
