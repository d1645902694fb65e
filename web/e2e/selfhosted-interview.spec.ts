import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

import type { Page, WebSocketRoute } from '@playwright/test';

import { ADMIN, SCREENSHOT_DIR, expect, expectAccessible, requestCode, test as base } from './fixtures';
import { api, bookInterview, createAssistant, createJd, importCsv, setServerClock } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';
import { RESULTS_DIR, startServer } from './support/server';
import type { RunningServer } from './support/server';

/**
 * The self-hosted interviewer end to end: a server of this spec's own runs interviews itself
 * (`HIRELANE__VOICE__PROVIDER=selfhosted`, the speech sidecar's models from
 * `scripts/speech-deps.sh`), and Chromium's fake microphone plays spoken answers, synthesized
 * at the start by the sidecar's own voice. The candidate consents, joins, loses the connection
 * once, leaves the tab during the first question and is interviewed in real time; the recruiter
 * then reads the transcript, the heuristic evidence and the conduct log.
 *
 * Without the speech models the server refuses to start and this spec fails with its words.
 */

/** What the candidate says, over and over (Chromium loops the file), with pauses between. */
const ANSWERS = [
  'Yes, I am ready.',
  'I build Python services on AWS and deploy them with Docker.',
  'I find slow queries with the query plan and add the missing index.',
];
/** Words the speech model must hear in the candidate's turns (some answer is heard in each). */
const HEARD_WORDS = /\b(ready|python|services|aws|docker|queries|query|index)\b/i;
const PAUSE_SECONDS = 5;

// Asked exactly as written: a question keeps its own punctuation (nothing appends a "?").
const QUESTIONS = ['Tell me about the Python services you build.', 'How do you run them on AWS and ship them with Docker?'];

type Worker = { fakeMicrophone: string; selfHosted: RunningServer };

/** The speech sidecar's interpreter and voice, as scripts/speech-deps.sh records them. */
function speechEnv(): { python: string; voice: string } {
  const file = join(homedir(), '.cache', 'hirelane', 'speech.env');
  const recorded = existsSync(file)
    ? Object.fromEntries(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => /^\w+=/.test(line))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      )
    : {};
  const python = process.env.SPEECH_PYTHON ?? recorded.SPEECH_PYTHON;
  const voice = process.env.SPEECH_TTS_VOICE ?? recorded.SPEECH_TTS_VOICE;
  if (!python || !voice) throw new Error(`No speech models: ${file} is missing; install them with scripts/speech-deps.sh.`);
  return { python, voice };
}

