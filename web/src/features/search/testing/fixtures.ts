import type { Assistant } from '@/lib/queries/assistants';
import type { SearchResult } from '@/lib/queries/search-all';

/** An assistant as `GET /Voice/assistants` sends it, with the fields the search reads. */
export const assistant = (id: string, name: string | null, role: string | null = null): Assistant => ({
  id,
  name,
  createdAt: '2026-11-24T09:00:00Z',
  updatedAt: '2026-11-24T09:00:00Z',
  model: { provider: 'openai', model: 'gpt-4o', temperature: 0.5, messages: [] },
  voice: { provider: '11labs', voiceId: 'v' },
  firstMessage: null,
  maxDurationSeconds: 1800,
  silenceTimeoutSeconds: 30,
  metadata:
    role === null ? null : { role, candidateName: null, experience: null, interviewTime: null, questions: null, tools: null, topics: null },
  analysisPlan: { summary: true, structuredData: true, successEvaluation: true },
});

type Resume = SearchResult['resumes'][number];

/** A candidate of a search answer. */
export const resume = (resumeId: number, candidateName: string, extra: Partial<Resume> = {}): Resume => ({
  resumeId,
  candidateName,
  candidateEmail: `${candidateName.split(' ')[0]!.toLowerCase()}@example.com`,
  candidatePhone: '+91 98110 00000',
  atsScore: 80,
  callId: null,
  fileName: 'resume.pdf',
  filePath: null,
  recommendation: 'Pass',
  ...extra,
});

/** A JD card of a search answer. */
export const jdCard = (
  jdid: string,
  jdname: string,
  { jdMatched = true, resumes = [] as Resume[], keySkills = 'Rust, SQL, Linux' } = {},
): SearchResult => ({
  jdid,
  jobDescId: Number(jdid.replace(/\D/g, '')) || 1,
  jdname,
  keySkills,
  jdMatched,
  resumes,
});
