/** The one-message views of the invite pages (SPEC section 2: none, 3 and 4). */
import { MessageCard } from '@/components/candidate-page/candidate-page';
import { AlertIcon, CheckIcon, ClockIcon, SearchIcon } from '@/components/ui/icons';

export const NO_DATA = 'No data found.';
/** What the candidate can do about an unknown invite, under the spec's heading. */
export const LINK_EXPIRED = 'This link has expired or is not valid. Ask the recruiter who sent it for a new one.';

/** showPageId none: an unknown or missing invite. */
export function NoDataView() {
  return (
    <MessageCard icon={<SearchIcon width={26} height={26} />} tone="neutral" heading={NO_DATA} testId="invite-view-none">
      <p data-testid="link-expired">{LINK_EXPIRED}</p>
      <p>Please check that you opened the full link from your invitation e-mail.</p>
    </MessageCard>
  );
}

/** showPageId 3, and the /thank-you page. */
export function CompletedView() {
  return (
    <MessageCard
      icon={<CheckIcon width={28} height={28} />}
      tone="success"
      heading="Thank you for completing your interview."
      testId="invite-view-completed"
    >
      <p>We appreciate your time and will share the results soon.</p>
    </MessageCard>
  );
}

/** showPageId 4: the apply-last date has passed. */
export function WindowClosedView({ jobName }: { jobName: string }) {
  return (
    <MessageCard
      icon={<ClockIcon width={26} height={26} />}
      tone="warning"
      heading={`The interview window for ${jobName} is closed.`}
      testId="invite-view-closed"
    >
      <p>Thanks for your interest.</p>
      <p>If you have any questions, please contact the HR team.</p>
    </MessageCard>
  );
}

/** The invite could not be loaded for another reason than an unknown id. */
export function LoadErrorView({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <MessageCard
      icon={<AlertIcon width={26} height={26} />}
      tone="warning"
      heading="We could not load your invite."
      testId="invite-view-error"
    >
      <p>Please check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-4 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-300"
      >
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </MessageCard>
  );
}
