import type { Browser, Page } from '@playwright/test';

import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { advanceSimulator, api, bookInterview, createAssistant, importCsv, setServerClock } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';

/**
 * Hiring decisions on a JD's board: one candidate completes an AI interview (the simulator runs
 * the call), the recruiter drags them from Interviewed to Shortlisted, rejects another with the
 * organisation's rejection e-mail (previewed, then found rendered in the outbox), and the
 * columns count both moves.
 *
 * Time: as in interviews.spec.ts, the server's test clock (`POST /_test/clock`) and the
 * candidate's browser clock move together to the join window; the recruiter's pages are used
 * only while the server clock is real, and the clock is always put back.
 */

test.use({ storageState: STORAGE_STATE });

/** A JD without resumes and its candidates, imported from a CSV. */
async function jdWithCandidates(page: Page, title: string, rows: Array<{ name: string; email: string; phone: string }>) {
  const jd = await api<{ jobDescId: number; jdid: string }>(page, 'POST', '/api/Drive/CreateJobFolder', {
    jobDescId: 0,
    jdid: '',
    jdname: title,
    jddescription: '<p>Dashboards and SQL.</p>',
    keySkills: 'SQL, Excel, Tableau',
    experience: '2+ years',
    additionalNotes: '',
    resumeRequired: false,
    applyLastDate: null,
    createdOn: new Date().toISOString(),
  });
  const csv = `Name,Email,Phone\n${rows.map((r) => `${r.name},${r.email},${r.phone}`).join('\n')}\n`;
  await importCsv(page, jd.jobDescId, csv);
  const list = await api<Array<{ resumeId: number; candidateEmail: string }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  return { ...jd, resumeIdOf: (email: string) => list.find((r) => r.candidateEmail === email)!.resumeId };
}

/**
 * Takes an invited candidate through their interview: books tomorrow 10:00 UTC, then at four
 * minutes before (server and browser clocks) joins the web call, which the simulator runs to
 * its end. The server clock is real again afterwards.
 */
async function completeInterview(browser: Browser, baseURL: string, invite: { inviteId: string; candidateName: string; jobRole: string }) {
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const slot = new Date(`${tomorrow}T10:00:00Z`);
  await bookInterview(baseURL, { ...invite, slot, timeZoneName: 'UTC', gmtValue: 'GMT' });

  const joinAt = new Date(slot.getTime() - 4 * 60_000);
  await setServerClock(baseURL, joinAt);
  // No storage state: the candidate has no account.
  const context = await browser.newContext({ baseURL, timezoneId: 'UTC', storageState: undefined });
  const candidate = await context.newPage();
  try {
    await candidate.clock.install({ time: joinAt });
    await candidate.goto(`/interview/join/${invite.inviteId}`);
    await expect(candidate.getByTestId('join-page')).toBeVisible();
    await candidate.getByRole('checkbox', { name: /recorded and analysed/ }).check();
    await candidate.getByTestId('join-call-button').click();
    await expect(candidate.getByTestId('call-status')).toHaveAttribute('data-state', 'in-progress', { timeout: 20_000 });
    await advanceSimulator(3600);
    await candidate.clock.runFor(5_000);
    await expect(candidate).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
  } finally {
    await context.close();
    await setServerClock(baseURL, null);
  }
}

