/**
 * Seeding for the specs that walk the recruiter pages: a JD with a candidate, an assistant and a
 * finished interview call, all made through the real API as the signed-in recruiter.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

import { advanceSimulator, api, createAssistant, importCsv } from './control';

export type Jd = { jobDescId: number; jdid: string };

/** A JD without resumes (so a CSV fills it). */
export async function createCsvJd(page: Page, jdname: string): Promise<Jd> {
  return api<Jd>(page, 'POST', '/api/Drive/CreateJobFolder', {
    jobDescId: 0,
    jdid: '',
    jdname,
    jddescription: '<p>Support our customers.</p>',
    keySkills: 'Empathy, Writing, Zendesk',
    experience: '2+ years',
    additionalNotes: '',
    resumeRequired: false,
    applyLastDate: null,
    createdOn: new Date().toISOString(),
  });
}

/** A JD with one candidate imported from a CSV; the candidate's resume id beside it. */
export async function csvJdWithCandidate(page: Page, jdname: string, candidate: { name: string; email: string }) {
  const jd = await createCsvJd(page, jdname);
  await importCsv(page, jd.jobDescId, `Name,Email,Phone\n${candidate.name},${candidate.email},9811223344\n`);
  const [row] = await api<Array<{ resumeId: number }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  return { jd, resumeId: row!.resumeId };
}

/** Date and time in IST (+05:30) `minutes` from now, as the schedule call takes them. */
function istIn(minutes: number): { date: string; time: string } {
  const ist = new Date(Date.now() + minutes * 60_000 + (5 * 60 + 30) * 60_000).toISOString();
  return { date: ist.slice(0, 10), time: ist.slice(11, 16) };
}

/**
 * An assistant and a call it finished with `candidateName`: scheduled ten minutes ahead, then the
 * simulator runs it to its end; resolves once the call's analysis is stored.
 */
export async function finishedCall(page: Page, { assistantName, candidateName }: { assistantName: string; candidateName: string }) {
  const assistantId = await createAssistant(page, assistantName, 'Backend Engineer', ['Rust'], ['Tell me about a service you built']);
  const callId = await placeCall(page, assistantId, candidateName);
  await advanceSimulator(3600);
  await callAnalysed(page, callId);
  return { assistantId, callId };
}

/** Schedules an outbound call by `assistantId` with `candidateName` ten minutes ahead; returns its id. */
export async function placeCall(page: Page, assistantId: string, candidateName: string): Promise<string> {
  const { id } = await api<{ id: string }>(page, 'POST', '/api/Voice/calls', {
    assistantId,
    candidateName,
    phone: '+919876543210',
    ...istIn(10),
  });
  return id;
}

/** Resolves once the analysis of call `callId` is stored (the simulator reported the call's end). */
export async function callAnalysed(page: Page, callId: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async (id) =>
          (await fetch(`/api/Interview/InterviewAnalysis/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } }))
            .status,
        callId,
      ),
    )
    .toBe(200);
}

/** Forgets the browser errors a test provokes on purpose (500 answers and the app's logs of them). */
export function allowProvokedErrors(consoleErrors: string[], patterns: RegExp[]) {
  const kept = consoleErrors.filter((error) => !patterns.some((pattern) => pattern.test(error)));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}
