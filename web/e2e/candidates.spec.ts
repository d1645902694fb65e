import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { SCREENSHOT_DIR, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';

test.use({ storageState: STORAGE_STATE });

/** Real resumes of the ats crate's test corpus (names, e-mails and phones known). */
const FIXTURES = join(import.meta.dirname, '..', '..', 'crates', 'ats', 'tests', 'fixtures');
const RESUMES = ['priya_chromium_2col.pdf', 'aarav.docx', 'zoe_fpdf.pdf'].map((name) => join(FIXTURES, name));

type Created = { success: boolean; jobDescId: number; jdid: string };

async function createJd(page: Page, body: Record<string, unknown>): Promise<Created> {
  const result = await page.evaluate(async (payload) => {
    const response = await fetch('/api/Drive/CreateJobFolder', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({
        jobDescId: 0,
        jdid: '',
        createdOn: new Date().toISOString(),
        jddescription: '<p>Build and test web products.</p>',
        experience: '3+ years',
        additionalNotes: '',
        applyLastDate: null,
        resumeRequired: true,
        ...payload,
      }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, body);
  expect(result.status).toBe(200);
  return result.body as Created;
}

test.describe('candidates', () => {
  test('upload several resumes, see scores and the chart, open the analysis, view the file, delete', async ({ page }) => {
    await page.goto('/folders');
    const title = `QA Automation Engineer ${Date.now()}`;
    const jd = await createJd(page, { jdname: title, keySkills: 'Python, Selenium, REST Assured, JMeter, SQL, Java' });

    await page.goto(`/jd/${jd.jdid}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // A wrong type chosen by the chooser is refused on the client.
    const input = page.getByTestId('upload-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('upload-row').getByText('Invalid file format. Please upload a PDF or DOCX file.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByTestId('upload-row')).toHaveCount(0);

    // Several resumes through the chooser: a progress row each, then the JD's candidate list.
    // Slow the upload answers a little so the screenshot catches the rows in flight.
    await page.route('**/api/Drive/UploadResume**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await input.setInputFiles(RESUMES);
    await expect(page.getByTestId('upload-row')).toHaveCount(3);
    await expect(page.getByTestId('upload-row').first()).toContainText('KB');
    await page.screenshot({ path: `${SCREENSHOT_DIR}upload-in-progress.png`, fullPage: true });
    await expect(page.getByText('Resume uploaded successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${jd.jdid}$`));
    await page.unroute('**/api/Drive/UploadResume**');

    // Live progress reaches 3 / 3 without a reload; rows show scores.
    await expect(page.getByTestId('analysis-count')).toContainText('3 / 3 analysed', { timeout: 30_000 });
    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(3);
    const priya = rows.filter({ hasText: 'Priya Sharma' });
    await expect(priya).toContainText(/\d+%/);
    await expect(priya).toContainText('priya.sharma@example.com');
    await expect(page.getByRole('figure', { name: 'Score distribution' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Score distribution' })).toContainText('3 scored');
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-candidates-desktop.png`, fullPage: true });
    await expectAccessible(page);

    // Sorting by score and filtering keep working on the server.
    await page
      .getByRole('button', { name: /ATS Score/ })
      .first()
      .click();
    await expect(page).toHaveURL(/sort=score/);
    await page.getByLabel('Filter candidates').fill('aarav');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Aarav Mehta');
    await page.getByLabel('Filter candidates').fill('');
    await expect(rows).toHaveCount(3);

    // The analysis page: header, contacts, the Resume Analysis section.
    await priya.getByRole('link', { name: 'Priya Sharma' }).click();
    await expect(page).toHaveURL(/\/candidate\/analysis\/\d+\/0$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByRole('link', { name: 'priya.sharma@example.com' })).toHaveAttribute('href', 'mailto:priya.sharma@example.com');
    await expect(page.getByTestId('selection-badge')).toHaveText(/^(Selected|Not Selected)$/);
    await expect(page.getByRole('progressbar', { name: 'ATS Score' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Skills Match' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ATS Analysis' })).toBeVisible();
    // Priya's resume names Java; the JD also asks for Selenium and JMeter, which it does not.
    await expect(page.getByRole('list', { name: 'Matched skills' })).toContainText('Java');
    await expect(page.getByRole('list', { name: 'Missing skills' })).toContainText('Selenium');
    await page.screenshot({ path: `${SCREENSHOT_DIR}candidate-analysis-desktop.png`, fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(page.getByRole('progressbar', { name: 'ATS Score' })).toBeHidden();
    await page.getByRole('button', { name: 'Expand All' }).click();
    await expect(page.getByRole('progressbar', { name: 'ATS Score' })).toBeVisible();

    // View Resume shows the original file inside the app, framed from its signed link.
    const [fileResponse] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/Drive/ResumeFile')),
      page.getByRole('link', { name: 'View Resume' }).click(),
    ]);
    expect(fileResponse.status()).toBe(200);
    // Chromium's PDF viewer hides the navigation's headers; ask for the same signed link again.
    const again = await page.request.get(fileResponse.url());
    expect(again.headers()['content-type']).toContain('application/pdf');
    expect(again.headers()['content-disposition']).toMatch(/^inline/);
    await page.getByRole('dialog', { name: 'Resume of Priya Sharma' }).getByRole('button', { name: 'Close' }).click();

    // Delete: confirm in the app's dialog, message, back one page, and the row is gone.
    await page.getByRole('button', { name: 'Delete resume' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete resume' });
    await expect(confirmDelete.getByText('Are you sure you want to delete this resume?')).toBeVisible();
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Resume deleted successfully.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${jd.jdid}`));
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Priya Sharma' })).toHaveCount(0);
  });

  test('a scan is read by OCR and marked so; a damaged file says why and is never scored', async ({ page }) => {
    await page.goto('/folders');
    const title = `Backend Engineer ${Date.now()}`;
    const jd = await createJd(page, { jdname: title, keySkills: 'Go, Java, PostgreSQL, Kafka' });
    await page.goto(`/jd/${jd.jdid}`);
    await page.getByTestId('upload-input').setInputFiles(['scanned.pdf', 'truncated.pdf'].map((name) => join(FIXTURES, name)));
    // The upload answers once the scan is read by OCR: seconds alone, much longer on a busy machine.
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${jd.jdid}$`), { timeout: 60_000 });

    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(2);
    // The scan (a picture of Priya's resume) is read by Tesseract on the server.
    const scan = rows.filter({ hasText: 'priya.sharma@example.com' });
    await expect(scan).toContainText('Priya Sharma', { timeout: 30_000 });
    await expect(scan.getByTestId('ocr')).toHaveText('Read by OCR');
    const damaged = rows.filter({ hasText: 'The file is damaged' });
    await expect(damaged.getByTestId('analysis-state')).toHaveText(/unreadable/i);
    await expect(damaged).toContainText('ask the candidate for a new copy');
    await expectAccessible(page);
  });

  test('CSV import on a JD without resumes reports bad lines; the candidate list finds by phone digits', async ({ page }) => {
    await page.goto('/folders');
    const title = `Support Agent ${Date.now()}`;
    const jd = await createJd(page, { jdname: title, keySkills: 'Empathy, Writing, Zendesk', resumeRequired: false });
    const stamp = Date.now();

    await page.goto(`/jd/${jd.jdid}`);
    await expect(page.getByRole('heading', { name: 'Upload CSV' })).toBeVisible();
    const csv = `Full Name;E-mail;Mobile\nMeera Nair;meera.${stamp}@example.com;+91 90123 45678\n;nobody@x;\nKabir Rao;kabir.${stamp}@example.com;9811000222\n`;
    await page.getByTestId('upload-input').setInputFiles({ name: 'candidates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText('CSV uploaded successfully!')).toBeVisible();
    await expect(page.getByTestId('upload-row')).toContainText('2 imported, 0 updated');
    await expect(page.getByRole('list', { name: 'CSV errors' })).toContainText('Line 3');
    await page.getByRole('button', { name: 'View candidates' }).click();
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${jd.jdid}$`));
    await expect(page.getByTestId('candidate-row')).toHaveCount(2);
    await expect(page.getByTestId('candidate-row').first()).toContainText('No resume');

    // Candidate List of all JDs: the phone's digits find Meera however it was written.
    await page.goto('/candidates');
    await expect(page.getByRole('heading', { level: 1, name: 'Candidate List' })).toBeVisible();
    await page.getByLabel('Filter candidates').fill('9012345678');
    await expect(page).toHaveURL(/q=9012345678/);
    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Meera Nair');
    await expect(rows.first()).toContainText(title);
    await page.getByLabel('Filter candidates').fill('');
    await expect(rows.first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}candidates-desktop.png`, fullPage: true });
    await expectAccessible(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('candidate-card').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}candidates-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Search: a blank query does nothing; a name finds the JD card with the resume.
    await page.goto('/search');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByPlaceholder('Search by JD title, skills, or candidate name/email/phone...').fill(`kabir.${stamp}`);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByText(title)).toBeVisible();
    await expect(results.getByText(`kabir.${stamp}@example.com |`, { exact: false })).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(`nobody-${stamp}`)}`);
    await expect(page.getByText('No results found.')).toBeVisible();
  });
});
