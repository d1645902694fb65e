/** The candidate portal's API at the network edge, for the candidate's page's tests. */
import { json, mockFetch } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';

export const TOKEN = 'abcdefghijklmnopqrstuv';

export const RECEIVED = {
  candidateName: 'Priya Sharma',
  jobTitle: 'Platform Engineer',
  organization: 'Acme',
  appliedAt: '2026-03-02T06:15:00Z',
  status: 'received',
  statusText: 'We received your application.',
  interviewAt: null,
  interviewLink: null,
  canWithdraw: true,
  erasureRequested: false,
  keptForOtherJobs: false,
  accommodationRequested: false,
};

export const NOT_ASSESSED = {
  assessed: false,
  reasons: [],
  skillsFound: [],
  skillsMissing: [],
  experienceYears: null,
  requiredYears: null,
  interviewQuestions: [],
  scoringVersion: null,
  yourRights: 'You can ask for a person to review it.',
};

export const ASSESSED = {
  ...NOT_ASSESSED,
  assessed: true,
  reasons: ['Your resume shows 5 years of backend work.', 'Kubernetes was not found in your resume.'],
  skillsFound: ['Go', 'Python'],
  skillsMissing: ['Kubernetes'],
  experienceYears: 5,
  requiredYears: 3,
  interviewQuestions: [
    { question: 'Tell me about a service you built', covered: true, pointsCovered: [], pointsMissing: [] },
    {
      question: 'How do you test it?',
      covered: true,
      pointsCovered: ['Unit tests around the parser'],
      pointsMissing: ['Load tests before a release'],
    },
    { question: 'How do you deploy it?', covered: false, pointsCovered: [], pointsMissing: [] },
  ],
  scoringVersion: 'ats-2026.3',
};

export const SELF_ID_OFF = { enabled: false, explanation: '', questions: [], answers: {} };

export const SELF_ID = {
  enabled: true,
  explanation: 'Answering is voluntary and never affects your application.',
  questions: [
    {
      key: 'sex',
      label: 'Sex',
      options: [
        { code: 'female', label: 'Female' },
        { code: 'male', label: 'Male' },
        { code: 'declined', label: 'I prefer not to say' },
      ],
    },
    {
      key: 'race',
      label: 'Race/ethnicity',
      options: [
        { code: 'asian', label: 'Asian' },
        { code: 'white', label: 'White' },
        { code: 'declined', label: 'I prefer not to say' },
      ],
    },
  ],
  answers: { sex: 'female', race: null },
};

type Reply = ReturnType<typeof json>;

export type PortalOptions = {
  withdraw?: number;
  assessment?: Record<string, unknown>;
  selfId?: typeof SELF_ID | typeof SELF_ID_OFF;
  /** Answers a PUT of the self-identification instead of saving it. */
  putSelfId?: (call: RecordedCall) => Reply | null;
  accommodation?: (call: RecordedCall) => Reply | null;
};

/** The portal of one candidate: `page` null answers every call 404, as for a link that is not valid. */
export function portalServer(
  page: Record<string, unknown> | null,
  { withdraw = 200, assessment = NOT_ASSESSED, selfId = SELF_ID_OFF, putSelfId, accommodation }: PortalOptions = {},
) {
  let current = page;
  let identification: Record<string, unknown> = selfId;
  const base = `/api/Application/${TOKEN}`;
  return mockFetch((call: RecordedCall) => {
    const { pathname } = new URL(call.url, 'http://x');
    if (!current) return json(404, { code: 'not_found', message: 'This link is not valid.' });
    const route = `${call.method} ${pathname.slice(base.length) || '/'}`;
    switch (route) {
      case 'GET /':
        return json(200, current);
      case 'POST /Withdraw':
        if (withdraw !== 200) return json(withdraw, { code: 'state_changed', message: 'This application can no longer be withdrawn.' });
        current = {
          ...current,
          status: 'withdrawn',
          statusText: 'This application is withdrawn.',
          canWithdraw: false,
          interviewLink: null,
        };
        return json(200, current);
      case 'POST /Erasure':
        current = { ...current, erasureRequested: true };
        return json(200, current);
      case 'GET /Assessment':
        return json(200, assessment);
      case 'GET /SelfIdentification':
        return json(200, identification);
      case 'PUT /SelfIdentification':
        identification = { ...identification, answers: call.body };
        return putSelfId?.(call) ?? json(200, identification);
      case 'DELETE /SelfIdentification':
        identification = { ...identification, answers: {} };
        return json(200, identification);
      case 'PUT /KeepForOtherJobs':
        current = { ...current, keptForOtherJobs: (call.body as { keep: boolean }).keep };
        return json(200, current);
      case 'POST /Accommodation':
        current = { ...current, accommodationRequested: true };
        return accommodation?.(call) ?? json(200, current);
      default:
        return json(404, { code: 'not_found', message: 'Not found' });
    }
  });
}