test.describe('hiring board', () => {
  test.afterEach(async ({ baseURL }) => {
    await setServerClock(baseURL!, null);
  });

  test('drag an interviewed candidate to Shortlisted, reject another with an e-mail, and the columns count them', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now() % 100000;
    const title = `Data Analyst ${stamp}`;
    const ira = { name: `Ira Interviewed ${stamp}`, email: `ira.${stamp}@example.com`, phone: '9811223366' };
    const rex = { name: `Rex Rejected ${stamp}`, email: `rex.${stamp}@example.com`, phone: '9811223377' };

    // A JD with two candidates; Ira is invited and completes her interview.
    await page.goto('/');
    const jd = await jdWithCandidates(page, title, [ira, rex]);
    const assistant = await createAssistant(
      page,
      `Analyst screen ${stamp}`,
      'Data Analyst',
      ['SQL', 'Excel', 'Tableau', 'Statistics'],
      ['Tell me about a dashboard you built'],
    );
    const outbox = snapshotOutbox();
    await api(page, 'POST', '/api/Interview/SendInvites', {
      jobDescId: jd.jobDescId,
      assistantId: assistant,
      resumeIds: [jd.resumeIdOf(ira.email)],
    });
    const invitation = await waitForMail({ email: ira.email, subject: 'Interview invitation', before: outbox });
    const link = /https?:\/\/\S+\/nextstep\?inviteId=[\w-]+/.exec(invitation.find((p) => p.type.startsWith('text/plain'))!.text)![0];
    await completeInterview(browser, baseURL!, {
      inviteId: new URL(link).searchParams.get('inviteId')!,
      candidateName: ira.name,
      jobRole: title,
    });

    // The board, from the JD's page.
    await page.goto(`/jd/${jd.jdid}`);
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/jd/${jd.jdid}/board$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const column = (stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
    const count = (stage: string) => column(stage).getByTestId('column-count');
    await expect(count('interviewed')).toHaveText('Candidates: 1');
    await expect(count('new')).toHaveText('Candidates: 1');
    await expect(column('interviewed').getByRole('link', { name: ira.name })).toBeVisible();
    await expectAccessible(page);

    // Ira: dragged from Interviewed to Shortlisted.
    const iraCard = column('interviewed').getByTestId('board-card').filter({ hasText: ira.name });
    await iraCard.dragTo(column('shortlisted'));
    await expect(page.getByText(`${ira.name} moved to Shortlisted.`)).toBeVisible();
    await expect(count('shortlisted')).toHaveText('Candidates: 1');
    await expect(count('interviewed')).toHaveText('Candidates: 0');
    await expect(column('shortlisted').getByRole('link', { name: ira.name })).toBeVisible();

    // Rex: rejected through his card's menu, with the rejection e-mail, previewed first.
    await column('new')
      .getByRole('button', { name: `Move ${rex.name} to…` })
      .click();
    await page.getByRole('menuitem', { name: 'Rejected…' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${rex.name}` });
    await dialog.getByLabel('Reason').fill('Chose a candidate with more SQL experience');
    await dialog.getByRole('checkbox', { name: 'Send an e-mail to the candidate' }).check();
    await expect(dialog.getByLabel('Subject')).toHaveValue('Your application for {{jobTitle}}');
    const preview = dialog.getByRole('region', { name: 'E-mail preview' });
    await expect(preview.getByTestId('preview-to')).toHaveText(rex.email);
    await expect(preview.getByTestId('preview-subject')).toHaveText(`Your application for ${title}`);
    await expect(preview.getByTestId('preview-body')).toContainText(`Dear ${rex.name},`);
    await expectAccessible(page);
    const beforeReject = snapshotOutbox();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${rex.name} moved to Rejected. 1 e-mail sent.`)).toBeVisible();

    // The e-mail in the outbox is the rendered template: his name and the job filled in.
    const mail = await waitForMail({ email: rex.email, subject: `Your application for ${title}`, before: beforeReject });
    const text = mail.find((p) => p.type.startsWith('text/plain'))!.text.replace(/\r\n/g, '\n');
    expect(text).toContain(`Dear ${rex.name},`);
    expect(text).toContain(`the ${title} role`);
    expect(text).not.toContain('{{');

    // The columns count both moves; the rejected card keeps its reason.
    await expect(count('rejected')).toHaveText('Candidates: 1');
    await expect(count('new')).toHaveText('Candidates: 0');
    await expect(count('shortlisted')).toHaveText('Candidates: 1');
    await expect(column('rejected').getByTestId('board-card')).toContainText('Chose a candidate with more SQL experience');
    await expect(page.getByTestId('board-total')).toContainText('Board · 2 candidates');

    // The candidate list shows the same stages.
    await page.goto(`/candidate-details/${jd.jdid}?stage=rejected`);
    await expect(page.getByTestId('candidate-row')).toHaveCount(1);
    await expect(page.getByTestId('candidate-row').getByTestId('stage')).toHaveText('Rejected');

    // Ira's analysis page: a scorecard beside the AI's scores, and the timeline of what happened.
    await page.goto(`/jd/${jd.jdid}/board`);
    await column('shortlisted').getByRole('link', { name: ira.name }).click();
    const form = page.getByRole('form', { name: 'Fill your scorecard' });
    for (const [label, score] of [
      ['Technical', '4'],
      ['Communication', '5'],
      ['Problem Solving', '4'],
      ['Culture', '3'],
    ] as const) {
      await form.getByLabel(label).selectOption(score);
    }
    await form.getByRole('radio', { name: 'Yes', exact: true }).check();
    await form.getByLabel('Notes').fill('Explained the query plan clearly.');
    await form.getByRole('button', { name: 'Save scorecard' }).click();
    await expect(page.getByRole('form', { name: 'Edit your scorecard' })).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline events' });
    await expect(timeline).toContainText('Scorecard: Yes (technical 4, communication 5, problem solving 4, culture 3)');
    await expect(timeline).toContainText('Moved from Interviewed to Shortlisted');

    // The JD's feed has all three decisions, each by the recruiter who made it.
    await page.goto(`/activity?jdId=${jd.jdid}`);
    const feed = page.getByRole('list', { name: 'Activity events' });
    await expect(feed).toContainText('Moved from Interviewed to Shortlisted');
    await expect(feed).toContainText('Moved from New to Rejected: Chose a candidate with more SQL experience');
    await expect(feed).toContainText(`E-mail sent: Your application for ${title}`);
    await expect(feed).toContainText('Scorecard: Yes');
    await expectAccessible(page);
  });
});
