import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { SCREENSHOT_DIR, STORAGE_STATE, expect, expectAccessible, requestCode, test } from './fixtures';

test.use({ storageState: STORAGE_STATE });

/** A real resume of the ats crate's test corpus. */
const RESUME = join(import.meta.dirname, '..', '..', 'crates', 'ats', 'tests', 'fixtures', 'aarav.docx');

/** The board's columns for the hiring steps, in order. */
const STEPS = ['New', 'Screened', 'Invited', 'Scheduled', 'Interviewed', 'Shortlisted', 'Offer', 'Hired'];

type Created = { success: boolean; jobDescId: number; jdid: string };

/** Creates a JD through the API with the signed-in page's token. */
async function createJd(page: Page, jdname: string): Promise<Created> {
  const result = await page.evaluate(async (name) => {
    const response = await fetch('/api/Drive/CreateJobFolder', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({
        jobDescId: 0,
        jdid: '',
        jdname: name,
        createdOn: new Date().toISOString(),
        jddescription: '<p>Build and test web products.</p>',
        keySkills: 'Python, Selenium, SQL, Java',
        experience: '3+ years',
        additionalNotes: '',
        applyLastDate: null,
        resumeRequired: true,
      }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, jdname);
  expect(result.status).toBe(200);
  return result.body as Created;
}

/** The candidates of a JD, as the API lists them. */
async function jdResumes(page: Page, jdid: string): Promise<Array<{ resumeId: number; candidateName: string }>> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/Drive/ViewJDResumes?JdID=${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()) as Array<{ resumeId: number; candidateName: string }>;
  }, jdid);
}

test.describe('team and activity', () => {
  test('the admin invites a recruiter, who signs in with their own code and opens a JD board', async ({ page, browser, baseURL }) => {
    const stamp = Date.now();
    const colleague = { email: `riley.${stamp}@example.com`, fullName: 'Riley Recruiter' };
    await page.goto('/folders');
    const title = `Platform Engineer ${stamp}`;
    const jd = await createJd(page, title);

    // Settings › Team, from the sidebar.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const invite = page.getByRole('form', { name: 'Invite a colleague' });
    await expect(invite).toBeVisible();
    await invite.getByLabel('E-mail').fill(colleague.email);
    await invite.getByLabel('Full name').fill(colleague.fullName);
    await invite.getByLabel('Role').selectOption('recruiter');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText(`${colleague.fullName} was added to the team and told how to sign in.`)).toBeVisible();
    const row = page.getByTestId('team-row').filter({ hasText: colleague.email });
    await expect(row).toContainText(colleague.fullName);
    await expect(page.getByRole('combobox', { name: `Role of ${colleague.fullName}` })).toHaveValue('recruiter');
    await expect(page.getByTestId('team-row').filter({ hasText: 'admin@example.com' })).toContainText('(you)');
    await page.screenshot({ path: `${SCREENSHOT_DIR}settings-team.png`, fullPage: true });
    await expectAccessible(page);

    // The same address again: the server's message is shown.
    await invite.getByLabel('E-mail').fill(colleague.email);
    await invite.getByLabel('Full name').fill(colleague.fullName);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite.getByRole('alert')).toContainText('is already registered');

    // The colleague signs in in a browser of their own (a fresh context: no stored session),
    // with a code sent to their address: one code, far under the limit per address.
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const second = await context.newPage();
    const errors: string[] = [];
    second.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    second.on('console', (message) => {
      const text = message.text();
      if (
        message.type() === 'error' &&
        !/^Failed to load resource: the server responded with a status of (400|401|403|404|429)\b/.test(text)
      ) {
        errors.push(`console error: ${text}`);
      }
    });
    try {
      await second.goto('/login');
      const code = await requestCode(second, colleague.email);
      await second.getByLabel('Digit 1 of 6').click();
      await second.keyboard.type(code);
      await second.getByRole('button', { name: 'Verify OTP' }).click();
      await expect(second.getByTestId('user-initials')).toHaveText('RR');

      // The board of the admin's JD, with a column per hiring step.
      await second.goto(`/jd/${jd.jdid}/board`);
      const columns = second.getByTestId('board-column');
      for (const step of STEPS) {
        await expect(columns.getByRole('heading', { level: 2, name: new RegExp(`^${step}\\b`) })).toBeVisible();
      }
      await second.screenshot({ path: `${SCREENSHOT_DIR}board-second-recruiter.png`, fullPage: true });

      // A recruiter sees the team but cannot manage it.
      await second.goto('/settings/team');
      await expect(second.getByTestId('team-row').filter({ hasText: colleague.email })).toContainText('(you)');
      await expect(second.getByText('Only admins can invite colleagues, change roles or remove someone.')).toBeVisible();
      await expect(second.getByRole('form', { name: 'Invite a colleague' })).toHaveCount(0);
      await expect(second.getByRole('button', { name: /^Remove / })).toHaveCount(0);
      expect(errors, 'errors in the second recruiter browser console').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a candidate's timeline and the JD's activity list what happened", async ({ page }) => {
    const title = `Test Automation Lead ${Date.now()}`;
    await page.goto('/folders');
    const jd = await createJd(page, title);

    // One resume through the JD page's chooser, as a recruiter would.
    await page.goto(`/jd/${jd.jdid}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByTestId('upload-input').setInputFiles(RESUME);
    await expect(page.getByText('Resume uploaded successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${jd.jdid}$`));

    const [candidate] = await jdResumes(page, jd.jdid);
    expect(candidate).toBeDefined();
    await page.goto(`/candidate/analysis/${candidate!.resumeId}/0`);
    await expect(page.getByRole('heading', { level: 1, name: candidate!.candidateName })).toBeVisible();

    // The Timeline section: the upload, then the analysis once the ATS has scored the resume.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const events = timeline.getByTestId('activity-event');
    await expect(events.filter({ hasText: 'Uploaded resume' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'Uploaded resume' })).toContainText('Admin User');
    await expect(events.filter({ hasText: /Analysed: ATS score/ })).toHaveCount(1, { timeout: 30_000 });
    await expect(events.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    // Scorecards wait for the interview; Collapse All closes the new sections too.
    const scorecards = page.getByRole('region', { name: 'Scorecards' });
    await expect(scorecards).toContainText('A scorecard can be filled once the candidate has been interviewed.');
    await page.screenshot({ path: `${SCREENSHOT_DIR}candidate-timeline.png`, fullPage: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(events).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand All' }).click();
    await expect(events.filter({ hasText: 'Uploaded resume' })).toHaveCount(1);

    // The JD's own feed, linked to the candidate.
    await page.goto(`/activity?jdId=${jd.jdid}`);
    await expect(page.getByText(`Everything that happened on ${title}.`)).toBeVisible();
    const feed = page.getByRole('list', { name: 'Activity events' });
    await expect(feed.getByTestId('activity-event').filter({ hasText: 'Uploaded resume' })).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}activity-jd.png`, fullPage: true });
    await expectAccessible(page);
    await feed.getByRole('link', { name: candidate!.candidateName }).first().click();
    await expect(page).toHaveURL(new RegExp(`/candidate/analysis/${candidate!.resumeId}/0$`));
  });
});
