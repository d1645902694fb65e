import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from '@playwright/test';

import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { advanceSimulator, api, createAssistant, importCsv, setServerClock } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';

/**
 * The candidate interview flow end to end: the recruiter invites, the candidate books a slot in
 * another zone from the e-mailed link, shares the next-step details, joins in the window, talks
 * to the simulated interviewer, and the recruiter sees the outcome.
 *
 * Time: the server runs on its test clock (`POST /_test/clock`, test builds only) and the
 * candidate's browser on Playwright's clock, moved together; the simulator has its own clock.
 * Recruiter pages are only used while the server clock is real (a session refreshed in the
 * future would rotate the shared signed-in state), and every test puts the clock back.
 */

test.use({ storageState: STORAGE_STATE });

const DEMO = join(import.meta.dirname, '..', '..', 'demo');
/** The demo's backend JD and its strongest resume (an ATS Pass). */
const BACKEND = (JSON.parse(readFileSync(join(DEMO, 'jobs.json'), 'utf8')) as Array<Record<string, unknown>>)[0]!;
const STRONG_RESUME = join(DEMO, 'resumes', 'backend', '01-aditi.pdf');

const SCRIPTED_QUESTIONS = [
  'Tell me about a payments service you ran',
  'How do you find the cause of a slow PostgreSQL query',
  'How do you make a Kafka consumer safe to retry',
];

/** `YYYY-MM-DD` of an instant in a zone. */
function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The calendar button's name for a date (`Thursday, November 26, 2026`). */
function dayButton(date: string): RegExp {
  const label = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
  return new RegExp(`^${label}( \\(today\\))?$`);
}

/** Tomorrow 10:00 in `zone` (as an instant): always in the future and on the 15-minute grid. */
function tomorrowAtTen(zone: string, offset: string): Date {
  const date = dateIn(new Date(Date.now() + 36 * 3600_000), zone);
  return new Date(`${date}T10:00:00${offset}`);
}

