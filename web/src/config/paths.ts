/**
 * Every route of SPEC section 2 in one place, so links never hard-code strings
 * and features can link to each other without importing each other.
 */
export const paths = {
  login: '/login',
  dashboard: '/',
  folders: '/folders',
  jd: (jdid: string) => `/jd/${encodeURIComponent(jdid)}`,
  /** A JD's board: its candidates by hiring stage. */
  jdBoard: (jdid: string) => `/jd/${encodeURIComponent(jdid)}/board`,
  recent: '/recent',
  create: '/create',
  edit: (id: string) => `/edit/${encodeURIComponent(id)}`,
  editJd: (jdId: string) => `/editjd/${encodeURIComponent(jdId)}`,
  bin: '/bin',
  search: '/search',
  templates: '/templates',
  candidates: '/candidates',
  candidateAnalysis: (resumeId: string, callId: string) =>
    `/candidate/analysis/${encodeURIComponent(resumeId)}/${encodeURIComponent(callId)}`,
  candidateDetails: (jdid: string) => `/candidate-details/${encodeURIComponent(jdid)}`,
  interview: '/interview',
  interviewSchedule: '/interview/schedule',
  interviewHistory: '/interview/history',
  interviewAnalysis: (id: string) => `/analysis/${encodeURIComponent(id)}`,
  assistants: '/interview/assistants',
  assistant: (id: string) => `/interview/assistants/${encodeURIComponent(id)}`,
  createAssistant: '/interview/create-assistant',
  interviewSearch: '/interview/search',
  callHistory: '/call-history',
  /** The organisation's activity feed; `?jdId=` (and `kind`, `actor`) filter it. */
  activity: '/activity',
  /** The hiring reports (admins, and recruiters given the reports permission); `?from=&to=&jdId=` filter them. */
  reports: '/reports',
  /** Settings opens on Team (a redirect), so the sidebar link stays active on every tab. */
  settings: '/settings',
  settingsTeam: '/settings/team',
  settingsTemplates: '/settings/templates',
  /** The organisation's name candidates read (admins change it). */
  settingsOrganization: '/settings/organization',
  /** The candidate's next-step details form as admins configure it. */
  settingsDetailsForm: '/settings/details-form',
  /** Candidates' requests to erase their data (admins decide them). */
  settingsErasureRequests: '/settings/erasure-requests',
  /** The bias audit (admins, and recruiters given the reports permission). */
  settingsFairness: '/settings/fairness',
  /** Candidates' requests for an alternative process or an accommodation. */
  settingsRequests: '/settings/requests',
  /** Integrations' API tokens (admins). */
  settingsApiTokens: '/settings/api-tokens',
  /** Signed outgoing webhooks: endpoints and their delivery logs (admins). */
  settingsWebhooks: '/settings/webhooks',
  // Public candidate pages.
  scheduleInterview: '/ScheduleInterview',
  nextStep: '/nextstep',
  thankYou: '/thank-you',
  interviewGuidelines: '/interviewguidelines',
  interviewCandidateDetails: '/interview/candidate-details',
  /** The candidate's web call (the meeting link StartInterview hands out). */
  interviewJoinPattern: '/interview/join/:inviteId',
  interviewJoin: (inviteId: string) => `/interview/join/${encodeURIComponent(inviteId)}`,
  /** The candidate's own page, linked from every e-mail to them (the token is its key). */
  applicationPattern: '/application/:token',
  application: (token: string) => `/application/${encodeURIComponent(token)}`,
} as const;
