import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { SCREENSHOT_DIR, DESKTOP, PHONE, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { api, importCsv } from './support/control';
import { allowProvokedErrors, createCsvJd } from './support/recruiter';
import type { Jd } from './support/recruiter';

/**
 * Issue 35 ("act where you read, see more at once, never a silent failure"), in Chromium against
 * the real server: the candidate page's stage actions, the board card's "Move to…" menu by
 * keyboard, the candidate table's density, the shell that exactly fits the window, the banner
 * while the server does not answer, and a refused upload that names its file. Everything is
 * seeded through the real API; the outage is provoked with `page.route`.
 */

test.use({ storageState: STORAGE_STATE });

const A_RESUME = join(import.meta.dirname, '..', '..', 'demo', 'resumes', 'backend', '01-aditi.pdf');

type Seeded = { jd: Jd; jdname: string; names: string[]; resumeIdOf: (name: string) => number };

/** A JD without resumes and twelve candidates from a CSV, named with one fresh word. */
async function seed(page: Page): Promise<Seeded> {
  const token = `Quill${Date.now().toString(36)}`;
  const jdname = `${token} Customer Success Lead, Enterprise Accounts (EMEA and APAC)`;
  const jd = await createCsvJd(page, jdname);
  const names = Array.from({ length: 12 }, (_, index) => `Cand${String(index + 1).padStart(2, '0')} ${token}`);
  const csv = `Name,Email,Phone\n${names.map((name, index) => `${name},c${index + 1}.${token.toLowerCase()}@example.com,98112233${String(index).padStart(2, '0')}`).join('\n')}\n`;
  await importCsv(page, jd.jobDescId, csv);
  const rows = await api<Array<{ resumeId: number; candidateName: string }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  return { jd, jdname, names, resumeIdOf: (name) => rows.find((row) => row.candidateName === name)!.resumeId };
}

/** How far the document itself scrolls beyond the window (the shell's regions scroll instead). */
const documentOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);

