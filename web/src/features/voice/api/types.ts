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

/** What a strong answer to each of an assistant's questions covers (issue 31 §3). */
export type AssistantRubric = ApiSchema<'AssistantRubric'>;
export type RubricQuestion = ApiSchema<'RubricQuestion'>;
export type RubricBody = ApiSchema<'RubricBody'>;
export type Competency = RubricQuestion['competency'];

export const voiceKeys = {
  all: ['voice'] as const,
  assistant: (id: string) => [...voiceKeys.all, 'assistant', id] as const,
  /** Every rubric query of an assistant (with and without a JD's suggestions) starts with this. */
  rubrics: (id: string) => [...voiceKeys.assistant(id), 'rubric'] as const,
  rubric: (id: string, jdId: string | null) => [...voiceKeys.rubrics(id), jdId] as const,
  calls: (filters: { createdAtGt?: string; createdAtLt?: string; limit: number }) => [...voiceKeys.all, 'calls', filters] as const,
};
