/**
 * What the specs that move time or call the API directly share: the data directory's files, the
 * server's test clock, the simulator's clock, and the API as the signed-in recruiter.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** A JSON file the server wrote into its data directory (e.g. `vapi-sim.json`). */
export function dataFile<T>(name: string): T {
  const dataDir = process.env.HIRELANE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('HIRELANE_E2E_DATA_DIR is not set');
  return JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as T;
}

/**
 * The in-process simulator's address and key, from the file only its start-up writes into the
 * data directory (never from an endpoint of ours).
 */
export function simulator(): { baseUrl: string; apiKey: string } {
  return dataFile<{ baseUrl: string; apiKey: string }>('vapi-sim.json');
}

/** Sets the server's test clock (`null`: back to the machine's time). */
export async function setServerClock(baseURL: string, at: Date | null): Promise<void> {
  const response = await fetch(`${baseURL}/_test/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ set: (at ?? new Date()).toISOString() }),
  });
  expect(response.status, 'the e2e server must be a test-clock build').toBe(200);
}

/** Moves the simulator's clock; it answers once due transitions ran and webhooks went out. */
export async function advanceSimulator(seconds: number): Promise<void> {
  const sim = simulator();
  const response = await fetch(`${sim.baseUrl}/_sim/clock`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sim.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status).toBe(200);
}

/** Date and time in IST (+05:30) `minutes` from now, as the schedule form takes them. */
export function istIn(minutes: number): { date: string; time: string } {
  const ist = new Date(Date.now() + minutes * 60_000 + (5 * 60 + 30) * 60_000).toISOString();
  return { date: ist.slice(0, 10), time: ist.slice(11, 16) };
}

/** Calls the API as the signed-in recruiter (from the page, with its stored token). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  );
  expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBe(200);
  return result.body as T;
}

/** Books an invite's interview at `slot` as the candidate's page does (no account needed). */
export async function bookInterview(
  baseURL: string,
  booking: { inviteId: string; candidateName: string; jobRole: string; slot: Date; timeZoneName: string; gmtValue: string },
): Promise<void> {
  const response = await fetch(`${baseURL}/api/Interview/ScheduleInterview`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      inviteId: booking.inviteId,
      candidateName: booking.candidateName,
      JobRole: booking.jobRole,
      interviewStartUtc: booking.slot.toISOString(),
      timeZoneName: booking.timeZoneName,
      gmtValue: booking.gmtValue,
    }),
  });
  expect(response.status).toBe(200);
}

export type Jd = { jobDescId: number; jdid: string };

/**
 * A JD created through the API as the recruiter: without resumes (so a CSV fills it) unless
 * `resumeRequired` says otherwise.
 */
export async function createJd(page: Page, jdname: string, { resumeRequired = false } = {}): Promise<Jd> {
  return api<Jd>(page, 'POST', '/api/Drive/CreateJobFolder', {
    jobDescId: 0,
    jdid: '',
    jdname,
    jddescription: '<p>Support our customers.</p>',
    keySkills: 'Empathy, Writing, Zendesk',
    experience: '2+ years',
    additionalNotes: '',
    resumeRequired,
    applyLastDate: null,
    createdOn: new Date().toISOString(),
  });
}

/** Imports candidates into JD `jobDescId` from `csv` (a header line first), as the recruiter. */
export async function importCsv(page: Page, jobDescId: number, csv: string): Promise<void> {
  const status = await page.evaluate(
    async ({ jobDescId, csv }) => {
      const form = new FormData();
      form.append('csvFile', new File([csv], 'candidates.csv', { type: 'text/csv' }));
      const response = await fetch(`/api/Drive/UploadCandidatesCsv?jobDescId=${jobDescId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: form,
      });
      return response.status;
    },
    { jobDescId, csv },
  );
  expect(status, 'CSV import').toBe(200);
}

/** Creates an AI interviewer assistant for `role` asking `questions`; returns its id. */
export async function createAssistant(page: Page, name: string, role: string, topics: string[], questions: string[]): Promise<string> {
  const created = await api<{ id: string }>(page, 'POST', '/api/Voice/assistants', {
    assistantName: name,
    candidateName: 'Candidate',
    role,
    experience: '3 years',
    interviewTime: '15',
    topics,
    questions,
    tools: [],
  });
  return created.id;
}
