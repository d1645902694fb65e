import type { HiringReport } from '../api/get-hiring-report';

const STAGES = [
  ['new', 'New'],
  ['screened', 'Screened'],
  ['invited', 'Invited'],
  ['scheduled', 'Scheduled'],
  ['interviewed', 'Interviewed'],
  ['shortlisted', 'Shortlisted'],
  ['offer', 'Offer'],
  ['hired', 'Hired'],
] as const;

/** The API test's seeded February (crates/hirelane/tests/api/reports.rs), as the server answers it. */
const counts = (reached: number[], skipped: number[], current: number[], finished: number[]) => ({
  steps: STAGES.map(([stage, label], i) => ({
    stage,
    label,
    reached: reached[i] ?? 0,
    skipped: skipped[i] ?? 0,
    current: current[i] ?? 0,
    conversion: i > 0 && (reached[i - 1] ?? 0) > 0 ? (reached[i] ?? 0) / (reached[i - 1] ?? 1) : null,
    finishedReached: finished[i] ?? 0,
    passThrough: i + 1 < STAGES.length && (finished[i] ?? 0) > 0 ? (finished[i + 1] ?? 0) / (finished[i] ?? 1) : null,
  })),
  rejected: 2,
  withdrawn: 1,
  candidates: 7,
  finished: 4,
  inProgress: 3,
  sources: { applied: 3, uploaded: 3, csv: 1 },
  facts: { invitesSent: 4, slotsBooked: 3, interviewsCompleted: 2 },
});

const overall = counts([7, 6, 5, 4, 3, 2, 1, 1], [0, 0, 1, 1, 1, 0, 0, 0], [1, 0, 0, 1, 0, 1, 0, 1], [4, 4, 3, 2, 2, 1, 1, 1]);

export const REPORT: HiringReport = {
  generatedAt: '2026-03-02T09:00:00.000Z',
  from: '2026-02-01',
  to: '2026-02-28',
  jdId: null,
  overall,
  jobs: [
    { jobDescId: 8, jdid: 'jd-b', jdname: 'QA Lead', ...counts([1, 1, 1, 1, 1], [], [], [1, 1, 1, 1, 1]) },
    { jobDescId: 7, jdid: 'jd-a', jdname: 'Platform Engineer', ...overall },
  ],
  stageDays: [
    { stage: 'new', label: 'New', count: 6, medianDays: 1, p90Days: 1 },
    { stage: 'screened', label: 'Screened', count: 6, medianDays: 1, p90Days: 2 },
    { stage: 'invited', label: 'Invited', count: 4, medianDays: 1, p90Days: 1 },
    { stage: 'scheduled', label: 'Scheduled', count: 2, medianDays: 1, p90Days: 2 },
    { stage: 'interviewed', label: 'Interviewed', count: 2, medianDays: 1, p90Days: 2 },
    { stage: 'shortlisted', label: 'Shortlisted', count: 1, medianDays: 2, p90Days: 2 },
    { stage: 'offer', label: 'Offer', count: 0, medianDays: null, p90Days: null },
  ],
  timeToHire: { count: 1, medianDays: 10, p90Days: 10 },
  timeToFirstInterview: { count: 2, medianDays: 4, p90Days: 5 },
  sources: [
    { source: 'applied', candidates: 3, analysed: 3, passed: 3, passRate: 1, interviewed: 0, hired: 0 },
    { source: 'uploaded', candidates: 3, analysed: 3, passed: 2, passRate: 2 / 3, interviewed: 2, hired: 1 },
    { source: 'csv', candidates: 1, analysed: 0, passed: 0, passRate: null, interviewed: 0, hired: 0 },
  ],
  interviews: { invitesSent: 4, completed: 2, completionRate: 0.5, due: 3, noShows: 1, noShowRate: 1 / 3 },
  recruiters: [{ recruiterId: 1, name: 'Admin User', scorecards: 2, decisions: 7 }],
};
