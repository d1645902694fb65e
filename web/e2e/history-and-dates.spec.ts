import type { Locator, Page } from '@playwright/test';

import { PHONE, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { advanceSimulator, api, bookInterview, createAssistant, createJd, importCsv } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';

/**
 * The recruiter-experience issue's call history (problem 3) and dates (problems 3 and 9): the
 * history fits at 1280 px with an outcome column and whole-row links, turns into cards on a
 * phone, and every date is written one way in the viewer's zone; the candidate's scheduled
 * view shows the booked slot in local time. Calls and invites are made through the real API and
 * the simulator runs the calls.
 */

test.use({ storageState: STORAGE_STATE });

const DESKTOP = { width: 1280, height: 800 };

/** "Mar 2, 2026, 6:15 AM" and a zone name after it: the one format of a call time. */
const CALL_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+$/;

/** Date and time in IST (+05:30) `minutes` from now, as the schedule form takes them. */
function istIn(minutes: number): { date: string; time: string } {
  const ist = new Date(Date.now() + minutes * 60_000 + (5 * 60 + 30) * 60_000).toISOString();
  return { date: ist.slice(0, 10), time: ist.slice(11, 16) };
}

/**
 * Places one outbound call a candidate through the API and lets the simulator run them all to
 * their end. The simulator steers the outcome by a word in the name ("Pass", "Review").
 */
async function completedCalls(page: Page, names: string[]): Promise<Map<string, string>> {
  // The API helper calls from the page, with its stored token.
  await page.goto('/');
  const assistantName = `History ${Date.now() % 100000}`;
  const assistantId = await createAssistant(page, assistantName, 'Backend Engineer', ['Rust'], ['Tell me about a service you built']);
  const when = istIn(10);
  const ids = new Map<string, string>();
  for (const candidateName of names) {
    const { id } = await api<{ id: string }>(page, 'POST', '/api/Voice/calls', {
      assistantId,
      candidateName,
      phone: '919876543210',
      ...when,
    });
    ids.set(candidateName, id);
  }
  await advanceSimulator(3600);
  return ids;
}

/**
 * Clicks the middle of `target` as a person would: the row's link lies over the whole row, so
 * the click lands on it (Playwright's own click would refuse a covered element).
 */
async function clickOver(page: Page, target: Locator, button: 'left' | 'middle' = 'left') {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button });
}

/** Neither the page nor `box` scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, box: Locator) {
  const widths = (locator: Locator) => locator.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  for (const element of [page.locator('html'), page.locator('#main'), box]) {
    const { scroll, client } = await widths(element);
    expect(scroll, `${await element.evaluate((el) => el.tagName)} scrolls sideways`).toBeLessThanOrEqual(client);
  }
}

/**
 * Opens the call history at `viewport` and checks it shows `layout` (not the other one) and
 * that nothing scrolls sideways; returns the list shown.
 */
async function openHistory(page: Page, viewport: { width: number; height: number }, layout: 'table' | 'cards'): Promise<Locator> {
  await page.setViewportSize(viewport);
  await page.goto('/interview/history');
  const [shown, hidden] = layout === 'table' ? ['call-history-table', 'call-history-cards'] : ['call-history-cards', 'call-history-table'];
  const list = page.getByTestId(shown);
  await expect(list).toBeVisible();
  await expect(page.getByTestId(hidden)).toBeHidden();
  await expectNoSidewaysScroll(page, list);
  return list;
}

