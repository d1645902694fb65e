import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { api } from './support/control';
import type { Jd } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';

/**
 * Fairness end to end (issue 32): a candidate self-identifies while applying on the job page,
 * finds those answers on their own page with how the application was assessed, and asks for an
 * accommodation; the admin reads the bias audit (the candidate counted under Female), exports it
 * as CSV, and answers the request. Axe runs on every new page and dialog.
 */

test.use({ storageState: STORAGE_STATE });

const RESUME = join(import.meta.dirname, '..', '..', 'crates', 'ats', 'tests', 'fixtures', 'priya_chromium_2col.pdf');
const CSV_HEADER = 'step,measure,dimension,category,label,count,positives,rate,impact_ratio,p_value,status,adverse';

test.describe('fairness', () => {
  test('self-identification, the assessment explained, an accommodation, the bias audit and its CSV, and the answer', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const jdname = `Data Engineer ${stamp}`;
    const slug = `data-engineer-${stamp}`;
    const email = `mei.${stamp}@example.com`;

    // A JD that takes resumes, its job page published (seeded through the API).
    await page.goto('/folders');
    const jd = await api<Jd>(page, 'POST', '/api/Drive/CreateJobFolder', {
      jobDescId: 0,
      jdid: '',
      jdname,
      jddescription: '<p>Build the pipelines behind our <strong>order platform</strong>.</p>',
      keySkills: 'Python, Go, SQL, Docker, Kubernetes, AWS',
      experience: '3+ years building data services',
      additionalNotes: '',
      resumeRequired: true,
      applyLastDate: null,
      createdOn: new Date().toISOString(),
    });
    await api(page, 'PUT', '/api/Careers/Posting', { jobDescId: jd.jobDescId, published: true, slug, workType: 'remote', country: 'IN' });

    const context = await browser.newContext({ baseURL, storageState: undefined });
    const candidate = await context.newPage();
    const applied = snapshotOutbox();

    await test.step('the candidate self-identifies while applying on the job page', async () => {
      await candidate.goto(`/careers/${slug}`);
      await candidate.getByLabel('Full name').fill('Mei Lin');
      await candidate.getByLabel('E-mail').fill(email);
      await candidate.getByLabel('Phone').fill('+91 98765 43210');
      await candidate.locator('#resume').setInputFiles(RESUME);
      const selfId = candidate.getByRole('group', { name: /Voluntary self-identification/ });
      await expect(selfId.locator('#sex option').first()).toHaveText('No answer');
      await selfId.locator('#sex').selectOption('female');
      await selfId.locator('#race').selectOption('asian');
      await expectAccessible(candidate);
      await candidate.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
      await candidate.getByRole('button', { name: 'Submit application' }).click();
      await expect(candidate.getByRole('heading', { level: 1, name: 'Thank you for applying' })).toBeVisible();
    });

    await test.step('their page shows the answers, how the application was assessed, and takes an accommodation request', async () => {
      const parts = await waitForMail({ email, subject: 'We received your application', before: applied, timeoutMs: 60_000 });
      const receipt = parts.find((part) => part.type.startsWith('text/plain'))!.text;
      const link = new URL(/https?:\/\/\S+\/application\/[\w-]+/.exec(receipt)![0]);
      await candidate.goto(link.pathname);
      await expect(candidate.getByRole('heading', { level: 1, name: jdname })).toBeVisible();

      const selfId = candidate.getByRole('region', { name: 'Voluntary self-identification' });
      await expect(selfId.getByRole('combobox', { name: 'Sex' })).toHaveValue('female');
      await expect(selfId.getByRole('combobox', { name: 'Race/ethnicity' })).toHaveValue('asian');

      // The analysis runs after the application: the page shows its reasons once it is done.
      const assessment = candidate.getByRole('region', { name: 'How was my application assessed?' });
      await expect(async () => {
        await candidate.reload();
        await expect(assessment.getByRole('list', { name: 'Reasons' }).getByRole('listitem').first()).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000 });
      await expect(assessment.getByTestId('your-rights')).not.toBeEmpty();
      await expectAccessible(candidate);

      const accommodation = candidate.getByRole('region', { name: 'Request an alternative process or an accommodation' });
      await accommodation.getByLabel(/What do you need\?/).fill('I use a screen reader: could the interview be written instead of a call?');
      await accommodation.getByRole('button', { name: 'Send request' }).click();
      await expect(accommodation.getByTestId('accommodation-requested')).toHaveText(
        'Your request was sent; the team will answer by e-mail.',
      );
      await expectAccessible(candidate);
      await context.close();
    });

    await test.step('the admin reads the bias audit and exports it as CSV', async () => {
      await page.goto('/settings/team');
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Fairness' }).click();
      await expect(page).toHaveURL(/\/settings\/fairness$/);
      await page.getByLabel('Job').selectOption({ label: jdname });
      const recommendation = page
        .getByTestId('audit-step')
        .filter({ has: page.getByRole('heading', { name: 'ATS recommendation (Pass)' }) });
      const female = recommendation.locator('[data-dimension="sex"] [data-category="female"]');
      await expect(female.locator('td').first()).toHaveText('1');
      await expect(page.getByTestId('audit-summary')).toContainText(jdname);
      await expectAccessible(page);

      // Printed, the page is the audit's summary alone: no app shell, no filters, no buttons.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(page.getByRole('group', { name: 'Filters' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(page.getByTestId('audit-summary')).toBeVisible();
      await expect(female).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('bias-audit.csv');
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv.split(/\r?\n/)[0]).toBe(CSV_HEADER);
    });

    await test.step('the admin answers the accommodation request', async () => {
      await page.goto('/settings/requests');
      const request = page.getByTestId('accommodation-request').filter({ hasText: jdname });
      await expect(request).toHaveAttribute('data-state', 'pending');
      await expect(request).toContainText('could the interview be written instead of a call?');
      await expectAccessible(page);
      await request.getByRole('button', { name: 'Answer Mei Lin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Answer Mei Lin' });
      await dialog.getByLabel(/Your answer/).fill('Of course: we will send you the questions in writing.');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Send answer' }).click();
      await expect(dialog).toBeHidden();
      await expect(request).toHaveAttribute('data-state', 'answered');
      await expect(request).toContainText('Answered by Admin User');
    });
  });
});
