import { useId, useMemo, useState } from 'react';
import type { FormEvent, KeyboardEvent, MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Card, Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field';
import { CalendarIcon, ClockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatLongDate, formatTime, parseInstant } from '@/lib/date-time';

import { useScheduleInterview } from '../api/schedule-interview';
import type { ScheduleMode } from '../api/schedule-interview';
import type { NextStep } from '../api/types';
import { useNow } from '../hooks/use-now';
import { bookableDayTest, calendarBounds, scheduleFields, slotsForDay } from '../lib/slots';
import { defaultZone, formatTimeWithZone, gmtOffsetText, isSupportedZone, zoneAbbreviation } from '../lib/time-zones';
import { MonthCalendar } from './month-calendar';
import { TimeZoneSelect } from './time-zone-select';

export const CONSENT_TEXT = 'I consent to my information being used for scheduling this interview.';
const SCHEDULE_FAILED = 'We could not schedule your interview. Please try again.';

/** The picker's shareable state lives in the URL (tz, date, time), so a reload keeps it. */
export const PICKER_PARAMS = ['tz', 'date', 'time'] as const;

export type SlotPickerProps = {
  inviteId: string;
  nextStep: NextStep;
  mode: ScheduleMode;
  /** Reschedule only: back to the booked time. */
  onCancel?: () => void;
  /** After the server took the slot and the invite was fetched again. */
  onScheduled: () => void;
};

/** View 1 of the invite page (SPEC sections 2, 4, 5 and 9): choose a date, zone and time. */
export function SlotPicker({ inviteId, nextStep, mode, onCancel, onScheduled }: SlotPickerProps) {
  const [params, setParams] = useSearchParams();
  const now = useNow(15_000);
  const schedule = useScheduleInterview();
  const [consent, setConsent] = useState(false);
  const [needDateHint, setNeedDateHint] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { zone: useId(), zoneLabel: useId(), date: useId(), time: useId(), consent: useId() };

  const [fallbackZone] = useState(() => defaultZone());
  const tzParam = params.get('tz') ?? '';
  const zone = isSupportedZone(tzParam) ? tzParam : fallbackZone;
  const bookableUntil = parseInstant(nextStep.bookableUntil);
  const untilMs = bookableUntil?.getTime() ?? null;
  // Slots only change when a quarter hour passes; recompute per minute, not per tick.
  const minute = Math.floor(now / 60_000) * 60_000;

  const bounds = useMemo(
    () =>
      calendarBounds({
        zone,
        now: minute,
        applyLastDate: nextStep.applyLastDate,
        bookableUntil: untilMs === null ? null : new Date(untilMs),
      }),
    [zone, minute, nextStep.applyLastDate, untilMs],
  );
  // Slots start on whole minutes, so "later than the minute" is "later than now".
  const isAvailable = useMemo(
    () => bookableDayTest({ zone, now: minute, bookableUntil: untilMs === null ? null : new Date(untilMs), bounds }),
    [zone, minute, untilMs, bounds],
  );

  const dateParam = params.get('date') ?? '';
  const date = dateParam && isAvailable(dateParam) ? dateParam : '';
  const slotsOf = useMemo(() => {
    const until = untilMs === null ? null : new Date(untilMs);
    return (day: string) => slotsForDay({ date: day, zone, now: minute, bookableUntil: until });
  }, [zone, minute, untilMs]);
  const slots = useMemo(() => (date ? slotsOf(date) : []), [date, slotsOf]);
  const slot = slots.find((candidate) => candidate.value === params.get('time'));
  const noDaysLeft = bounds.max !== null && bounds.max < bounds.min;
  const current = parseInstant(nextStep.interviewDateTime);

  const update = (changes: Partial<Record<(typeof PICKER_PARAMS)[number], string | null>>) => {
    setError(null);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };

  const chooseDate = (value: string) => {
    setNeedDateHint(false);
    // A chosen time carries over to the new day when that day offers it.
    const keep = slot ? slotsOf(value).find((candidate) => candidate.label === slot.label) : undefined;
    update({ date: value, time: keep?.value ?? null });
  };

  // The time select stays focusable while no date is chosen so that clicking it can say why
  // it is empty (SPEC section 5); `aria-disabled` tells assistive technology it is unusable.
  const blockTime = (event: MouseEvent<HTMLSelectElement> | KeyboardEvent<HTMLSelectElement>) => {
    if (date) return;
    if ('key' in event && (event.key === 'Tab' || event.key === 'Shift')) return;
    event.preventDefault();
    setNeedDateHint(true);
  };

  const canSubmit = consent && Boolean(date) && Boolean(slot) && !schedule.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slot || !canSubmit) return;
    setError(null);
    schedule.mutate(
      {
        mode,
        input: { inviteId, candidateName: nextStep.candidateName, JobRole: nextStep.jdName, ...scheduleFields(slot, zone) },
      },
      {
        onSuccess: () => onScheduled(),
        onError: (failure) => setError(isApiError(failure) && failure.body?.message ? failure.body.message : SCHEDULE_FAILED),
      },
    );
  };

  const name = nextStep.candidateName.trim();

  return (
    <div className="space-y-6" data-testid="invite-view-slot-picker" data-mode={mode}>
      <header>
        <p className="text-sm font-medium text-brand-700">{nextStep.jdName}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {name ? `Hi ${name}!` : 'Hi there!'}
        </h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          {mode === 'reschedule' ? (
            <>Choose a new date and time for your AI interview for the {nextStep.jdName} role.</>
          ) : (
            <>You are invited to an AI interview for the {nextStep.jdName} role. Choose a date and time that suits you.</>
          )}{' '}
          <Link
            to={paths.interviewGuidelines}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Read the interview guidelines
          </Link>
        </p>
        {mode === 'reschedule' && current && (
          <p className="mt-3 text-sm text-slate-600" data-testid="current-booking">
            Currently scheduled for <strong>{formatLongDate(current, { timeZone: zone })}</strong> at{' '}
            <strong>{formatTimeWithZone(current, zone)}</strong>.
          </p>
        )}
      </header>

      <Card padded={false}>
        <form noValidate onSubmit={submit} aria-labelledby="page-title" className="grid md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <div role="group" aria-labelledby={ids.date} className="border-b border-slate-100 p-5 sm:p-8 md:border-b-0 md:border-r">
            <div className="flex items-center justify-between gap-3">
              <span id={ids.date} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <CalendarIcon width={18} height={18} className="text-brand-600" />
                Select a date
              </span>
              {date && (
                <Button variant="link" className="text-sm" onClick={() => update({ date: null, time: null })}>
                  Clear date
                </Button>
              )}
            </div>
            <div className="mt-4">
              <MonthCalendar
                labelId={ids.date}
                selected={date}
                onSelect={chooseDate}
                min={bounds.min}
                max={bounds.max}
                isAvailable={isAvailable}
              />
            </div>
            {bounds.max && !noDaysLeft && (
              <p className="mt-4 text-xs text-slate-500">Interviews can be booked until {formatLongDate(bounds.max)}.</p>
            )}
            {noDaysLeft && (
              <Notice tone="info" className="mt-4">
                There are no times left to book before the application deadline.
              </Notice>
            )}
          </div>

          <div className="space-y-5 p-5 sm:p-8">
            <div>
              <span id={ids.zoneLabel} className="block text-sm font-medium text-slate-700">
                Time zone
              </span>
              <div className="mt-1.5">
                <TimeZoneSelect
                  id={ids.zone}
                  labelId={ids.zoneLabel}
                  value={zone}
                  onChange={(value) => update({ tz: value, time: null })}
                  at={slot?.start.getTime() ?? now}
                />
              </div>
            </div>

            <div>
              <div className="flex items-baseline justify-between gap-4">
                <label htmlFor={ids.time} className="flex items-center gap-2 text-sm font-medium text-slate-700">
                  <ClockIcon width={16} height={16} className="text-slate-400" />
                  Time
                </label>
                {slot && (
                  <Button variant="link" className="text-sm" onClick={() => update({ time: null })}>
                    Clear
                  </Button>
                )}
              </div>
              <select
                id={ids.time}
                data-testid="slot-time"
                aria-disabled={!date}
                aria-describedby={needDateHint && !date ? `${ids.time}-hint` : undefined}
                value={slot?.value ?? ''}
                onMouseDown={blockTime}
                onKeyDown={blockTime}
                onChange={(event) => update({ time: event.target.value || null })}
                className={cn(inputClass(), 'mt-1.5', !date && 'cursor-not-allowed bg-slate-50 text-slate-400')}
              >
                <option value="">Select time</option>
                {slots.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {needDateHint && !date && (
                <p id={`${ids.time}-hint`} role="alert" className="mt-1.5 text-sm text-amber-700">
                  Please select a date first
                </p>
              )}
              {date && slots.length > 0 && (
                <p className="mt-1.5 text-xs text-slate-500">
                  Times are every 15 minutes, shown in {zoneAbbreviation(zone, slots[0]!.start)}.
                </p>
              )}
            </div>

            {slot && (
              <div data-testid="slot-summary" className="rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Your interview</p>
                <p className="mt-1 font-semibold text-slate-900">
                  {formatLongDate(slot.start, { timeZone: zone })} at {formatTimeWithZone(slot.start, zone)} (
                  {gmtOffsetText(zone, slot.start)})
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {zone} · {formatTime(slot.start, { timeZone: 'UTC', withZone: true })}
                </p>
              </div>
            )}
            <p className="text-xs text-slate-500">This time will be saved in UTC in the database.</p>

            <label htmlFor={ids.consent} className="flex items-start gap-3 text-sm text-slate-700">
              <input
                id={ids.consent}
                type="checkbox"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
              />
              <span>{CONSENT_TEXT}</span>
            </label>

            {error && <Notice tone="error">{error}</Notice>}

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
              {onCancel && (
                <Button variant="secondary" onClick={onCancel} disabled={schedule.isPending}>
                  Keep my current time
                </Button>
              )}
              <Button type="submit" disabled={!canSubmit} loading={schedule.isPending} className="sm:min-w-48">
                {schedule.isPending ? 'Scheduling...' : 'Schedule Interview'}
              </Button>
            </div>
            <p className="text-xs text-slate-500">You will receive a confirmation email once scheduled.</p>
          </div>
        </form>
      </Card>
    </div>
  );
}