test.describe('call history', () => {
  test('fits at 1280×800 with an outcome column, and a whole row is one link to the analysis', async ({ page }) => {
    const stamp = Date.now() % 100000;
    const pass = `Maximiliana Konstantinopoulou Pass ${stamp}`;
    const review = `Bo Review ${stamp}`;
    const ids = await completedCalls(page, [pass, review]);
    const table = await openHistory(page, DESKTOP, 'table');
    await expect(table.getByRole('columnheader', { name: 'Outcome' })).toBeVisible();

    const passRow = table.getByRole('row').filter({ hasText: pass });
    const reviewRow = table.getByRole('row').filter({ hasText: review });
    // The outcome in words: the call completed, and the interview's verdict (our scoring of the
    // simulator's strong answers may still ask for a review).
    await expect(passRow.getByTestId('call-outcome')).toHaveText('Completed');
    await expect(passRow.getByTestId('call-verdict')).toHaveText(/^(Pass|Needs Review)$/);
    await expect(reviewRow.getByTestId('call-verdict')).toHaveText('Needs Review');
    await expect(passRow.getByRole('cell').nth(1)).toHaveText(CALL_TIME);

    // Every cell of the row lies inside the table's box: nothing is off-screen.
    const tableBox = (await table.boundingBox())!;
    for (const cell of await passRow.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 0.5);
    }

    // One real link a row, named by the candidate; the copy button still copies.
    const link = passRow.getByRole('link');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAccessibleName(`${pass} – View Analysis`);
    await expect(link).toHaveAttribute('href', `/analysis/${ids.get(pass)}`);
    await passRow.getByRole('button', { name: /Copy call ID/ }).click();
    await expect(passRow.getByText('Copied!')).toBeVisible();
    await expect(page).toHaveURL(/\/interview\/history$/);
    await expectAccessible(page);

    // A middle click anywhere on the row opens the analysis in a new tab.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), clickOver(page, passRow.getByRole('cell').nth(2), 'middle')]);
    await expect(tab).toHaveURL(new RegExp(`/analysis/${ids.get(pass)}$`));
    await tab.close();

    // The keyboard reaches the link; a plain click on another cell follows it too.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/analysis/${ids.get(pass)}$`));
    await page.getByRole('link', { name: 'Back to Call History' }).click();
    await clickOver(page, reviewRow.getByRole('cell').nth(2));
    await expect(page).toHaveURL(new RegExp(`/analysis/${ids.get(review)}$`));
  });

  test('sorts the loaded calls by a column, either way', async ({ page }) => {
    const stamp = Date.now() % 100000;
    const [first, last] = [`Aaron Aardvark Pass ${stamp}`, `Zoe Zimmer Pass ${stamp}`];
    await completedCalls(page, [last, first]);
    await page.goto('/interview/history');
    const table = page.getByTestId('call-history-table');
    const order = async () => {
      const names = await table.getByRole('row').allTextContents();
      return [names.findIndex((text) => text.includes(first)), names.findIndex((text) => text.includes(last))] as const;
    };
    await expect(table.getByRole('columnheader', { name: 'Ended' })).toHaveAttribute('aria-sort', 'descending');

    await table.getByRole('button', { name: 'Candidate' }).click();
    await expect(table.getByRole('columnheader', { name: 'Candidate' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: 'Ended' })).not.toHaveAttribute('aria-sort');
    const [a, z] = await order();
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(z);

    await table.getByRole('button', { name: 'Candidate' }).click();
    await expect(table.getByRole('columnheader', { name: 'Candidate' })).toHaveAttribute('aria-sort', 'descending');
    const [a2, z2] = await order();
    expect(z2).toBeLessThan(a2);
  });

  test('on a phone (390×844) the calls are cards and nothing scrolls sideways', async ({ page }) => {
    const stamp = Date.now() % 100000;
    const name = `Priyadarshini Venkataraman Pass ${stamp}`;
    const ids = await completedCalls(page, [name]);
    const cards = await openHistory(page, PHONE, 'cards');
    const card = cards.getByRole('listitem').filter({ hasText: name });
    await expect(card.getByTestId('call-outcome')).toHaveText('Completed');
    await expect(card.getByTestId('call-verdict')).toHaveText(/^(Pass|Needs Review)$/);
    await expect(card.getByRole('definition').first()).toHaveText(CALL_TIME);
    await expectAccessible(page);

    // The cards sort like the table's headers.
    await page.getByLabel('Sort by').selectOption({ label: 'Candidate: Z–A' });
    await expect(page.getByLabel('Sort by')).toHaveValue('candidate:desc');

    // A tap on the card opens the analysis.
    await clickOver(page, card.getByRole('definition').nth(1));
    await expect(page).toHaveURL(new RegExp(`/analysis/${ids.get(name)}$`));
  });
});