test.describe('recruiter and candidate experience, round two', () => {
  let seeded: Seeded;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ storageState: STORAGE_STATE, baseURL: process.env.HIRELANE_E2E_BASE_URL });
    await page.goto('/');
    seeded = await seed(page);
    await page.close();
  });

  test('the candidate page shows the stage and moves the candidate: reject with e-mail, then undo', async ({ page }) => {
    const name = seeded.names[0]!;
    await page.goto(`/candidate/analysis/${seeded.resumeIdOf(name)}/0`);
    const bar = page.getByRole('region', { name: 'Stage' });
    await expect(bar.getByTestId('current-stage')).toHaveText('New');

    // Reject with e-mail: the board's dialog, the e-mail ticked and previewed.
    await bar.getByRole('button', { name: 'Reject with e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${name}` });
    await expect(dialog.getByRole('checkbox', { name: 'Send an e-mail to the candidate' })).toBeChecked();
    await dialog.getByLabel('Reason').fill('Looking for more enterprise experience');
    await expect(dialog.getByRole('region', { name: 'E-mail preview' }).getByTestId('preview-body')).toContainText(`Dear ${name},`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(bar.getByTestId('current-stage')).toHaveText('Rejected');
    await expect(bar).toContainText('Looking for more enterprise experience');

    // Undo: back to the stage the system had put them in, from the same menu as the board's.
    await bar.getByRole('button', { name: `Move ${name} to…` }).click();
    await page.getByRole('menuitem', { name: 'New', exact: true }).click();
    await expect(bar.getByTestId('current-stage')).toHaveText('New');
    await expectAccessible(page);
  });

  test("a board card's Move to… menu reaches a far column by keyboard", async ({ page }) => {
    const name = seeded.names[1]!;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/jd/${seeded.jd.jdid}/board`);
    const column = (stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
    const card = column('new').getByTestId('board-card').filter({ hasText: name });
    await expect(card.getByTestId('card-next')).toHaveText('Next: Review, then invite');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'experience-board-1280.png') });

    const menuButton = card.getByRole('button', { name: `Move ${name} to…` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Move ${name} to` });
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Withdrawn…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Withdraw ${name}` });
    await dialog.getByLabel('Reason').fill('Took another offer');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText(`${name} moved to Withdrawn.`)).toBeVisible();
    await expect(column('withdrawn').getByRole('link', { name })).toBeVisible();
    await expect(column('withdrawn').getByTestId('column-count')).toHaveText('Candidates: 1');
  });

  test('the candidate table shows ten candidates at 1280×800 on one line each; a phone folds the filters', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/candidates?job=${seeded.jd.jdid}`);
    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(10);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'experience-list-1280.png') });
    const measured = await page.evaluate(() => {
      const main = document.getElementById('main')!.getBoundingClientRect();
      const all = Array.from(document.querySelectorAll('[data-testid="candidate-row"]'));
      const visible = all.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= main.top && box.bottom <= main.bottom;
      });
      const scroller = document.querySelector('table')!.parentElement!;
      const job = document.querySelector<HTMLElement>('[data-testid="row-job"]')!;
      return {
        visible: visible.length,
        tallest: Math.max(...all.map((row) => row.getBoundingClientRect().height)),
        sideways: scroller.scrollWidth - scroller.clientWidth,
        jobLines: Math.round(job.getBoundingClientRect().height / parseFloat(getComputedStyle(job).lineHeight)),
        jobTitle: job.title,
      };
    });
    expect(measured.visible).toBeGreaterThanOrEqual(10);
    expect(measured.sideways, 'every column fits without scrolling sideways').toBe(0);
    expect(measured.jobLines, 'the job title stays on one line').toBe(1);
    expect(measured.jobTitle, 'a cut-short title has the whole of it as its tooltip').toBe(seeded.jdname);
    expect(measured.tallest).toBeLessThanOrEqual(56);
    await expectAccessible(page);

    await page.setViewportSize(PHONE);
    await page.reload();
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveText('Filters (1)');
    await expect(page.getByLabel('Stage', { exact: true })).toBeHidden();
    await filters.click();
    await expect(page.getByLabel('Stage', { exact: true })).toBeVisible();
  });

  test('the shell exactly fits the window on every page at 1280×800 and 390×844; the top bar stays', async ({ page }) => {
    const pages = [
      '/',
      '/folders',
      `/jd/${seeded.jd.jdid}`,
      `/jd/${seeded.jd.jdid}/board`,
      '/candidates',
      `/candidate-details/${seeded.jd.jdid}`,
      `/candidate/analysis/${seeded.resumeIdOf(seeded.names[2]!)}/0`,
      '/activity',
      '/interview/assistants',
      '/settings/team',
    ];
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator('#page-title')).toBeVisible();
        expect(await documentOverflow(page), `${path} at ${size.width}×${size.height}`).toBeLessThanOrEqual(0);
      }
    }
    // A long page scrolls inside the shell: the top bar does not move.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/candidate/analysis/${seeded.resumeIdOf(seeded.names[2]!)}/0`);
    await expect(page.locator('#page-title')).toBeVisible();
    await page.locator('#main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await page.mouse.move(100, 500);
    await page.mouse.wheel(0, 800);
    expect((await page.locator('header').first().boundingBox())!.y).toBe(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  });

  test('an unreachable server: a banner with Retry inside the shell, cached data marked, back once it answers', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/candidate-details/${seeded.jd.jdid}`);
    await expect(page.getByTestId('candidate-row')).toHaveCount(10);

    // The server stops answering.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('The Hirelane server cannot be reached.');
    // Inside the shell: the sidebar and the top bar are still there.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    // Back to a page seen before: its rows, from the cache, marked as loaded earlier.
    await page.goBack();
    await expect(page.getByTestId('candidate-row')).toHaveCount(10);
    await expect(banner.getByTestId('stale-note')).toContainText(/What you see was loaded at .* and may be out of date\./);
    await expectAccessible(page);

    // It answers again: Retry brings everything back and the banner leaves.
    await page.unroute('**/api/**');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('candidate-row')).toHaveCount(10);
    allowProvokedErrors(consoleErrors, [/ERR_CONNECTION_REFUSED/, /Failed to load/, /Network error/]);
  });

  test('a refused upload names the file and why, and the page stays until it is dismissed', async ({ page }) => {
    await page.goto('/');
    const withResumes = await api<Jd>(page, 'POST', '/api/Drive/CreateJobFolder', {
      jobDescId: 0,
      jdid: '',
      jdname: `Backend Engineer ${Date.now().toString(36)}`,
      jddescription: '<p>Services in Rust.</p>',
      keySkills: 'Rust, PostgreSQL, Kubernetes',
      experience: '3+ years',
      additionalNotes: '',
      resumeRequired: true,
      applyLastDate: null,
      createdOn: new Date().toISOString(),
    });
    await page.goto(`/jd/${withResumes.jdid}`);
    await page.getByTestId('upload-input').setInputFiles([
      { name: '01-aditi.pdf', mimeType: 'application/pdf', buffer: readFileSync(A_RESUME) },
      { name: 'old-resume.doc', mimeType: 'application/msword', buffer: Buffer.from('Word 97 document') },
    ]);
    const notice = page.getByTestId('upload-refused');
    await expect(notice).toContainText('1 file was not accepted');
    await expect(notice.getByRole('listitem')).toHaveText('old-resume.doc: Invalid file format. Please upload a PDF or DOCX file.');
    // The accepted one uploads, and the page stays to say which one was not.
    await expect(page.getByText('Uploaded 1 of 1', { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/jd/${withResumes.jdid}$`));
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
  });
});
