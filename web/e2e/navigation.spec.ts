import type { Locator, Page } from '@playwright/test';

import { DESKTOP, PHONE, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { allowProvokedErrors, csvJdWithCandidate, finishedCall } from './support/recruiter';
import type { Jd } from './support/recruiter';

/**
 * The recruiter-experience issue's "Navigation" and "One layout": one page frame on every
 * recruiter page, breadcrumbs on the detail pages, and the global search (⌘K / Ctrl+K).
 * Everything is seeded through the real API; failures are provoked with `page.route`.
 */

test.use({ storageState: STORAGE_STATE });

type Seeded = {
  token: string;
  jdname: string;
  candidate: string;
  jd: Jd;
  resumeId: number;
  assistant: string;
  assistantId: string;
  callId: string;
};

/** A JD with a candidate, an assistant and a finished call, all named with one fresh word. */
async function seed(page: Page): Promise<Seeded> {
  // A word no other test writes, so the search finds exactly what is seeded here.
  const token = `Zephyr${Date.now().toString(36)}`;
  const jdname = `${token} Support Lead`;
  const candidate = `Nia ${token}`;
  const { jd, resumeId } = await csvJdWithCandidate(page, jdname, { name: candidate, email: `nia.${token.toLowerCase()}@example.com` });
  const assistant = `${token} interviewer`;
  const { assistantId, callId } = await finishedCall(page, { assistantName: assistant, candidateName: candidate });
  return { token, jdname, candidate, jd, resumeId, assistant, assistantId, callId };
}

/** Every page under the signed-in shell (the router's protected routes), with the seeded ids. */
const recruiterPages = (s: Seeded) => [
  '/',
  '/folders',
  `/jd/${s.jd.jdid}`,
  `/jd/${s.jd.jdid}/board`,
  '/recent',
  '/create',
  `/edit/${s.jd.jobDescId}`,
  `/editjd/${s.jd.jdid}`,
  '/bin',
  `/search?q=${s.token}`,
  '/templates',
  '/candidates',
  `/candidate/analysis/${s.resumeId}/0`,
  `/candidate-details/${s.jd.jdid}`,
  '/interview',
  '/interview/schedule',
  '/interview/history',
  '/call-history',
  `/analysis/${s.callId}`,
  '/interview/assistants',
  `/interview/assistants/${s.assistantId}`,
  '/interview/create-assistant',
  '/interview/search',
  '/activity',
  '/settings/team',
  '/settings/templates',
  '/settings/organization',
  '/settings/erasure-requests',
  '/settings/requests',
  '/settings/fairness',
];

/** Where the page's title starts and how wide its frame may grow. */
async function frameOf(page: Page) {
  const title = page.locator('#page-title');
  await expect(title).toBeVisible();
  await expect(page.getByTestId('page-frame')).toHaveCount(1);
  const frame = page.getByTestId('page-frame');
  return {
    titleLeft: Math.round((await title.boundingBox())!.x),
    frameLeft: Math.round((await frame.boundingBox())!.x),
    frameWidth: Math.round((await frame.boundingBox())!.width),
    maxWidth: await frame.evaluate((element) => getComputedStyle(element).maxWidth),
  };
}

/** Whether the page or its scrolling main area is wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const main = document.getElementById('main')!;
    return { page: document.documentElement.scrollWidth - window.innerWidth, main: main.scrollWidth - main.clientWidth };
  });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trail = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

async function expectCurrent(nav: Locator, label: string) {
  await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
}

test.describe('one layout and navigation', () => {
  let seeded: Seeded;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ storageState: STORAGE_STATE, baseURL: process.env.HIRELANE_E2E_BASE_URL });
    await page.goto('/');
    seeded = await seed(page);
    await page.close();
  });

  test('every recruiter page has one frame: the same title edge and max width at 1280×800, nothing wider than a phone at 390×844', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const pages = recruiterPages(seeded);

    await page.setViewportSize(DESKTOP);
    const measured = [];
    for (const path of pages) {
      await page.goto(path);
      measured.push({ path, ...(await frameOf(page)) });
      await expectAccessible(page);
    }
    const [first] = measured;
    // The title starts where the frame starts, and the frame is one width everywhere.
    expect(first!.titleLeft).toBe(first!.frameLeft);
    expect(measured).toEqual(pages.map((path) => ({ ...first!, path })));

    await page.setViewportSize(PHONE);
    for (const path of pages) {
      await page.goto(path);
      await frameOf(page);
      expect(await overflow(page), path).toEqual({ page: 0, main: 0 });
    }
  });

  test('detail pages show where they are with breadcrumbs, and the sidebar keeps their section lit', async ({ page }) => {
    const { jd, jdname, candidate, assistant } = seeded;
    const details: Array<{ path: string; section: string; links: string[]; current: string }> = [
      { path: `/jd/${jd.jdid}`, section: 'JD Folders', links: ['JD Folders'], current: jdname },
      { path: `/candidate-details/${jd.jdid}`, section: 'JD Folders', links: ['JD Folders', jdname], current: 'Candidates' },
      { path: `/jd/${jd.jdid}/board`, section: 'JD Folders', links: ['JD Folders', jdname], current: 'Board' },
      { path: `/editjd/${jd.jdid}`, section: 'JD Folders', links: ['JD Folders', jdname], current: 'Edit' },
      { path: `/candidate/analysis/${seeded.resumeId}/0`, section: 'Candidate List', links: ['Candidate List'], current: candidate },
      { path: `/interview/assistants/${seeded.assistantId}`, section: 'Assistants', links: ['Assistants'], current: assistant },
      { path: `/analysis/${seeded.callId}`, section: 'Call history', links: ['Call history'], current: candidate },
    ];
    for (const { path, section, links, current } of details) {
      await page.goto(path);
      const crumbs = trail(page);
      await expect(crumbs.locator('[aria-current="page"]'), path).toHaveText(current);
      await expect(crumbs.getByRole('link')).toHaveText(links);
      await expectCurrent(sidebar(page), section);
    }

    // The trail leads back up: Board › the JD › JD Folders.
    await page.goto(`/jd/${jd.jdid}/board`);
    await trail(page).getByRole('link', { name: jdname }).click();
    await expect(page).toHaveURL(new RegExp(`/jd/${jd.jdid}$`));
    await expect(page.getByRole('heading', { level: 1, name: jdname })).toBeVisible();
    await trail(page).getByRole('link', { name: 'JD Folders' }).click();
    await expect(page).toHaveURL(/\/folders$/);
    await expect(trail(page)).toHaveCount(0);
    await expectCurrent(sidebar(page), 'JD Folders');
  });

  test('the global search finds JDs, candidates and assistants, by keyboard from ⌘K / Ctrl+K', async ({ page }) => {
    const { token, jdname, candidate, assistant } = seeded;
    await page.goto('/folders');
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await expect(trigger).toBeVisible();
    // The shortcut works wherever the focus is, and gives the focus back there.
    const foldersLink = sidebar(page).getByRole('link', { name: 'JD Folders', exact: true });
    await foldersLink.focus();

    await page.keyboard.press('ControlOrMeta+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search JDs, candidates and assistants' });
    await expect(input).toBeFocused();
    await input.pressSequentially(token.toLowerCase());
    const results = dialog.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('group', { name: 'JDs' }).getByRole('option')).toHaveText([new RegExp(`^${jdname}`)]);
    await expect(results.getByRole('group', { name: 'Candidates' }).getByRole('option')).toHaveText([new RegExp(`^${candidate}`)]);
    await expect(results.getByRole('group', { name: 'Assistants' }).getByRole('option')).toHaveText([new RegExp(`^${assistant}`)]);
    await expectAccessible(page);

    // The first result is active; the arrows move, Enter opens, focus returns to the top bar.
    await expect(results.getByRole('option', { selected: true })).toContainText(jdname);
    await page.keyboard.press('ArrowDown');
    await expect(results.getByRole('option', { selected: true })).toContainText(candidate);
    await expect(input).toHaveAttribute(
      'aria-activedescendant',
      (await results.getByRole('option', { selected: true }).getAttribute('id'))!,
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/candidate/analysis/${seeded.resumeId}/0$`));
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: candidate })).toBeVisible();
    await expect(foldersLink).toBeFocused();

    // The top bar's button opens it too; Escape closes it and gives focus back.
    await trigger.click();
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('');
    await input.pressSequentially(assistant.toLowerCase());
    await page.keyboard.press('ArrowUp');
    await expect(results.getByRole('option', { selected: true })).toContainText(assistant);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await input.pressSequentially(`qq${token}nothing`);
    await expect(dialog.getByText('No results found.')).toBeVisible();
    await expect(results).toHaveCount(0);
  });

  test('a failed search says so with Retry instead of "No results found."', async ({ page, consoleErrors }) => {
    const { token, candidate } = seeded;
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
    const searchAll = /\/api\/Drive\/SearchAll(\?|$)/;
    try {
      await page.route(searchAll, (route) => route.fulfill({ status: 500, json: { message: 'Internal error', code: 'internal' } }));
      await page.keyboard.press('ControlOrMeta+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('combobox').pressSequentially(token.toLowerCase());
      const alert = dialog.getByTestId('load-error');
      await expect(alert).toContainText('Something went wrong while searching.');
      await expect(dialog.getByText('No results found.')).toHaveCount(0);
      // The assistants answered: their match stays listed beside the failure.
      await expect(dialog.getByRole('group', { name: 'Assistants' })).toBeVisible();
      await expectAccessible(page);

      await page.unroute(searchAll);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(alert).toBeHidden();
      await expect(dialog.getByRole('group', { name: 'Candidates' }).getByRole('option')).toHaveText([new RegExp(`^${candidate}`)]);
    } finally {
      allowProvokedErrors(consoleErrors, [/status of 500/, /Search failed/]);
    }
  });

  test('on a phone the search is an icon in the top bar and its dialog fits the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/jd/${seeded.jd.jdid}/board`);
    await expect(trail(page).locator('[aria-current="page"]')).toHaveText('Board');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').pressSequentially(seeded.token.toLowerCase());
    await expect(dialog.getByRole('group', { name: 'Candidates' })).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await overflow(page)).toEqual({ page: 0, main: 0 });
    await expectAccessible(page);
  });
});
