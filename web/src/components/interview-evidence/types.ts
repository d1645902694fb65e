/** The interview evidence shapes (server: `voice/evidence.rs`, `verdict.rs`, `integrity.rs`, `interviews/attempts.rs`, and the `assess` grader's grading). */
import type { ApiSchema } from '@/lib/api/types';

export type Turn = ApiSchema<'Turn'>;
export type QuestionEvidence = ApiSchema<'QuestionEvidence'>;
export type Coverage = ApiSchema<'Coverage'>;
export type Verdict = ApiSchema<'Verdict'>;
export type Integrity = ApiSchema<'Integrity'>;
export type Attempts = ApiSchema<'Attempts'>;
export type Attempt = ApiSchema<'Attempt'>;
export type InterviewGrading = ApiSchema<'InterviewGrading'>;
export type AnswerGrade = ApiSchema<'AnswerGrade'>;
export type QuoteRef = ApiSchema<'QuoteRef'>;
export type Competency = AnswerGrade['competency'];
export type ConductEvent = ApiSchema<'ConductEvent'>;
export type ConductKind = ConductEvent['kind'];