test.describe('one date format in the viewer’s zone', () => {
  // A German browser in India: before, each page wrote its own German date, in two formats.
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'de-DE' });

  test('call times name the zone; other pages write dates the same way', async ({ page }) => {
    const name = `Dina Dates Pass ${Date.now() % 100000}`;
    await completedCalls(page, [name]);
    await page.goto('/interview/history');
    const ended = page.getByTestId('call-history-table').getByRole('row').filter({ hasText: name }).locator('time');
    await expect(ended).toHaveText(CALL_TIME);
    await expect(ended).toHaveText(/GMT\+5:30$/);
    // The instant behind it, read back in Kolkata, is what is written.
    const iso = (await ended.getAttribute('datetime'))!;
    const expected = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(iso));
    expect((await ended.textContent())!.replace(/\s/g, ' ')).toBe(`${expected.replace(/\s/g, ' ')} GMT+5:30`);

    // A JD folder's date: the same month-day-year, of the day it is in Kolkata.
    await createJd(page, `Dated JD ${Date.now()}`);
    await page.goto('/folders');
    const today = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'short', day: 'numeric' }).format(
      new Date(),
    );
    await expect(page.getByRole('main').getByText(today, { exact: true }).first()).toBeVisible();
  });
});

test.describe('the candidate’s scheduled view', () => {
  test('shows the slot in the local time of the browser, with the booked zone’s time beside it', async ({ page, browser, baseURL }) => {
    const stamp = Date.now();
    const email = `tara.${stamp}@example.com`;
    await page.goto('/');
    const jd = await createJd(page, `Zone check ${stamp}`);
    await importCsv(page, jd.jobDescId, `Name,Email,Phone\nTara Zone,${email},9811223344\n`);
    const [row] = await api<Array<{ resumeId: number }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
    const assistant = await createAssistant(page, `Zone assistant ${stamp}`, 'Support Agent', ['Empathy'], ['Tell me about a hard ticket']);
    const outbox = snapshotOutbox();
    await api(page, 'POST', '/api/Interview/SendInvites', { jobDescId: jd.jobDescId, assistantId: assistant, resumeIds: [row!.resumeId] });
    const invitation = await waitForMail({ email, subject: 'Interview invitation', before: outbox });
    const inviteId = /\/nextstep\?inviteId=([\w-]+)/.exec(invitation.find((p) => p.type.startsWith('text/plain'))!.text)![1]!;

    // Booked for 10:00 in Kolkata the day after tomorrow: the evening before in New York.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const slot = new Date(`${day}T10:00:00+05:30`);
    await bookInterview(baseURL!, {
      inviteId,
      candidateName: 'Tara Zone',
      jobRole: `Zone check ${stamp}`,
      slot,
      timeZoneName: 'Asia/Kolkata',
      gmtValue: 'GMT+05:30',
    });

    const newYork = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options }).format(slot).replace(/\s/g, ' ');
    const localDate = newYork({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
    const localTime = newYork({ hour: 'numeric', minute: '2-digit' });

    const context = await browser.newContext({ baseURL, timezoneId: 'America/New_York', storageState: undefined });
    const candidate = await context.newPage();
    await candidate.goto(`/nextstep?inviteId=${inviteId}`);
    await expect(candidate.getByTestId('invite-view-scheduled')).toBeVisible();
    await expect(candidate.getByTestId('interview-date')).toHaveText(localDate);
    await expect(candidate.getByTestId('interview-time')).toHaveText(new RegExp(`^${localTime}\\sE[SD]T$`));
    await expect(candidate.getByTestId('interview-as-booked')).toContainText('at 10:00 AM IST (Asia/Kolkata).');
    // The spec's texts stay as they were.
    await expect(candidate.getByText('Interview link will be enabled 5 minutes before the scheduled time')).toBeVisible();
    await expectAccessible(candidate);

    // The confirmation page, reloaded, says the same local time.
    await candidate.goto(`/ScheduleInterview?inviteId=${inviteId}`);
    await expect(candidate.getByText(/Your interview has been successfully scheduled for/)).toContainText(`${localDate} at ${localTime}`);
    await context.close();
  });
});
