import { Link } from 'react-router';

import { AlertIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/queries/me';

import { useFairnessFlags } from '../api/get-fairness-flags';

/** How each audited step reads in a sentence. */
const STEP_WORDS: Record<string, string> = {
  atsRecommendation: 'the ATS recommendation',
  atsScore: 'the ATS score',
  interviewGrade: 'the AI interview grade',
  advancedAfterInterview: 'moving on after the interview',
};

/** The flag of one JD, for those who may see reports (nothing is asked of the server otherwise). */
function useFlagOf(jobDescId: number) {
  const reports = useMe().data?.reports ?? false;
  const flags = useFairnessFlags({ enabled: reports });
  return reports ? flags.data?.find((f) => f.jobDescId === jobDescId) : undefined;
}

/** The four-fifths warning on a JD's card in the JD list: a badge that the JD's page explains. */
export function FairnessFlagBadge({ jobDescId }: { jobDescId: number }) {
  const flag = useFlagOf(jobDescId);
  if (!flag) return null;
  return (
    <span
      data-testid="fairness-badge"
      className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
    >
      <AlertIcon width={12} height={12} className="text-amber-600" aria-hidden="true" />
      Fairness check
    </span>
  );
}

/**
 * The four-fifths warning on a JD: shown to those who may see reports when, among this JD's
 * candidates, a group is selected or scores high at under 0.8 of the best group's rate.
 */
export function FairnessFlagBanner({ jobDescId }: { jobDescId: number }) {
  const flag = useFlagOf(jobDescId);
  if (!flag) return null;
  const steps = flag.steps.map((step) => STEP_WORDS[step] ?? step).join(', ');
  return (
    <div
      role="status"
      data-testid="fairness-flag"
      className="mt-4 flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <AlertIcon className="mt-0.5 shrink-0 text-amber-600" />
      <p>
        <strong>Fairness check:</strong> among this JD&rsquo;s candidates, {flag.groups.join(', ')} fall under four-fifths of the best
        group&rsquo;s rate in {steps}. This is a signal to look into, not a finding.{' '}
        <Link to={paths.settingsFairness} className="font-semibold underline">
          See the bias audit
        </Link>
      </p>
    </div>
  );
}
