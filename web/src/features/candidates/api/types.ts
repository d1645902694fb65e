/** The candidate shapes of SPEC section 3, as the server sends them. */

export type AnalysisStatus = 'queued' | 'analysing' | 'done' | 'unreadable' | 'failed' | 'no_resume';

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
};

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
};

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
};

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
};
