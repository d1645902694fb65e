import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

import { snapshotOutbox, waitForOtp } from './support/outbox';
import { ADMIN } from './support/server';

export { ADMIN, expect };

export const SCREENSHOT_DIR = new URL('./screenshots/', import.meta.url).pathname;

/** The two sizes every screen is tried at: a laptop and a phone. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
];

/** The signed-in session that e2e/signed-in.setup.ts saves for the specs that start signed in. */
export const STORAGE_STATE = new URL('./.auth/admin.json', import.meta.url).pathname;

/**
 * Tests get the server that the global setup started as their baseURL, and
 * fail on any uncaught page error or console error (a CSP violation, a React
 * warning), except the browser's own notes about HTTP error statuses, which
 * some tests provoke on purpose.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Playwright reads fixture dependencies from the destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const baseUrl = process.env.HIRELANE_E2E_BASE_URL;
    if (!baseUrl) throw new Error('HIRELANE_E2E_BASE_URL is not set; is the global setup running?');
    await use(baseUrl);
  },
  // A test that provokes an error on purpose removes it from this list.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/^Failed to load resource: the server responded with a status of (400|401|403|404|409|429)\b/.test(text)) return;
        errors.push(`console error: ${text}`);
      });
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Fills the e-mail step with `typed`, sends the OTP and returns the code from
 * the outbox (mailed to the trimmed, lowercased address). `dataDir`: a server
 * of the spec's own, instead of the run's.
 */
export async function requestCode(page: Page, typed: string = ADMIN.email, dataDir?: string): Promise<string> {
  const before = snapshotOutbox(dataDir);
  await page.getByLabel('Email address').fill(typed);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Code' })).toBeVisible();
  return waitForOtp({ email: typed.trim().toLowerCase(), before, dataDir });
}

/** Fails on WCAG 2 A/AA violations that axe finds on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours measured mid-transition (a button just enabled fading from red-300 to red-600)
  // fail the contrast rule for a few frames; wait for CSS transitions only, since a toast's
  // animations run until it closes and then it fades out.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Contrast is judged on what is painted: a toast still animating in (a CSS animation, not a
  // transition) is not yet its final colour. Endless ones (spinners) never finish; skip them.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = violations.map(({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(summary, 'accessibility violations').toEqual([]);
}
