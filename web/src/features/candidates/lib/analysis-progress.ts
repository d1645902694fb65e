/** Where a JD's analysis stands: counts per state, and whether to keep polling. */
export type AnalysisProgress = {
  /** Rows with a resume to analyse; CSV candidates without one are counted apart. */
  total: number;
  done: number;
  pending: number;
  unreadable: number;
  failed: number;
  /** Rows that need no analysis (CSV candidates without a resume). */
  noResume: number;
  /** Every resume that will not change any more, in percent of the total. */
  percent: number;
  running: boolean;
};

/**
 * Summarises the `analysisStatus` of a JD's candidates. Only resumes are
 * analysed: a JD of CSV candidates has nothing to show progress for
 * (`total` 0), rather than '0 / 2 analysed' beside a full bar.
 */
export function analysisProgress(statuses: ReadonlyArray<string>): AnalysisProgress {
  const progress = { total: 0, done: 0, pending: 0, unreadable: 0, failed: 0, noResume: 0 };
  for (const status of statuses) {
    if (status === 'queued' || status === 'analysing') progress.pending += 1;
    else if (status === 'done') progress.done += 1;
    else if (status === 'unreadable') progress.unreadable += 1;
    else if (status === 'failed') progress.failed += 1;
    else if (status === 'no_resume') progress.noResume += 1;
  }
  progress.total = statuses.length - progress.noResume;
  const settled = progress.total - progress.pending;
  return {
    ...progress,
    percent: progress.total === 0 ? 100 : Math.round((settled / progress.total) * 100),
    running: progress.pending > 0,
  };
}

/** Poll every 1.5 s while anything is queued or analysing, else not at all. */
export const POLL_INTERVAL_MS = 1500;

export function pollWhileRunning(statuses: ReadonlyArray<{ analysisStatus: string }> | undefined): number | false {
  return statuses?.some((row) => row.analysisStatus === 'queued' || row.analysisStatus === 'analysing') ? POLL_INTERVAL_MS : false;
}

/** The label of a row's analysis state. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'queued':
      return 'Queued';
    case 'analysing':
      return 'Analysing';
    case 'done':
      return 'Analysed';
    case 'unreadable':
      return 'Unreadable';
    case 'failed':
      return 'Failed';
    case 'no_resume':
      return 'No resume';
    default:
      return status;
  }
}
