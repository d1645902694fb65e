import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';

import { CandidatePage, MessageCard } from '@/components/candidate-page/candidate-page';
import { CheckIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { parseInstant } from '@/lib/date-time';

import { useNextStep } from '../api/next-step';
import { LoadErrorView, NoDataView } from '../components/status-views';
import { bookedTime } from '../lib/time-zones';

type Confirmation = { candidateName: string; interviewDate: string; interviewTime: string; candidateEmail?: string };

/** The navigation state the details form (or anyone) passed, when it has the three strings. */
function readState(state: unknown): Confirmation | null {
  if (typeof state !== 'object' || state === null) return null;
  const { candidateName, interviewDate, interviewTime, candidateEmail } = state as Record<string, unknown>;
  if (typeof candidateName !== 'string' || typeof interviewDate !== 'string' || typeof interviewTime !== 'string') return null;
  return { candidateName, interviewDate, interviewTime, candidateEmail: typeof candidateEmail === 'string' ? candidateEmail : undefined };
}

/**
 * `/ScheduleInterview` (SPEC section 2): the scheduled confirmation. Values come from the
 * navigation state; after a reload (no state) from the invite, in the viewer's local time.
 */
export function ScheduledRoute() {
  const location = useLocation();
  const [params] = useSearchParams();
  const inviteId = params.get('inviteId')?.trim() || null;
  const fromState = readState(location.state);
  const nextStep = useNextStep(fromState ? null : inviteId);

  let content: ReactNode;
  if (fromState) {
    content = <ConfirmationCard confirmation={fromState} inviteId={inviteId} />;
  } else if (!inviteId) {
    content = <NoDataView />;
  } else if (nextStep.isPending) {
    content = <PageSpinner label="Loading…" />;
  } else if (nextStep.isError) {
    content =
      isApiError(nextStep.error) && nextStep.error.status === 404 ? (
        <NoDataView />
      ) : (
        <LoadErrorView onRetry={() => void nextStep.refetch()} retrying={nextStep.isFetching} />
      );
  } else {
    const data = nextStep.data;
    const start = parseInstant(data.interviewDateTime);
    const booked = start && bookedTime(start, data.timeZoneName);
    content = (
      <ConfirmationCard
        inviteId={inviteId}
        confirmation={{ candidateName: data.candidateName, interviewDate: booked?.date ?? '', interviewTime: booked?.time ?? '' }}
      />
    );
  }

  return <CandidatePage title="Interview Scheduled">{content}</CandidatePage>;
}

function ConfirmationCard({ confirmation, inviteId }: { confirmation: Confirmation; inviteId: string | null }) {
  const { candidateName, interviewDate, interviewTime, candidateEmail } = confirmation;
  const scheduled = Boolean(interviewDate && interviewTime);
  return (
    <MessageCard
      icon={<CheckIcon width={28} height={28} />}
      tone="success"
      heading={`Thank you, ${candidateName.trim() || 'candidate'}!`}
      testId="scheduled-confirmation"
    >
      {scheduled ? (
        <>
          <p>
            Your interview has been successfully scheduled for <strong className="text-slate-900">{interviewDate}</strong> at{' '}
            <strong className="text-slate-900">{interviewTime}</strong>.
          </p>
          <p>
            A confirmation email has been sent to{' '}
            {candidateEmail ? <strong className="text-slate-900">{candidateEmail}</strong> : 'your registered email address'}.
          </p>
        </>
      ) : (
        <p>Your details have been submitted.</p>
      )}
      <p>You may now close this page.</p>
      {inviteId && (
        <p className="pt-3 text-sm">
          <Link
            to={`${paths.nextStep}?inviteId=${encodeURIComponent(inviteId)}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {scheduled ? 'View your interview' : 'Choose your interview time'}
          </Link>
        </p>
      )}
    </MessageCard>
  );
}

export { ScheduledRoute as Component };
