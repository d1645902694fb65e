import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Card, Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AlertIcon, CalendarIcon, ClockIcon, FileTextIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { parseInstant } from '@/lib/date-time';

import { useStartInterview } from '../api/start-interview';
import { inviteKeys } from '../api/types';
import type { NextStep } from '../api/types';
import { useNow } from '../hooks/use-now';
import { REDIRECT_DELAY_SECONDS, joinPhase, needsJoinConfirmation } from '../lib/join-window';
import { bookedTime } from '../lib/time-zones';
import { Countdown } from './countdown';
import { VideoIcon } from './icons';

const START_FAILED = 'The interview could not be started. Please try again.';

/** Opens the meeting link: inside the app when it is ours, else as a full page load. */
function useOpenLink() {
  const navigate = useNavigate();
  return useCallback(
    (uri: string) => {
      const url = new URL(uri, window.location.href);
      if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}${url.hash}`);
      else window.location.assign(url.href);
    },
    [navigate],
  );
}

export type ScheduledViewProps = {
  inviteId: string;
  nextStep: NextStep;
  onReschedule: () => void;
};

/**
 * View 2 of the invite page (SPEC sections 2, 4 and 9): the booked time in the viewer's local
 * time (and as booked, when booked in a zone whose clock reads otherwise), a countdown that
 * becomes the join button 5 minutes before the start, the 10-second redirect after Join, and
 * the way back to the slot picker. The link is disabled 30 minutes after the start.
 */
export function ScheduledView({ inviteId, nextStep, onReschedule }: ScheduledViewProps) {
  const now = useNow(1000);
  const start = parseInstant(nextStep.interviewDateTime);
  const booked = start && bookedTime(start, nextStep.timeZoneName);
  const startInterview = useStartInterview();
  const queryClient = useQueryClient();
  const openLink = useOpenLink();
  const [confirming, setConfirming] = useState(false);
  const [redirect, setRedirect] = useState<{ uri: string; at: number } | null>(null);
  const opened = useRef(false);

  const secondsToRedirect = redirect ? Math.max(0, Math.ceil((redirect.at - now) / 1000)) : null;

  useEffect(() => {
    if (!redirect || opened.current || now < redirect.at) return;
    opened.current = true;
    openLink(redirect.uri);
  }, [redirect, now, openLink]);

  const begin = () => {
    setConfirming(false);
    startInterview.mutate(inviteId, {
      onSuccess: ({ Uri }) => setRedirect({ uri: Uri, at: Date.now() + REDIRECT_DELAY_SECONDS * 1000 }),
      // A refusal (window closed, already completed) means the invite moved on: show its state.
      onError: (error) => {
        if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: inviteKeys.nextStep(inviteId) });
      },
    });
  };

  const join = () => {
    if (!start) return;
    // The same clock as the phase shown, so the dialog rule matches what the candidate sees.
    if (needsJoinConfirmation(start, now)) setConfirming(true);
    else begin();
  };

  const phase = start ? joinPhase(start, now) : 'disabled';
  const startError = startInterview.error
    ? isApiError(startInterview.error) && startInterview.error.body?.message
      ? startInterview.error.body.message
      : START_FAILED
    : null;
  const name = nextStep.candidateName.trim();
  const detailsHref = `${paths.interviewCandidateDetails}?inviteId=${encodeURIComponent(inviteId)}`;

  return (
    <div className="space-y-6" data-testid="invite-view-scheduled" data-phase={phase}>
      <header>
        <p className="text-sm font-medium text-brand-700">{nextStep.jdName}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {name ? `${name}, your interview is scheduled` : 'Your interview is scheduled'}
        </h1>
      </header>

      {!nextStep.detailsSubmitted && (
        <section
          aria-labelledby="share-details-title"
          className="flex flex-col gap-4 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div className="flex items-start gap-3">
            <span className="rounded-lg bg-amber-100 p-2 text-amber-700">
              <FileTextIcon />
            </span>
            <div>
              <h2 id="share-details-title" className="font-semibold text-slate-900">
                One more step before your interview
              </h2>
              <p className="mt-1 text-sm text-slate-700">Tell us about your experience, notice period and expectations.</p>
            </div>
          </div>
          <Link
            to={detailsHref}
            data-testid="share-details-link"
            className="inline-flex shrink-0 items-center justify-center rounded-lg bg-amber-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
          >
            Share your details
          </Link>
        </section>
      )}

      <Card>
        {booked && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex items-start gap-3">
              <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
                <CalendarIcon />
              </span>
              <div>
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Date</p>
                <p className="mt-0.5 font-semibold text-slate-900" data-testid="interview-date">
                  {booked.date}
                </p>
              </div>
            </div>
            <div className="flex items-start gap-3">
              <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
                <ClockIcon />
              </span>
              <div>
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Time</p>
                <p className="mt-0.5 font-semibold text-slate-900" data-testid="interview-time">
                  {booked.time}
                </p>
                <p className="text-xs text-slate-500">{booked.zone}</p>
              </div>
            </div>
            {booked.asBooked && (
              <p data-testid="interview-as-booked" className="text-sm text-slate-600 sm:col-span-2">
                Booked as {booked.asBooked.date} at {booked.asBooked.time} ({booked.asBooked.zone}).
              </p>
            )}
          </div>
        )}

        <div className="mt-6 border-t border-slate-100 pt-6">
          {redirect ? (
            <div role="status" data-testid="redirect-countdown" className="rounded-xl bg-green-50 p-5 text-center ring-1 ring-green-200">
              <p className="text-lg font-semibold text-green-900">
                Redirecting to meeting link in {secondsToRedirect} {secondsToRedirect === 1 ? 'second' : 'seconds'}
              </p>
              <p className="mt-1 text-sm text-green-800">When the meeting page opens, click Join to start your interview.</p>
              <Button variant="link" className="mt-3" onClick={() => openLink(redirect.uri)}>
                Go now
              </Button>
            </div>
          ) : phase === 'disabled' ? (
            <div data-testid="link-disabled" className="flex items-start gap-3 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <AlertIcon className="mt-0.5 shrink-0 text-slate-500" />
              <div>
                <p className="font-semibold text-slate-900">The meeting link has been disabled.</p>
                <p className="mt-1 text-sm text-slate-600">If you missed the call, you can reschedule the meeting at your convenience.</p>
              </div>
            </div>
          ) : (
            <div className="space-y-4 text-center">
              {phase === 'before' ? (
                <>
                  <p className="text-sm text-slate-600">Interview link will be enabled 5 minutes before the scheduled time</p>
                  {start && <Countdown remainingMs={start.getTime() - now} />}
                </>
              ) : (
                <>
                  <p className="text-sm text-slate-600">
                    {phase === 'joinable' ? 'Your interview link is now enabled.' : 'Your interview has started. You can still join.'}
                  </p>
                  <Button
                    onClick={join}
                    loading={startInterview.isPending}
                    disabled={startInterview.isPending}
                    className="px-8 py-3 text-base"
                    data-testid="join-button"
                  >
                    <VideoIcon />
                    Ready to Join?
                  </Button>
                </>
              )}
              {startError && <Notice tone="error">{startError}</Notice>}
            </div>
          )}
        </div>
      </Card>

      {!redirect && (
        <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-semibold text-slate-900">Missed the interview / Change in plan?</h2>
            <p className="mt-1 text-sm text-slate-600">Pick another time before the application deadline.</p>
          </div>
          <Button variant="secondary" onClick={onReschedule} disabled={startInterview.isPending}>
            I want to Reschedule
          </Button>
        </Card>
      )}

      <p className="text-center text-sm text-slate-600">
        Before the call, read the{' '}
        <Link
          to={paths.interviewGuidelines}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          interview guidelines
        </Link>
        .
      </p>

      <Dialog open={confirming} title="Confirm Join" onClose={() => setConfirming(false)}>
        <p className="mt-2 text-sm text-slate-600">Are you sure you want to join now?</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            No
          </Button>
          <Button onClick={begin} data-autofocus>
            Yes
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
