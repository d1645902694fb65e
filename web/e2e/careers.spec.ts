import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from '@playwright/test';

import { DESKTOP, PHONE, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { api, createAssistant } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';

/**
 * Inbound applications end to end (issue 19): a recruiter publishes a JD's job page and turns its
 * autopilot on in the app; a candidate finds the job on /careers, applies with a resume on the
 * server-rendered form, and the autopilot invites them; the recruiter sees the applicant (source
 * Applied, the system's invite on the timeline); the candidate follows the link in the receipt to
 * their own page, downloads their data, withdraws and asks for erasure; an admin confirms it.
 * Axe runs on every new page and dialog at 1280×800; the candidate's pages must fit a phone.
 */

test.use({ storageState: STORAGE_STATE });

const RESUME = join(import.meta.dirname, '..', '..', 'crates', 'ats', 'tests', 'fixtures', 'priya_chromium_2col.pdf');

/** The page is no wider than the window (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Checks `page` at a phone's size, then puts it back at the desktop's. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(DESKTOP);
}

async function candidateBrowser(browser: Browser, baseURL: string): Promise<Page> {
  // No storage state: candidates have no account.
  const context = await browser.newContext({ baseURL, storageState: undefined, acceptDownloads: true });
  return context.newPage();
}

/** The plain text of the newest mail to `email` whose subject starts with `subject`. */
async function mailText(email: string, subject: string, before: Set<string>): Promise<string> {
  const parts = await waitForMail({ email, subject, before, timeoutMs: 60_000 });
  return parts.find((part) => part.type.startsWith('text/plain'))!.text;
}

test.describe('inbound applications', () => {
  test('publish and autopilot, apply on the job page, the automatic invite, the candidate’s page, and an erasure confirmed', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const jdname = `Backend Developer ${stamp}`;
    const email = `priya.${stamp}@example.com`;
    const assistantName = `Backend interviewer ${stamp}`;

    // A JD that asks for resumes, and an assistant for its interviews (seeded through the API).
    await page.goto('/folders');
    const jd = await api<{ jobDescId: number; jdid: string }>(page, 'POST', '/api/Drive/CreateJobFolder', {
      jobDescId: 0,
      jdid: '',
      jdname,
      jddescription: '<p>Build and run the services behind our <strong>order platform</strong>.</p>',
      keySkills: 'Python, Go, SQL, Docker, Kubernetes, AWS',
      experience: '3+ years building backend services',
      additionalNotes: '',
      resumeRequired: true,
      applyLastDate: null,
      createdOn: new Date().toISOString(),
    });
    await createAssistant(page, assistantName, 'Backend Developer', ['Python', 'SQL'], ['Tell me about a service you built']);

    const slug = `backend-developer-${stamp}`;
    await test.step('the recruiter publishes the job page', async () => {
      await page.goto(`/jd/${jd.jdid}`);
      const summary = page.getByRole('region', { name: 'Job page' });
      await expect(summary).toContainText('Candidates cannot apply yet');
      await page.getByRole('button', { name: 'Job page' }).click();
      const dialog = page.getByRole('dialog', { name: 'Job page' });
      await expect(dialog.getByLabel('Address')).not.toHaveValue('');
      await expectAccessible(page);

      await dialog.getByRole('checkbox', { name: 'Publish the job page' }).check();
      await dialog.getByLabel('Address').fill(slug);
      await dialog.getByRole('radio', { name: 'Hybrid' }).check();
      await dialog.getByLabel('Location').fill('Pune');
      await dialog.getByLabel('Country').selectOption('IN');
      await dialog.getByRole('button', { name: 'Save' }).click();

      const published = dialog.getByTestId('job-page-published');
      await expect(published.getByTestId('job-page-url')).toHaveText(`${baseURL}/careers/${slug}`);
      await expect(published.getByRole('link', { name: /View job page/ })).toHaveAttribute('href', `/careers/${slug}`);
      await expect(published.getByTestId('job-page-applications')).toHaveText('0 applications');
      await published.getByRole('button', { name: 'Copy link' }).click();
      await expect(published.getByRole('button', { name: 'Copied!' })).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(summary).toContainText('Pune, India · Hybrid · Full-time · 0 applications');
    });

    await test.step('the recruiter turns the autopilot on', async () => {
      await page.getByRole('button', { name: 'Autopilot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Autopilot' });
      await expect(dialog.getByTestId('autopilot-never-rejects')).toContainText('It never rejects anyone');
      await expectAccessible(page);
      await dialog.getByRole('checkbox', { name: 'Invite qualifying applicants automatically' }).check();
      await dialog.getByLabel('AI assistant').selectOption({ label: assistantName });
      await dialog.getByRole('checkbox', { name: 'Daily digest' }).check();
      await expect(dialog.getByRole('radio', { name: /Invite on Pass/ })).toBeChecked();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('autopilot-status')).toHaveText('Autopilot: on, inviting applicants the ATS marks Pass');
    });

    const candidate = await candidateBrowser(browser, baseURL!);
    const applied = snapshotOutbox();
    await test.step('a candidate finds the job and applies on its page', async () => {
      await candidate.goto('/careers');
      await expect(candidate.getByRole('heading', { level: 1, name: /^Jobs at / })).toBeVisible();
      await expectAccessible(candidate);
      await candidate.getByRole('link', { name: jdname }).click();
      await expect(candidate).toHaveURL(new RegExp(`/careers/${slug}$`));
      await expect(candidate.getByRole('heading', { level: 1, name: jdname })).toBeVisible();
      await expect(candidate.getByText('Pune, IN · Hybrid · Full-time')).toBeVisible();
      await expectAccessible(candidate);
      await expectFitsPhone(candidate);

      await candidate.getByLabel('Full name').fill('Priya Sharma');
      await candidate.getByLabel('E-mail').fill(email);
      await candidate.getByLabel('Phone').fill('+91 98765 43210');
      await candidate.locator('#resume').setInputFiles(RESUME);
      await candidate.locator('#note').fill('I run payments services in Go and Python. Happy to work from Pune.');
      await candidate.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
      await candidate.getByRole('button', { name: 'Submit application' }).click();

      // The form posts to `#apply`, and a redirect keeps the fragment it was reached with.
      await expect(candidate).toHaveURL(new RegExp(`/careers/${slug}/applied#main$`));
      await expect(candidate.getByRole('heading', { level: 1, name: 'Thank you for applying' })).toBeVisible();
      await expectAccessible(candidate);
    });

    await test.step('the autopilot invites the applicant once the resume passes', async () => {
      const invitation = await mailText(email, 'Interview invitation', applied);
      expect(invitation).toMatch(/\/nextstep\?inviteId=[\w-]+/);
    });

    await test.step('the recruiter sees the applicant, and the system’s invite on their timeline', async () => {
      await page.goto(`/candidate-details/${jd.jdid}`);
      const row = page.getByTestId('candidate-row').filter({ hasText: 'Priya Sharma' });
      await expect(row.getByTestId('source')).toHaveText('Applied');
      await expect(row.getByTestId('invite-status')).toHaveText('Invited');
      await page.getByLabel('Source').selectOption('applied');
      await expect(page).toHaveURL(/[?&]source=applied/);
      await expect(page.getByTestId('candidate-row')).toHaveCount(1);
      await page.getByLabel('Source').selectOption('csv');
      await expect(page.getByText('No candidates found')).toBeVisible();
      await page.getByLabel('Source').selectOption('applied');

      await page.getByTestId('candidate-row').getByRole('link', { name: 'Priya Sharma' }).click();
      const application = page.getByRole('region', { name: 'Application' });
      await expect(application.getByTestId('application-note')).toHaveText(
        'I run payments services in Go and Python. Happy to work from Pune.',
      );
      await expect(application.getByTestId('application-summary')).toContainText(/^Applied \w{3} \d{1,2}, \d{4} · consent \S+ on /);
      const timeline = page.getByRole('list', { name: /timeline/i });
      const invite = timeline.getByTestId('activity-event').filter({ hasText: 'Invited to an AI interview' });
      await expect(invite).toContainText('System');
      await expect(timeline.getByTestId('activity-event').filter({ hasText: 'Applied on the job page with' })).toContainText('Candidate');

      // The dashboard's funnel starts with how the JD's candidates came in.
      await page.goto('/');
      const funnel = page.getByRole('region', { name: 'Hiring Funnel' });
      await funnel.getByLabel('Job').selectOption({ label: jdname });
      await expect(funnel.getByTestId('funnel-sources')).toHaveText('How they came in: Applied 1 · Uploaded 0 · CSV 0');
    });

    await test.step('the candidate opens their page from the receipt, downloads their data and withdraws', async () => {
      const receipt = await mailText(email, 'We received your application', applied);
      const link = new URL(/https?:\/\/\S+\/application\/[\w-]+/.exec(receipt)![0]);
      await candidate.goto(link.pathname);
      await expect(candidate.getByRole('heading', { level: 1, name: jdname })).toBeVisible();
      await expect(candidate.getByTestId('application-status')).toHaveText(
        'You are invited to an interview: choose a time that suits you.',
      );
      await expect(candidate.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]')).toContainText('Interview');
      await expect(candidate.getByRole('link', { name: 'Choose your interview time' })).toHaveAttribute('href', /\/nextstep\?inviteId=/);
      await expectAccessible(candidate);
      await expectFitsPhone(candidate);

      const [download] = await Promise.all([
        candidate.waitForEvent('download'),
        candidate.getByRole('link', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('my-data.zip');
      // A ZIP archive starts with its local file header.
      expect(
        readFileSync(await download.path())
          .subarray(0, 2)
          .toString('latin1'),
      ).toBe('PK');

      await candidate.getByRole('button', { name: 'Withdraw' }).click();
      const dialog = candidate.getByRole('dialog', { name: 'Withdraw your application?' });
      await expectAccessible(candidate);
      await dialog.getByRole('button', { name: 'Withdraw' }).click();
      await expect(candidate.getByTestId('application-status')).toHaveText('This application is withdrawn.');
      await expect(candidate.getByRole('button', { name: 'Withdraw' })).toBeDisabled();

      await candidate.getByRole('button', { name: 'Ask to erase my data' }).click();
      await candidate
        .getByRole('dialog', { name: 'Ask us to erase your data?' })
        .getByRole('button', { name: 'Ask to erase my data' })
        .click();
      await expect(candidate.getByTestId('erasure-requested')).toHaveText('Your request was sent; an administrator will confirm it.');
      await expectAccessible(candidate);
    });

    await test.step('an admin confirms the erasure request', async () => {
      await page.goto('/settings/erasure-requests');
      const request = page.getByTestId('erasure-request').filter({ hasText: email });
      await expect(request.getByTestId('erasure-state')).toHaveText('Pending');
      await expect(request).toContainText(jdname);
      await expectAccessible(page);
      await request.getByRole('button', { name: /^Confirm/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase the data of Priya Sharma?' });
      await expect(dialog.getByTestId('erasure-warning')).toContainText(`everything held about ${email}`);
      await expect(dialog.getByTestId('erasure-warning')).toContainText('It cannot be undone.');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Erase everything' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`${email}: Erased`)).toBeVisible();
      // Decided, the request keeps neither name nor address.
      await expect(page.getByTestId('erasure-request').filter({ hasText: email })).toHaveCount(0);
      await expect(page.getByTestId('erasure-request').first()).toHaveAttribute('data-state', 'erased');

      // The candidate's link now leads nowhere.
      await candidate.reload();
      await expect(candidate.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
      await expectAccessible(candidate);
      await candidate.context().close();
    });
  });
});
