/** The voice shapes of SPEC section 3, as our server sends them (`/api/Voice/...`). */
import type { ApiSchema } from '@/lib/api/types';

/** An AI interviewer assistant. `model.messages[0].content` is its description. */
export type { Assistant } from '@/lib/queries/assistants';

/** The structured data our assistants' analysis plan asks for (scores 0-10). The provider
 * fills it from the plan's JSON schema, so the API passes it through as an open object. */
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

/** Reads the provider's structured data in our plan's shape (the server passes it through). */
export function structuredDataOf(data: { [key: string]: unknown } | null | undefined): StructuredData {
  return data ?? {};
}

/** A call (the provider's shape, merged with what the server stored). */
export type Call = ApiSchema<'CallView'>;

/** `GET /Interview/InterviewAnalysis/{callId}` (the spec spells `keyTakeways`). */
export type { InterviewAnalysis } from '@/lib/queries/interview-analysis';

/** The Create Interview Assistant form as the server takes it. */
export type CreateAssistantInput = ApiSchema<'CreateAssistantBody'>;

export const voiceKeys = {
  all: ['voice'] as const,
  assistant: (id: string) => [...voiceKeys.all, 'assistant', id] as const,
  calls: (filters: { createdAtGt?: string; createdAtLt?: string; limit: number }) => [...voiceKeys.all, 'calls', filters] as const,
};