/** Books `slot` on the invite page in `zone` through the zone search, calendar and time select. */
async function pickSlot(page: Page, zone: { search: string; name: string }, slot: Date) {
  await page.getByTestId('timezone-trigger').click();
  await page.getByRole('combobox', { name: 'Search timezone' }).fill(zone.search);
  await page.locator(`[data-zone="${zone.name}"]`).click();
  await expect(page.getByTestId('timezone-trigger')).toHaveAttribute('data-value', zone.name);
  const date = dateIn(slot, zone.name);
  const day = page.getByRole('button', { name: dayButton(date) });
  for (let i = 0; i < 2 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await page.getByTestId('slot-time').selectOption(slot.toISOString());
  await page.getByRole('checkbox', { name: 'I consent to my information being used for scheduling this interview.' }).check();
}

async function candidatePage(browser: Browser, baseURL: string, timezoneId: string): Promise<Page> {
  // No storage state: the candidate has no account.
  const context = await browser.newContext({ baseURL, timezoneId, storageState: undefined });
  return context.newPage();
}

test.describe('candidate interview flow', () => {
  test.afterEach(async ({ baseURL }) => {
    await setServerClock(baseURL!, null);
  });

  test('invite a Pass candidate, book in another zone, share details, join, finish, recruiter sees the outcome', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now() % 100000;
    await page.goto('/');
    const before = await api<Array<Record<string, number>>>(page, 'GET', '/api/Interview/Dashboard');

    // A JD with a strong resume, analysed to Pass; an assistant to run the interview.
    const jd = await api<{ jobDescId: number; jdid: string }>(page, 'POST', '/api/Drive/CreateJobFolder', {
      ...BACKEND,
      jdname: `Backend Engineer ${stamp}`,
      jobDescId: 0,
      jdid: '',
      applyLastDate: null,
      createdOn: new Date().toISOString(),
    });
    const assistantName = `Interviewer ${stamp}`;
    await createAssistant(page, assistantName, 'Backend Engineer', ['Python', 'PostgreSQL', 'AWS', 'Kafka'], SCRIPTED_QUESTIONS);
    await page.goto(`/jd/${jd.jdid}`);
    await page.getByTestId('upload-input').setInputFiles(STRONG_RESUME);
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${jd.jdid}$`));
    await expect(page.getByTestId('analysis-count')).toContainText('1 / 1 analysed', { timeout: 30_000 });
    const row = page.getByTestId('candidate-row').first();
    // The ATS's Pass, in the words the candidate page uses.
    await expect(row.getByTestId('recommendation')).toHaveText('Selected');
    const [resume] = await api<Array<{ candidateName: string; candidateEmail: string }>>(
      page,
      'GET',
      `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`,
    );
    const candidateName = resume!.candidateName;
    const firstName = candidateName.split(' ')[0]!;
    const resumeEmail = resume!.candidateEmail;

    // The recruiter invites every Pass candidate with that assistant.
    const outbox = snapshotOutbox();
    await page.getByRole('button', { name: 'Invite all Pass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite all Pass candidates' });
    await dialog.getByLabel('AI assistant').selectOption({ label: assistantName });
    await dialog.getByRole('button', { name: 'Send invites' }).click();
    await expect(page.getByTestId('invite-result-summary')).toContainText('Invites sent: 1');
    await expect(row.getByTestId('invite-status')).toHaveText('Invited');

    // The candidate opens the link from the e-mail, in a browser set to New York.
    const invitation = await waitForMail({ email: resumeEmail, subject: 'Interview invitation', before: outbox });
    const text = invitation.find((p) => p.type.startsWith('text/plain'))!.text;
    const link = /https?:\/\/\S+\/nextstep\?inviteId=[\w-]+/.exec(text)![0];
    const inviteId = new URL(link).searchParams.get('inviteId')!;
    const candidate = await candidatePage(browser, baseURL!, 'America/New_York');
    await candidate.goto(new URL(link).pathname + new URL(link).search);
    await expect(candidate.getByTestId('invite-view-slot-picker')).toHaveAttribute('data-mode', 'schedule');
    await expect(candidate.getByRole('heading', { level: 1 })).toContainText(firstName);
    await expect(candidate.getByTestId('timezone-trigger')).toHaveAttribute('data-value', 'America/New_York');

    // The time select wants a date first.
    await candidate.getByTestId('slot-time').click({ force: true });
    await expect(candidate.getByText('Please select a date first')).toBeVisible();

    // Books tomorrow 10:00 in Kolkata (not the browser's zone).
    const slot = tomorrowAtTen('Asia/Kolkata', '+05:30');
    const booked = snapshotOutbox();
    await pickSlot(candidate, { search: 'Kolkata', name: 'Asia/Kolkata' }, slot);
    await expect(candidate.getByTestId('slot-summary')).toContainText('GMT+05:30');
    await expect(candidate.getByText('This time will be saved in UTC in the database.')).toBeVisible();
    await expectAccessible(candidate);
    await candidate.getByRole('button', { name: 'Schedule Interview' }).click();
    await expect(candidate.getByTestId('invite-view-scheduled')).toHaveAttribute('data-phase', 'before');
    await expect(candidate.getByTestId('countdown')).toBeVisible();

    // The confirmation e-mail carries the calendar invitation, in the candidate's zone.
    const confirmation = await waitForMail({ email: resumeEmail, subject: 'Interview scheduled', before: booked });
    const ics = confirmation.find((p) => p.type.startsWith('text/calendar'));
    expect(ics?.text).toContain('METHOD:REQUEST');
    const utc = slot
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics?.text).toContain(`DTSTART:${utc}`);
    expect(confirmation.find((p) => p.type.startsWith('text/plain'))!.text).toContain('10:00 AM (Asia/Kolkata, GMT+05:30)');

    // Next-step details, then the scheduled confirmation page.
    await candidate.getByTestId('share-details-link').click();
    await expect(candidate).toHaveURL(/\/interview\/candidate-details\?inviteId=/);
    await expect(candidate.locator('#totalExp')).toBeVisible();
    await expectAccessible(candidate);
    await candidate.locator('#totalExp').fill('6');
    await candidate.locator('#relevantExp').fill('4.5');
    await candidate.locator('#organization').fill('Acme Payments');
    await candidate.locator('#currentCTC').fill('18');
    await candidate.locator('#expectedCTC').fill('24');
    await candidate.locator('#noticePeriod').fill('30');
    await expect(candidate.locator('#reasonForLeaving')).toBeVisible();
    await candidate.locator('#reasonForLeaving').fill('Looking for a larger platform team');
    await candidate.locator('#lastWorkingDate').fill('2026-12-31');
    await candidate.locator('#currentLocation').fill('Pune');
    await candidate.locator('#hometown').fill('Nagpur');
    await candidate.locator('#faridabadOffice-Yes').check();
    await candidate.locator('#relocateDays').fill('15');
    await candidate.locator('#skills').fill('Python, PostgreSQL, Kafka');
    await candidate.getByRole('button', { name: 'Submit Details' }).click();
    await expect(candidate).toHaveURL(/\/ScheduleInterview\?inviteId=/);
    await expect(candidate.getByRole('heading', { level: 1 })).toHaveText(`Thank you, ${candidateName}!`);
    await expect(candidate.getByText('You may now close this page.')).toBeVisible();
    await expectAccessible(candidate);

    // Four minutes before the start: the server and the browser both jump there.
    const joinAt = new Date(slot.getTime() - 4 * 60_000);
    await setServerClock(baseURL!, joinAt);
    await candidate.clock.install({ time: joinAt });
    await candidate.goto(`/nextstep?inviteId=${inviteId}`);
    await expect(candidate.getByTestId('invite-view-scheduled')).toHaveAttribute('data-phase', 'joinable');
    await expectAccessible(candidate);
    await candidate.getByTestId('join-button').click();
    const confirm = candidate.getByRole('dialog', { name: 'Confirm Join' });
    await expect(confirm.getByText('Are you sure you want to join now?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(candidate.getByTestId('redirect-countdown')).toContainText('Redirecting to meeting link');
    await candidate.clock.runFor(11_000);
    await expect(candidate).toHaveURL(new RegExp(`/interview/join/${inviteId}$`));

    // The join page: consent, join, the simulated interviewer takes the call.
    await expect(candidate.getByTestId('join-page')).toBeVisible();
    await expectAccessible(candidate);
    await candidate.getByRole('checkbox', { name: /recorded and analysed/ }).check();
    await candidate.getByTestId('join-call-button').click();
    await expect(candidate.getByTestId('call-status')).toHaveAttribute('data-state', 'in-progress', { timeout: 20_000 });

    // The simulator runs the conversation to its end and reports it to the server.
    await advanceSimulator(3600);
    await candidate.clock.runFor(5_000);
    await expect(candidate).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
    await expect(candidate.getByText('Thank you for completing your interview.')).toBeVisible();
    await expectAccessible(candidate);
    await candidate.goto(`/nextstep?inviteId=${inviteId}`);
    await expect(candidate.getByText('We appreciate your time and will share the results soon.')).toBeVisible();
    await expectAccessible(candidate);
    await candidate.context().close();

    // Back to real time: the recruiter sees the interview and the next-step answers.
    await setServerClock(baseURL!, null);
    await page.goto(`/candidate-details/${jd.jdid}`);
    await expect(row.getByTestId('invite-status')).toHaveText('Completed');
    await row.getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Interview Analysis' })).toBeVisible();
    await expect(page.getByTestId('interview-status-badge')).toHaveText(/Pass|Fail|Needs Review/);
    await expect(page.getByRole('meter', { name: 'Technical', exact: true })).toBeVisible();
    await expect(page.getByText('Interview Recording')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next Step Details' })).toContainText('Acme Payments');

    // The evidence: every scripted question with its score, the conversation as timed turns, and
    // a click on a turn moves the recording to it.
    const section = page.getByRole('region', { name: 'Interview Analysis' });
    const questions = section.getByTestId('question');
    await expect(questions).toHaveCount(SCRIPTED_QUESTIONS.length);
    for (let i = 0; i < SCRIPTED_QUESTIONS.length; i++) {
      await expect(questions.nth(i)).toContainText(SCRIPTED_QUESTIONS[i]!);
      await expect(questions.nth(i).getByTestId('question-score')).toHaveText(/^[1-5]\/5$/);
    }
    await expect(section.getByTestId('verdict')).toContainText(
      `${SCRIPTED_QUESTIONS.length} of ${SCRIPTED_QUESTIONS.length} questions asked`,
    );
    const callId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const evidence = await api<{ turns: Array<{ speaker: string; text: string; startSeconds: number | null }> }>(
      page,
      'GET',
      `/api/Interview/InterviewAnalysis/${encodeURIComponent(callId)}`,
    );
    const turns = section.getByTestId('turn');
    await expect(turns).toHaveCount(evidence.turns.length);
    await expect(turns.first()).toContainText(`Hello ${candidateName}`);
    const audio = section.getByTestId('recording-audio');
    await audio.evaluate(
      (element: HTMLAudioElement) =>
        element.readyState >= 1 || new Promise((loaded) => element.addEventListener('loadedmetadata', loaded, { once: true })),
    );
    const target = evidence.turns.length - 2;
    const start = evidence.turns[target]!.startSeconds!;
    expect(start).toBeGreaterThan(10);
    await turns.nth(target).getByRole('button').click();
    await expect(turns.nth(target)).toHaveAttribute('aria-current', 'true');
    const position = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    expect(position).toBeGreaterThanOrEqual(start - 0.01);
    expect(position).toBeLessThan(start + 2);

    // The dashboard counts it.
    const after = await api<Array<Record<string, number>>>(page, 'GET', '/api/Interview/Dashboard');
    expect(after[0]!.TotalInviteSent).toBe(before[0]!.TotalInviteSent! + 1);
    expect(after[0]!.MeetingsScheduled).toBe(before[0]!.MeetingsScheduled! + 1);
    expect(after[0]!.BotJoined).toBe(before[0]!.BotJoined! + 1);
    await page.goto('/');
    await expect(page.getByTestId('dashboard-invites-sent')).toHaveText(String(after[0]!.TotalInviteSent));
    await expect(page.getByTestId('dashboard-bot-joined')).toHaveText(String(after[0]!.BotJoined));
  });

  test('reschedule moves the booking and its calendar event; after the apply-last date the window is closed', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now() % 100000;
    await page.goto('/');
    // Applications close the day after tomorrow (UTC is the server's configured zone).
    const lastDate = dateIn(new Date(Date.now() + 2 * 86_400_000), 'UTC');
    const title = `Data Analyst ${stamp}`;
    const jd = await api<{ jobDescId: number; jdid: string }>(page, 'POST', '/api/Drive/CreateJobFolder', {
      jobDescId: 0,
      jdid: '',
      jdname: title,
      jddescription: '<p>Dashboards and SQL.</p>',
      keySkills: 'SQL, Excel, Tableau',
      experience: '2+ years',
      additionalNotes: '',
      resumeRequired: false,
      applyLastDate: lastDate,
      createdOn: new Date().toISOString(),
    });
    const csv = `Name,Email,Phone\nMaya Moves ${stamp},maya.${stamp}@example.com,9811223344\nLeo Late ${stamp},leo.${stamp}@example.com,9811223355\n`;
    await importCsv(page, jd.jobDescId, csv);
    const assistant = await createAssistant(
      page,
      `Analyst screen ${stamp}`,
      'Backend Engineer',
      ['Python', 'PostgreSQL', 'AWS', 'Kafka'],
      SCRIPTED_QUESTIONS,
    );
    const rows = await api<Array<{ resumeId: number }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
    const outbox = snapshotOutbox();
    await api(page, 'POST', '/api/Interview/SendInvites', {
      jobDescId: jd.jobDescId,
      assistantId: assistant,
      resumeIds: rows.map((r) => r.resumeId),
    });
    const linkFor = async (email: string) => {
      const mail = await waitForMail({ email, subject: 'Interview invitation', before: outbox });
      const text = mail.find((p) => p.type.startsWith('text/plain'))!.text;
      const url = new URL(/https?:\/\/\S+\/nextstep\?inviteId=[\w-]+/.exec(text)![0]);
      return url.pathname + url.search;
    };

    // Maya books tomorrow 10:00 London time, then moves it to 11:30.
    const maya = await candidatePage(browser, baseURL!, 'Asia/Tokyo');
    await maya.goto(await linkFor(`maya.${stamp}@example.com`));
    const first = tomorrowAtTen('Europe/London', 'Z');
    const londonOffset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' })
      .formatToParts(first)
      .find((p) => p.type === 'timeZoneName')!.value;
    const slot = londonOffset === 'GMT' ? first : new Date(first.getTime() - 3600_000);
    await pickSlot(maya, { search: 'London', name: 'Europe/London' }, slot);
    await maya.getByRole('button', { name: 'Schedule Interview' }).click();
    await expect(maya.getByTestId('invite-view-scheduled')).toBeVisible();
    const firstTime = await maya.getByTestId('interview-time').textContent();

    const moved = snapshotOutbox();
    await maya.getByRole('button', { name: 'I want to Reschedule' }).click();
    const picker = maya.getByTestId('invite-view-slot-picker');
    await expect(picker).toHaveAttribute('data-mode', 'reschedule');
    await expect(maya.getByTestId('current-booking')).toBeVisible();
    // Date, time and consent start empty again.
    await expect(maya.getByTestId('slot-time')).toHaveValue('');
    const later = new Date(slot.getTime() + 90 * 60_000);
    await pickSlot(maya, { search: 'London', name: 'Europe/London' }, later);
    await maya.getByRole('button', { name: 'Schedule Interview' }).click();
    await expect(maya.getByTestId('invite-view-scheduled')).toBeVisible();
    await expect(maya.getByTestId('interview-time')).not.toHaveText(firstTime!);
    const rescheduled = await waitForMail({ email: `maya.${stamp}@example.com`, subject: 'Interview rescheduled', before: moved });
    const ics = rescheduled.find((p) => p.type.startsWith('text/calendar'))!.text;
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(
      `DTSTART:${later
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
    await maya.context().close();

    // Leo never books; three days later the window for the JD is closed.
    const leoLink = await linkFor(`leo.${stamp}@example.com`);
    await setServerClock(baseURL!, new Date(Date.now() + 3 * 86_400_000));
    const leo = await candidatePage(browser, baseURL!, 'UTC');
    await leo.goto(leoLink);
    await expect(leo.getByTestId('invite-view-closed')).toBeVisible();
    await expect(leo.getByRole('heading', { level: 1 })).toHaveText(`The interview window for ${title} is closed.`);
    await expect(leo.getByText('Thanks for your interest.')).toBeVisible();
    await expectAccessible(leo);
    await leo.context().close();
  });
});
