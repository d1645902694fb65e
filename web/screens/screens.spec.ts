/**
 * Screenshots of the main pages for the README (`npm run screens`, never part of `npm run e2e`).
 * The real server starts empty (e2e/global-setup.ts); everything shown is seeded here through
 * the real API: the demo's three JDs with their PDF and DOCX resumes analysed by the server,
 * invites, a booking and stage moves for the board, and interview calls the simulator runs to
 * their end. The pictures go to docs/screens/ at 1280×800 and 390×844 (viewport only, PNG).
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

import type { Browser, Locator, Page } from '@playwright/test';

import { expect, requestCode, test } from '../e2e/fixtures';
import { advanceSimulator, api, createAssistant } from '../e2e/support/control';
import { snapshotOutbox, waitForMail } from '../e2e/support/outbox';
import { callAnalysed, placeCall } from '../e2e/support/recruiter';
import type { Jd } from '../e2e/support/recruiter';

const REPO = join(import.meta.dirname, '..', '..');
const DEMO = join(REPO, 'demo');
const SCREENS_DIR = join(REPO, 'docs', 'screens');

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
/** Recruiter and candidate both in India, so the pictures do not depend on the machine's zone. */
const ZONE = 'Asia/Kolkata';

test.use({ timezoneId: ZONE, locale: 'en-US' });

type DemoJob = {
  key: string;
  jdname: string;
  jddescription: string;
  keySkills: string;
  experience: string;
  additionalNotes: string;
  resumeRequired: boolean;
};
type Resume = {
  resumeId: number;
  candidateName: string;
  candidateEmail: string;
  analysisStatus: string;
  recommendation: 'Pass' | 'Fail' | null;
  atsScore: number | null;
  stage: string;
};

/** Per demo JD: the interviewer the recruiter set up for it. */
const INTERVIEWERS: Record<string, { name: string; role: string; topics: string[]; questions: string[] }> = {
  backend: {
    name: 'Backend screen',
    role: 'Senior Backend Engineer',
    topics: ['Python', 'PostgreSQL', 'Kafka'],
    questions: ['Tell me about a payments service you ran', 'How do you find the cause of a slow PostgreSQL query'],
  },
  frontend: {
    name: 'Frontend screen',
    role: 'Frontend Developer',
    topics: ['React', 'TypeScript', 'Accessibility'],
    questions: ['How do you keep a large React app fast', 'How do you test a component that fetches data'],
  },
  data: {
    name: 'Analyst screen',
    role: 'Data Analyst',
    topics: ['SQL', 'Tableau'],
    questions: ['Walk me through a dashboard that changed a decision', 'How do you check a metric you did not build'],
  },
};

/**
 * Every page shot at both sizes, under the name its files get; `scrollTo` brings the part worth
 * showing to the top left when the page's top is not it.
 */
type Shot = { name: string; path: string; ready: (page: Page) => Promise<void>; scrollTo?: (page: Page) => Locator };

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

async function signIn(page: Page) {
  await page.goto('/login');
  const code = await requestCode(page);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('user-initials')).toHaveText('AU');
}

