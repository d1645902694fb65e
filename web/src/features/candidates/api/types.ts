/** The candidate shapes of SPEC section 3, as the server sends them. */

export type AnalysisStatus = 'queued' | 'analysing' | 'done' | 'unreadable' | 'failed' | 'no_resume';

/** Where a candidate's interview invite stands (null: never invited). */
export type InviteStatus = 'Invited' | 'Scheduled' | 'Completed' | 'Closed';

/** The invite fields every candidate record carries. */
export type InviteFields = {
  inviteStatus: InviteStatus | null;
  /** The booked slot: UTC without a zone suffix ("2026-11-25T09:30:00"). */
  interviewDateTime: string | null;
};

/** A resume of one JD (`ViewJDResumes`). `filePath` is a signed link valid for 30 minutes. */
export type JdResume = {
  overallMatchPercentage: number | null;
  recommendation: string | null;
  resumeId: number;
  jobDescId: number;
  jdid: string;
  resumeFileId: string | null;
  fileName: string | null;
  fileType: string | null;
  filePath: string | null;
  candidateName: string;
  candidateEmail: string;
  candidatePhone: string;
  /** ISO UTC. */
  createdOn: string;
  isAnalyzed: boolean;
  isActive: boolean;
  modifiedOn: string;
  atsScore: number | null;
  skillsMatchScore: number | null;
  callId: string | null;
  interviewStatus: string | null;
  analysisStatus: AnalysisStatus;
  analysisError: string | null;
} & InviteFields;

/** A candidate of any JD (`GetAllCandidates`). */
export type AnyCandidate = {
  candidateName: string;
  candidateEmail: string;
  candidatePhone: string;
  jdname: string;
  jdid: string;
  jobDescId: number;
  atsscore: number | null;
  recommendation: string | null;
  interviewStatus: string | null;
  resumeId: number;
  callId: string | null;
  /** ISO UTC. */
  uploadedAt: string;
  fileName: string | null;
  analysisStatus: AnalysisStatus;
} & InviteFields;

/** The resume analysis of one candidate (`ResumeDetails`, first of the list). */
export type ResumeDetails = {
  resumeId: number;
  candidateName: string;
  jobName: string;
  jobDescId: number;
  jdid: string;
  candidateEmail: string;
  candidatePhone: string;
  fileName: string | null;
  filePath: string | null;
  resumeFileId: string | null;
  atsScore: number;
  skillsMatchScore: number;
  recommendation: string | null;
  analysisSummary: string;
  matchedSkills: string[];
  missingSkills: string[];
  experienceYears: number | null;
  requiredYears: number | null;
  analysisStatus: AnalysisStatus;
  analysisError: string | null;
  scoringVersion: string | null;
  callId: string | null;
  interviewStatus: string | null;
  /** What the candidate answered on the next-step form; null until they submit it. */
  nextStepDetails: NextStepDetails | null;
} & InviteFields;

/** The candidate's next-step form answers (SPEC section 3); CTC in LPA, periods in days. */
export type NextStepDetails = {
  totalExp: number;
  relevantExp: number;
  currentCTC: number;
  expectedCTC: number;
  noticePeriod: number;
  servingNotice: 'Yes' | 'No';
  organization: string;
  reasonForLeaving: string;
  /** "YYYY-MM-DD", or "" when serving notice. */
  lastWorkingDate: string;
  currentLocation: string;
  hometown: string;
  faridabadOffice: 'Yes' | 'No';
  relocateDays: number;
  skills: string;
  additionalInfo: string;
  /** ISO instant. */
  submittedAt?: string;
};

/** `GET /Interview/InterviewAnalysis/{callId}`: the fields of SPEC section 3 (the spec spells `keyTakeways`). */
export type InterviewAnalysis = {
  callId: string;
  /** pass, fail or anything else (e.g. Needs Review). */
  interviewStatus: string | null;
  /** 0-100. */
  technicalScore: number | null;
  communicationScore: number | null;
  problemSolvingScore: number | null;
  summary: string | null;
  /** Comma-separated. */
  keySkills: string | null;
  keyTakeways: string | null;
  experience: string | null;
  audioLink: string | null;
  candidateName: string | null;
};

/** An AI interviewer as the invite dialog needs it (`GET /Voice/assistants`). */
export type AssistantOption = { id: string; name: string | null };

/** `POST /Interview/SendInvites`: either `resumeIds` or `allPass: true`. */
export type SendInvitesInput = {
  jobDescId: number | string;
  assistantId: string;
  resumeIds?: number[];
  allPass?: boolean;
};

export type SkippedInvite = { resumeId: number; candidateName: string; reason: string };

export type SendInvitesResult = { sent: number; resent: number; skipped: SkippedInvite[] };

/** The JD fields the candidate pages need (`GetJDByID`). */
export type JdSummary = { jobDescId: number; jdid: string; jdname: string; resumeRequired: boolean };

export type Done = { success: boolean; message: string };

/** What the JD pages pass to the JD candidate list in navigation state (SPEC section 2). */
export type JdCandidatesState = { jobDescId?: number; jdname?: string };

export type ListQuery = { page: number; sort: string; q: string; recommendation: string };

export const candidateKeys = {
  all: ['candidates'] as const,
  jd: (jdid: string) => ['candidates', 'jd', jdid] as const,
  jdPage: (jdid: string, query: ListQuery) => ['candidates', 'jd', jdid, 'page', query] as const,
  jdAll: (jdid: string) => ['candidates', 'jd', jdid, 'all'] as const,
  list: (query: ListQuery) => ['candidates', 'list', query] as const,
  details: (resumeId: string) => ['candidates', 'details', resumeId] as const,
  search: (q: string) => ['candidates', 'search', q] as const,
  jdInfo: (jdid: string) => ['candidates', 'jd-info', jdid] as const,
  interview: (callId: string) => ['candidates', 'interview-analysis', callId] as const,
};

/** Outside `candidateKeys.all`, so invalidating the lists after an invite leaves it alone. */
export const assistantKeys = { list: ['invite-assistants'] as const };
