/** How the analysis page sums up an application sent from the job page. */
import { formatDate } from '@/lib/date-time';

import type { ApplicationSent } from '../api/types';

/**
 * "Applied Mar 2, 2026 · consent 2026-01 on Mar 2, 2026", with "· applied 3 times" when the
 * candidate applied again (a later application replaced the resume). Dates in the viewer's zone.
 */
export function applicationSummary({ appliedAt, consentVersion, consentedAt, timesApplied }: ApplicationSent): string {
  const parts = [`Applied ${formatDate(appliedAt)}`, `consent ${consentVersion} on ${formatDate(consentedAt)}`];
  if (timesApplied > 1) parts.push(`applied ${timesApplied} times`);
  return parts.join(' · ');
}
