/** The voice shapes of SPEC section 3, as our server sends them (`/api/Voice/...`). */

/** An AI interviewer assistant. `model.messages[0].content` is its description. */
export type Assistant = {
  id: string;
  name: string | null;
  createdAt: string;
  updatedAt: string;
  model?: { provider?: string; model?: string; temperature?: number; messages?: { role: string; content: string }[] };
  voice?: { provider?: string; voiceId?: string };
  firstMessage?: string | null;
  maxDurationSeconds?: number | null;
  silenceTimeoutSeconds?: number | null;
  metadata?: {
    candidateName?: string;
    role?: string;
    experience?: string;
    interviewTime?: string;
    topics?: string[];
    questions?: string[];
    tools?: string[];
  } | null;
};

/** The structured data our assistants' analysis plan asks for (scores 0-10). */
export type StructuredData = {
  candidateInformation?: { fullName?: string; yearsOfExperience?: number };
  additionalInterviewMetrics?: {
    technicalScore?: number;
    communicationScore?: number;
    problemSolvingScore?: number;
    culturalFitScore?: number;
  };
  summaryInsights?: { keyInsights?: string; areasForImprovement?: string; recommendations?: string };
  interviewPerformance?: { strengths?: string[]; weaknesses?: string[] };
  keySkills?: string[];
  keyTakeaways?: string;
  experience?: string;
};

/** A call (the provider's shape, merged with what the server stored). */
export type Call = {
  id: string;
  assistantId: string | null;
  name: string | null;
  status: string | null;
  createdAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  endedReason: string | null;
  metadata: { candidateName: string | null };
  artifact: { recordingUrl: string | null; transcript: string | null };
  analysis: { summary?: string; successEvaluation?: string; structuredData?: StructuredData };
  interviewStatus: string | null;
  /** 0-100. */
  scores: {
    technicalScore: number | null;
    communicationScore: number | null;
    problemSolvingScore: number | null;
    culturalFitScore: number | null;
  };
};

/** `GET /Interview/InterviewAnalysis/{callId}` (the spec spells `keyTakeways`). */
export type InterviewAnalysis = {
  callId: string;
  interviewStatus: string;
  technicalScore: number | null;
  communicationScore: number | null;
  problemSolvingScore: number | null;
  culturalFitScore: number | null;
  summary: string;
  keySkills: string;
  keyTakeways: string;
  experience: string;
  audioLink: string | null;
  candidateName: string;
  successEvaluation: string | null;
  transcript: string | null;
  startedAt: string | null;
  endedAt: string | null;
  endedReason: string | null;
  structuredData: StructuredData;
};

export const voiceKeys = {
  all: ['voice'] as const,
  assistants: () => [...voiceKeys.all, 'assistants'] as const,
  assistant: (id: string) => [...voiceKeys.all, 'assistant', id] as const,
  calls: (filters: { createdAtGt?: string; createdAtLt?: string; limit: number }) => [...voiceKeys.all, 'calls', filters] as const,
  analysis: (callId: string) => [...voiceKeys.all, 'analysis', callId] as const,
};