const test = base.extend<object, Worker>({
  // The answers as a WAV, made before the browser starts (it reads the file at launch), and
  // after the server: without the speech models the server fails first, in its own words.
  fakeMicrophone: [
    async ({ selfHosted: _started }, use) => {
      const { python, voice } = speechEnv();
      const wav = join(RESULTS_DIR, 'selfhosted-answers.wav');
      execFileSync(python, [join(import.meta.dirname, 'support', 'speak.py'), voice, wav, String(PAUSE_SECONDS), ...ANSWERS], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      await use(wav);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  launchOptions: [
    async ({ launchOptions, fakeMicrophone }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${fakeMicrophone}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
  // A server of this spec's own: the run's shared one stays on the simulator.
  selfHosted: [
    // Playwright reads fixture dependencies from the destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({
        env: { HIRELANE__VOICE__PROVIDER: 'selfhosted' },
        logName: 'hirelane-selfhosted-server.log',
        // The speech sidecar loads and checks its models before the server answers.
        startTimeoutMs: 180_000,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ selfHosted }, use) => {
    await use(selfHosted.baseUrl);
  },
});

/** Signs the recruiter in on this spec's server. */
async function signIn(page: Page, dataDir: string) {
  await page.goto('/login');
  const code = await requestCode(page, ADMIN.email, dataDir);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('user-initials')).toHaveText('AU');
}

/**
 * Hides or shows the page's tab as the browser would: headless Chromium never hides a tab by
 * itself, so the document's visibility is overridden and its `visibilitychange` dispatched.
 */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hide ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

type Turn = { speaker: 'interviewer' | 'candidate'; text: string; startSeconds: number | null };
type Question = { number: number; question: string; asked: boolean; score: number | null; justification: string | null };

test('a self-hosted interview: consent, a fake microphone answers, the recruiter reads the transcript and the heuristic evidence', async ({
  page,
  browser,
  baseURL,
  selfHosted,
}) => {
  // The interview runs in real time: speech synthesized, played, answered and transcribed.
  test.setTimeout(360_000);
  const stamp = Date.now() % 100_000;
  const email = `sam.${stamp}@example.com`;
  await signIn(page, selfHosted.dataDir);

  // A CSV JD with one candidate, an assistant with two questions, an invite and a booking.
  const jd = await createJd(page, `Platform Engineer ${stamp}`);
  await importCsv(page, jd.jobDescId, `Name,Email,Phone\nSam Voice,${email},9811223344\n`);
  const [row] = await api<Array<{ resumeId: number }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  const assistant = await createAssistant(page, `Self-hosted ${stamp}`, 'Platform Engineer', ['Python', 'AWS', 'Docker'], QUESTIONS);
  const outbox = snapshotOutbox(selfHosted.dataDir);
  await api(page, 'POST', '/api/Interview/SendInvites', { jobDescId: jd.jobDescId, assistantId: assistant, resumeIds: [row!.resumeId] });
  const invitation = await waitForMail({ email, subject: 'Interview invitation', before: outbox, dataDir: selfHosted.dataDir });
  const inviteId = /\/nextstep\?inviteId=([\w-]+)/.exec(invitation.find((p) => p.type.startsWith('text/plain'))!.text)![1]!;
  const slot = new Date(`${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`);
  await bookInterview(baseURL!, {
    inviteId,
    candidateName: 'Sam Voice',
    jobRole: `Platform Engineer ${stamp}`,
    slot,
    timeZoneName: 'UTC',
    gmtValue: 'GMT+00:00',
  });

  // Four minutes before the start, the candidate opens the join page (no account).
  await setServerClock(baseURL!, new Date(slot.getTime() - 4 * 60_000));
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const candidate = await context.newPage();
  // The interview's sockets pass through the test, which drops one as a network would.
  const sockets: WebSocketRoute[] = [];
  await candidate.routeWebSocket(/\/api\/Interview\/Voice\//, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  const started = Date.now();
  try {
    await candidate.goto(`/interview/join/${inviteId}`);
    await candidate.getByRole('checkbox', { name: /recorded and analysed/ }).check();
    await candidate.getByTestId('join-call-button').click();

    // Before the microphone opens: what the interview is, and the consent it needs.
    const consent = candidate.getByTestId('automated-consent');
    await expect(consent.getByRole('heading', { name: 'An automated interview' })).toBeVisible();
    await expect(consent).toContainText('not a person');
    await expect(consent).toContainText('The interview is recorded');
    const start = candidate.getByRole('button', { name: 'Start interview' });
    await expect(start).toBeDisabled();
    await consent.getByRole('button', { name: 'Test microphone' }).click();
    await expect(consent.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    // The fake microphone speaks: the meter moves.
    await expect.poll(() => consent.getByRole('meter').getAttribute('aria-valuenow'), { timeout: 15_000 }).not.toBe('0');
    await expectAccessible(candidate);
    await candidate.screenshot({ path: `${SCREENSHOT_DIR}selfhosted-consent.png`, fullPage: true });
    await consent.getByRole('checkbox', { name: /automated and recorded/ }).check();
    await start.click();

    // The interview: the greeting, each question with its caption and place, whose turn it is.
    await expect(candidate.getByTestId('call-status')).toHaveText('Interview in progress', { timeout: 20_000 });
    await expect(candidate.getByTestId('interview-caption')).toContainText('Hello Sam Voice', { timeout: 30_000 });
    await expect(candidate.getByTestId('interview-progress')).toHaveText('Introduction');
    await expect(candidate.getByTestId('turn-state')).toHaveText(/Listening…/, { timeout: 60_000 });
    await expect(candidate.getByRole('button', { name: 'I’m done' })).toBeVisible();
    await expectAccessible(candidate);
    await candidate.screenshot({ path: `${SCREENSHOT_DIR}selfhosted-listening.png`, fullPage: true });

    // The connection drops: the page reconnects with a fresh token and the interview goes on at
    // the step it was on. The fake microphone never stops, so the greeting's answer may end (and
    // the first question begin) before the drop reaches the server: either step is right.
    expect(sockets).toHaveLength(1);
    await sockets[0]!.close({ code: 4000, reason: 'the test drops the connection' });
    await expect(candidate.getByTestId('call-status')).toHaveText('Reconnecting…');
    await expect(candidate.getByTestId('call-status')).toHaveText('Interview in progress', { timeout: 20_000 });
    expect(sockets).toHaveLength(2);
    await expect(candidate.getByTestId('interview-progress')).toHaveText(new RegExp(`^(Introduction|Question 1 of ${QUESTIONS.length})$`));
    await expect(candidate.getByTestId('turn-state')).toHaveText(/Listening…/, { timeout: 60_000 });
    for (const [i, question] of QUESTIONS.entries()) {
      await expect(candidate.getByTestId('interview-caption')).toHaveText(question, { timeout: 90_000 });
      await expect(candidate.getByTestId('interview-progress')).toHaveText(`Question ${i + 1} of ${QUESTIONS.length}`);
      if (i === 0) {
        // The candidate leaves the tab while the first question is asked, and comes back to answer.
        await setTabHidden(candidate, true);
        await expect(candidate.getByTestId('turn-state')).toHaveText(/Listening…/, { timeout: 60_000 });
        await setTabHidden(candidate, false);
      }
    }
    await expect(candidate.getByTestId('interview-progress')).toHaveText('Closing', { timeout: 90_000 });
    await expect(candidate).toHaveURL(/\/thank-you$/, { timeout: 60_000 });
    await expect(candidate.getByText('Thank you for completing your interview.')).toBeVisible();
  } finally {
    console.log(`self-hosted interview: ${((Date.now() - started) / 1000).toFixed(1)} s from join to thank-you`);
    await context.close();
  }

  // Back to real time: the recruiter opens the interview's analysis from the candidate list.
  await setServerClock(baseURL!, null);
  await page.goto(`/candidate-details/${jd.jdid}`);
  const candidateRow = page.getByTestId('candidate-row').first();
  await expect(candidateRow.getByTestId('invite-status')).toHaveText('Completed', { timeout: 30_000 });
  await candidateRow.getByRole('link').first().click();
  const section = page.getByRole('region', { name: 'Interview Analysis' });
  await expect(section).toBeVisible();
  const callId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const analysis = await api<{ turns: Turn[]; questions: Question[] }>(
    page,
    'GET',
    `/api/Interview/InterviewAnalysis/${encodeURIComponent(callId)}`,
  );
  console.log(`transcript:\n${analysis.turns.map((t) => `  ${t.speaker} @${t.startSeconds ?? '-'}: ${t.text}`).join('\n')}`);

  // The transcript: the interviewer's questions and the candidate's answers, as heard.
  const turns = section.getByTestId('turn');
  await expect(turns).toHaveCount(analysis.turns.length);
  await expect(turns.first()).toContainText('Hello Sam Voice');
  for (const question of QUESTIONS) await expect(turns.filter({ hasText: question })).toHaveCount(1);
  const answers = analysis.turns.filter((t) => t.speaker === 'candidate');
  expect(answers.length, 'the candidate was heard').toBeGreaterThanOrEqual(1);
  expect(
    answers.some((t) => HEARD_WORDS.test(t.text)),
    answers.map((t) => t.text).join(' | '),
  ).toBe(true);
  // Chromium loops the file, so the same answer may be heard more than once: the page shows each time.
  const sameAnswer = analysis.turns.filter((t) => t.text.includes(answers[0]!.text)).length;
  await expect(turns.filter({ hasText: answers[0]!.text })).toHaveCount(sameAnswer);

  // The evidence: each question asked, with its score labelled as a heuristic, and the verdict
  // left to a person.
  const questions = section.getByTestId('question');
  await expect(questions).toHaveCount(QUESTIONS.length);
  for (const [i, question] of QUESTIONS.entries()) {
    await expect(questions.nth(i)).toContainText(question);
    await expect(questions.nth(i).getByTestId('question-score')).toHaveText(/^[1-5]\/5$/);
    await expect(questions.nth(i).getByTestId('heuristic-label')).toHaveText('Heuristic');
    await expect(questions.nth(i)).toContainText('Heuristic score (no language model)');
  }
  // The conduct log beside the transcript: the tab left once during question 1, the dropped
  // connection, and when each answer began; said plainly, with no verdict.
  const conduct = section.getByTestId('conduct-log');
  await expect(conduct.getByTestId('conduct-summary')).toContainText(/Left the tab 1 time, [\d.]+ s in total, during question 1\./);
  await expect(conduct.getByTestId('conduct-summary')).toContainText('The connection dropped 1 time');
  await expect(conduct.getByTestId('conduct-summary')).toContainText('Answers began');
  const left = conduct.getByTestId('conduct-event').filter({ hasText: 'Left the interview tab' });
  await expect(left).toHaveCount(1);
  await expect(left).toContainText('Question 1');
  await expect(conduct.locator('[data-kind="answerDelay"]')).not.toHaveCount(0);
  await expect(page.getByTestId('interview-status-badge')).toHaveText('Needs Review');
  await expect(section.getByTestId('heuristic-note')).toContainText('Scored without a language model.');
  expect(analysis.questions.every((q) => q.asked)).toBe(true);
  // The page scrolls inside the app's shell: a tall window shows all of it.
  await page.setViewportSize({ width: 1280, height: 4000 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}selfhosted-analysis.png` });
  await expectAccessible(page);
});
