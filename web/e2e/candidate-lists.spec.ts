import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { PHONE, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { api, importCsv } from './support/control';

/**
 * The recruiter-experience issue's candidate lists and documents: CSV JDs without analysis
 * they never get, a warning before inviting a Fail candidate, the lists' filters (JD, ATS
 * recommendation, interview outcome, stage), page size and sorting kept in the URL, and View
 * Resume showing a PDF and a DOCX inside the app. Data goes in through the real API.
 */

test.use({ storageState: STORAGE_STATE });

const FIXTURES = join(import.meta.dirname, '..', '..', 'crates', 'ats', 'tests', 'fixtures');

type Jd = { jobDescId: number; jdid: string };
type Row = { resumeId: number; candidateName: string; analysisStatus: string; recommendation: string | null };

async function createJd(
  page: Page,
  jdname: string,
  { resumeRequired, keySkills }: { resumeRequired: boolean; keySkills: string },
): Promise<Jd> {
  return api<Jd>(page, 'POST', '/api/Drive/CreateJobFolder', {
    jobDescId: 0,
    jdid: '',
    jdname,
    jddescription: '<p>Join the team.</p>',
    keySkills,
    experience: '3+ years',
    additionalNotes: '',
    resumeRequired,
    applyLastDate: null,
    createdOn: new Date().toISOString(),
  });
}

/** Uploads fixture resumes to a JD through the API and waits until each one is analysed. */
async function uploadResumes(page: Page, jd: Jd, names: string[]): Promise<Row[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const name of names) {
    const response = await page.request.post(`/api/Drive/UploadResume?jdId=${jd.jobDescId}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { resumeFile: { name, mimeType: 'application/octet-stream', buffer: readFileSync(join(FIXTURES, name)) } },
    });
    expect(response.status(), `upload ${name}`).toBe(200);
  }
  const list = () => api<Row[]>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  await expect.poll(async () => (await list()).map((row) => row.analysisStatus), { timeout: 30_000 }).toEqual(names.map(() => 'done'));
  return list();
}

/** The page is no wider than the window (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('CSV JDs', () => {
  test('show no analysis progress, no score chart and no Invite all Pass', async ({ page }) => {
    await page.goto('/folders');
    const title = `Support Desk ${Date.now()}`;
    const jd = await createJd(page, title, { resumeRequired: false, keySkills: 'Empathy, Writing, Zendesk' });
    await importCsv(
      page,
      jd.jobDescId,
      'Name,Email,Phone\nMeera Nair,meera.csv@example.com,9811000111\nKabir Rao,kabir.csv@example.com,9811000222\n',
    );

    // The JD page: its candidates answer, and no "0 / 2 analysed" appears beside them.
    const listed = page.waitForResponse((response) => response.url().includes('/api/Drive/ViewJDResumes'));
    await page.goto(`/jd/${jd.jdid}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await listed;
    await expect(page.getByRole('heading', { name: 'Upload CSV' })).toBeVisible();
    await expect(page.getByTestId('analysis-count')).toHaveCount(0);

    await page.goto(`/candidate-details/${jd.jdid}`);
    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('No resume');
    await expect(page.getByRole('button', { name: 'Send invite' })).toBeVisible();
    await expect(page.getByTestId('analysis-count')).toHaveCount(0);
    await expect(page.getByRole('figure', { name: 'Score distribution' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Invite all Pass' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('invites', () => {
  test('inviting a candidate the ATS marked Fail asks first in the app’s dialog', async ({ page }) => {
    await page.goto('/folders');
    const jd = await createJd(page, `Platform Engineer ${Date.now()}`, {
      resumeRequired: true,
      keySkills: 'Rust, Kubernetes, Terraform, Go',
    });
    // An accountant's resume against a platform JD: Fail.
    const [row] = await uploadResumes(page, jd, ['oluwaseun_table.docx']);
    expect(row!.recommendation).toBe('Fail');

    await page.goto(`/candidate-details/${jd.jdid}`);
    await expect(page.getByRole('button', { name: 'Invite all Pass' })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Select Oluwaseun Adeyemi' }).check();
    await page.getByRole('button', { name: 'Send invite' }).click();
    const warning = page.getByRole('dialog', { name: 'Invite candidates marked Fail?' });
    await expect(warning.getByTestId('fail-warning')).toHaveText('Oluwaseun Adeyemi has a Fail recommendation from the ATS.');
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByRole('dialog', { name: 'Invite candidates marked Fail?' }).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: 'Send interview invites' })).toContainText('1 selected candidate gets an e-mail');
  });
});

test.describe('filters', () => {
  test('the Candidate List narrows by job, recommendation and interview outcome, pages and sorts, all kept in the URL', async ({
    page,
  }) => {
    await page.goto('/folders');
    const stamp = Date.now();
    const first = await createJd(page, `Filter Desk A ${stamp}`, { resumeRequired: false, keySkills: 'Empathy, Writing, Zendesk' });
    const second = await createJd(page, `Filter Desk B ${stamp}`, { resumeRequired: false, keySkills: 'Empathy, Writing, Zendesk' });
    const people = Array.from(
      { length: 12 },
      (_, i) => `Person ${String.fromCharCode(76 - i)} ${stamp},p${i}.${stamp}@example.com,98110${String(i).padStart(5, '0')}`,
    );
    await importCsv(page, first.jobDescId, `Name,Email,Phone\n${people.join('\n')}\n`);
    await importCsv(page, second.jobDescId, `Name,Email,Phone\nOther Person ${stamp},other.${stamp}@example.com,9811999999\n`);

    await page.goto('/candidates');
    const rows = page.getByTestId('candidate-row');
    await page.getByLabel('Job', { exact: true }).selectOption({ label: `Filter Desk A ${stamp}` });
    await expect(page).toHaveURL(new RegExp(`[?&]job=${first.jdid}`));
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('1–10 of 12');
    await expect(rows).toHaveCount(10);

    // Rows per page and sorting by the Candidate column, on the server.
    await page.getByLabel('Rows per page').selectOption('20');
    await expect(rows).toHaveCount(12);
    const candidateHeader = page.getByRole('columnheader', { name: /Candidate/ });
    await candidateHeader.getByRole('button').click();
    await expect(candidateHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(`Person A ${stamp}`);
    await expect(rows.last()).toContainText(`Person L ${stamp}`);
    await expect(page).toHaveURL(/pageSize=20/);
    await expect(page).toHaveURL(/sort=name/);

    // Nobody here has had an AI interview, or an ATS verdict.
    await page.getByLabel('Interview').selectOption('Pass');
    await expect(page).toHaveURL(/interviewStatus=Pass/);
    await expect(page.getByText('No candidates found')).toBeVisible();
    await page.getByLabel('Interview').selectOption('');
    await expect(rows).toHaveCount(12);
    await page.getByLabel('Recommendation').selectOption('Fail');
    await expect(page.getByText('No candidates found')).toBeVisible();
    await page.getByLabel('Recommendation').selectOption('');
    await expect(rows).toHaveCount(12);
    await expectAccessible(page);

    // A reload (or a shared link) keeps every choice.
    await page.reload();
    await expect(page.getByLabel('Job', { exact: true })).toHaveValue(first.jdid);
    await expect(page.getByLabel('Rows per page')).toHaveValue('20');
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    await expect(rows.first()).toContainText(`Person A ${stamp}`);

    // On a phone the filters fold behind one button (counting the job chosen); Sort by orders the cards.
    await page.setViewportSize(PHONE);
    const cards = page.getByTestId('candidate-card');
    await expect(cards).toHaveCount(12);
    await expect(page.getByLabel('Sort by')).toBeHidden();
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await page.getByLabel('Sort by').selectOption('oldest');
    await expect(cards.first()).toContainText(`Person L ${stamp}`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Job', { exact: true })).toHaveValue('');
    await expect(page).not.toHaveURL(/job=/);
  });
});

test.describe('View Resume', () => {
  test('shows a DOCX as a page inside the app and a PDF in the browser’s viewer, each with Download', async ({ page }) => {
    await page.goto('/folders');
    const jd = await createJd(page, `Accounts Lead ${Date.now()}`, { resumeRequired: true, keySkills: 'Accounting, Excel, Taxation' });
    const rows = await uploadResumes(page, jd, ['oluwaseun_table.docx', 'mei_libreoffice.pdf']);
    const docx = rows.find((row) => row.candidateName === 'Oluwaseun Adeyemi')!;
    const pdf = rows.find((row) => row.resumeId !== docx.resumeId)!;

    // The DOCX: its headings, lists and table as a page, not a download.
    await page.goto(`/candidate/analysis/${docx.resumeId}/0`);
    await page.getByRole('link', { name: 'View Resume' }).click();
    const viewer = page.getByRole('dialog', { name: 'Resume of Oluwaseun Adeyemi' });
    const document = viewer.getByRole('article', { name: 'Resume of Oluwaseun Adeyemi' });
    await expect(document.getByRole('heading', { level: 1, name: 'Oluwaseun Adeyemi' })).toBeVisible();
    await expect(document.getByRole('heading', { name: 'Work Experience' })).toBeVisible();
    await expect(document.getByRole('listitem').first()).toContainText('Prepared financial statements');
    await expect(document.getByRole('cell', { name: 'Financial Modelling' })).toBeVisible();
    const download = viewer.getByRole('link', { name: 'Download' });
    await expect(download).toHaveAttribute('download', 'oluwaseun_table.docx');
    await expectAccessible(page);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('oluwaseun_table.docx');

    await page.setViewportSize(PHONE);
    await expect(document).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The PDF: framed from its signed link, inline, which only our own pages may frame.
    await page.goto(`/candidate/analysis/${pdf.resumeId}/0`);
    const [framed] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/Drive/ResumeFile')),
      page.getByRole('link', { name: 'View Resume' }).click(),
    ]);
    expect(framed.status()).toBe(200);
    // Chromium's PDF viewer hides the navigation's headers; ask for the same signed link again.
    const headers = (await page.request.get(framed.url())).headers();
    expect(headers['content-type']).toContain('application/pdf');
    expect(headers['content-disposition']).toMatch(/^inline/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    const pdfViewer = page.getByRole('dialog', { name: /^Resume/ });
    await expect(pdfViewer.locator('iframe')).toHaveAttribute('src', /\/api\/Drive\/ResumeFile\?/);
    await expect(pdfViewer.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'mei_libreoffice.pdf');
  });
});