/** Uploads one resume file to JD `jdid` through the API, as the recruiter's upload does. */
async function uploadResume(page: Page, jdid: string, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const name = basename(path);
  const mimeType = name.endsWith('.pdf') ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const response = await page.request.post(`/api/Drive/UploadResume?jdId=${encodeURIComponent(jdid)}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { resumeFile: { name, mimeType, buffer: readFileSync(path) } },
  });
  expect(response.status(), `upload of ${name}: ${await response.text()}`).toBe(200);
}

/** The JD's candidates once the server has analysed every resume. */
async function analysed(page: Page, jd: Jd): Promise<Resume[]> {
  const list = () => api<Resume[]>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  await expect
    .poll(async () => (await list()).filter((row) => row.analysisStatus === 'queued' || row.analysisStatus === 'analysing').length, {
      timeout: 180_000,
    })
    .toBe(0);
  return list();
}

/** A demo JD with all its resumes, analysed. */
async function seedJob(page: Page, job: DemoJob): Promise<{ jd: Jd; resumes: Resume[] }> {
  const { key, ...fields } = job;
  const jd = await api<Jd>(page, 'POST', '/api/Drive/CreateJobFolder', {
    ...fields,
    jobDescId: 0,
    jdid: '',
    applyLastDate: null,
    createdOn: new Date().toISOString(),
  });
  const dir = join(DEMO, 'resumes', key);
  for (const file of readdirSync(dir).sort()) await uploadResume(page, jd.jdid, join(dir, file));
  return { jd, resumes: await analysed(page, jd) };
}

/** Moves candidates through the board's stages as a recruiter would. */
async function move(page: Page, candidates: Resume[], from: string, stage: string, reason?: string) {
  await api(page, 'POST', '/api/Pipeline/Move', {
    candidates: candidates.map(({ resumeId }) => ({ resumeId, fromStage: from })),
    stage,
    reason: reason ?? null,
    email: null,
  });
}

/** `YYYY-MM-DD` of an instant in a zone. */
function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Writes the page as it is now at both sizes, `<name>-desktop.png` and `<name>-phone.png`. */
async function shoot(page: Page, { name, path, ready, scrollTo }: Shot) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await ready(page);
    await scrollTo?.(page).evaluate((element) => element.scrollIntoView({ block: 'start', inline: 'start' }));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SCREENS_DIR, `${name}-${size}.png`), animations: 'disabled', caret: 'hide' });
  }
}

/** A page with no session, as a candidate or a signed-out recruiter sees the app. */
async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: ZONE, locale: 'en-US', storageState: undefined });
  return context.newPage();
}

test('screenshots of the main pages at 1280×800 and 390×844', async ({ page, browser, baseURL }) => {
  test.setTimeout(15 * 60_000);
  mkdirSync(SCREENS_DIR, { recursive: true });

  const visitor = await visitorPage(browser, baseURL!);
  await shoot(visitor, { name: 'login', path: '/login', ready: heading('Sign in to Hirelane') });

  await signIn(page);
  const jobs = JSON.parse(readFileSync(join(DEMO, 'jobs.json'), 'utf8')) as DemoJob[];
  const seeded = [];
  for (const job of jobs) seeded.push({ job, ...(await seedJob(page, job)) });
  const [backend] = seeded;
  if (!backend) throw new Error('demo/jobs.json has no JDs');

  // Each JD's interviewer, and two phone screens per JD that the simulator runs to their end.
  const calls: string[] = [];
  const assistants = new Map<string, string>();
  for (const { job, resumes } of seeded) {
    const interviewer = INTERVIEWERS[job.key]!;
    const assistantId = await createAssistant(page, interviewer.name, interviewer.role, interviewer.topics, interviewer.questions);
    assistants.set(job.key, assistantId);
    for (const resume of resumes.filter((row) => row.recommendation === 'Pass').slice(0, 2)) {
      calls.push(await placeCall(page, assistantId, resume.candidateName));
    }
  }
  await advanceSimulator(3600);
  for (const callId of calls) await callAnalysed(page, callId);

  // The backend JD's board: Pass candidates invited (one booked), a shortlist and an offer, a rejection.
  const passed = backend.resumes.filter((row) => row.recommendation === 'Pass');
  const failed = backend.resumes.filter((row) => row.recommendation === 'Fail');
  const [booked, picking, shortlisted, offered] = passed;
  if (!booked || !picking || !shortlisted || !offered) throw new Error(`the demo's backend JD has ${passed.length} Pass resumes, 4 needed`);
  await move(page, [shortlisted, offered], 'screened', 'shortlisted');
  await move(page, [offered], 'shortlisted', 'offer');
  await move(page, failed.slice(0, 1), 'screened', 'rejected', 'Not enough backend experience');
  const outbox = snapshotOutbox();
  await api(page, 'POST', '/api/Interview/SendInvites', {
    jobDescId: backend.jd.jobDescId,
    assistantId: assistants.get('backend'),
    resumeIds: [booked.resumeId, picking.resumeId],
  });
  const inviteIdOf = async ({ candidateEmail }: Resume) => {
    const mail = await waitForMail({ email: candidateEmail, subject: 'Interview invitation', before: outbox });
    return /\/nextstep\?inviteId=([\w-]+)/.exec(mail.find((part) => part.type.startsWith('text/plain'))!.text)![1]!;
  };
  // 10:00 in Kolkata the day after tomorrow: a slot that is always open.
  const day = dateIn(new Date(Date.now() + 2 * 86_400_000), ZONE);
  const slot = new Date(`${day}T10:00:00+05:30`);
  const bookedInvite = await inviteIdOf(booked);
  await api(page, 'POST', '/api/Interview/ScheduleInterview', {
    inviteId: bookedInvite,
    candidateName: booked.candidateName,
    JobRole: backend.job.jdname,
    interviewStartUtc: slot.toISOString(),
    timeZoneName: ZONE,
    gmtValue: 'GMT+05:30',
  });
  const pickingInvite = await inviteIdOf(picking);

  const { jdid } = backend.jd;
  const best = [...backend.resumes].sort((a, b) => (b.atsScore ?? 0) - (a.atsScore ?? 0))[0]!;
  const shots: Shot[] = [
    { name: 'dashboard', path: '/', ready: heading('Welcome to Hirelane') },
    { name: 'jd-folders', path: '/folders', ready: heading('JD Folders') },
    { name: 'jd-detail', path: `/jd/${jdid}`, ready: heading(backend.job.jdname) },
    {
      name: 'jd-candidates',
      path: `/candidate-details/${jdid}`,
      ready: async (page) => {
        await expect(page.getByTestId('analysis-count')).toContainText(`${backend.resumes.length} / ${backend.resumes.length} analysed`);
      },
      // The list itself, below the analysis progress and the score chart.
      scrollTo: (page) => page.getByText('Filter candidates'),
    },
    {
      name: 'board',
      path: `/jd/${jdid}/board`,
      ready: async (page) => {
        await heading(backend.job.jdname)(page);
        await expect(page.getByTestId('board-card').first()).toBeVisible();
      },
      // From Screened on: every resume is analysed, so New is empty.
      scrollTo: (page) => page.getByTestId('board-column').nth(1),
    },
    { name: 'candidate-analysis', path: `/candidate/analysis/${best.resumeId}/0`, ready: heading(best.candidateName) },
    {
      name: 'call-history',
      path: '/interview/history',
      // A table on a desktop, cards on a phone.
      ready: async (page) => {
        await expect(page.getByTestId(/^call-history-(table|cards)$/).filter({ visible: true })).toBeVisible();
      },
    },
    { name: 'assistants', path: '/interview/assistants', ready: heading('AI Assistants') },
  ];
  for (const shot of shots) await shoot(page, shot);

  const slotParams = new URLSearchParams({ inviteId: pickingInvite, tz: ZONE, date: day, time: slot.toISOString() });
  await shoot(visitor, {
    name: 'slot-picker',
    path: `/nextstep?${slotParams}`,
    ready: async (page) => {
      await expect(page.getByTestId('slot-summary')).toContainText('GMT+05:30');
    },
  });
  await visitor.context().close();
});
