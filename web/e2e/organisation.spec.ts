/**
 * The organisation's name and the careers pages' not-found page in Chromium, at both sizes:
 * an admin renames the organisation in Settings and candidates read the new name on /careers;
 * a job address that names no open job says so and leads to the open jobs.
 */
import { SIZES, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { api } from './support/control';

test.use({ storageState: STORAGE_STATE });

test.describe('the organisation candidates see', () => {
  // The name is the deployment's: the other specs expect the default back.
  test.afterEach(async ({ page }) => {
    await api(page, 'PUT', '/api/Settings/Organization', { organizationName: 'Hirelane' });
  });

  for (const size of SIZES) {
    test(`an admin renames the organisation and /careers says the new name (${size.name})`, async ({ page, browser, baseURL }) => {
      await page.setViewportSize(size.viewport);
      const name = `Acme Robotics ${Date.now()}`;
      await page.goto('/settings/organization');
      const field = page.getByLabel(/^Name/);
      await expect(field).toHaveValue('Hirelane');
      await expectAccessible(page);
      await field.fill(name);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText("The organisation's name is saved.")).toBeVisible();
      await expectAccessible(page);

      const context = await browser.newContext({ baseURL, storageState: undefined, viewport: size.viewport });
      const candidate = await context.newPage();
      await candidate.goto('/careers');
      await expect(candidate.getByRole('heading', { level: 1, name: `Jobs at ${name}` })).toBeVisible();
      await context.close();
    });
  }
});

test.describe("the careers pages' not-found page", () => {
  for (const size of SIZES) {
    test(`a job address that names no open job says so and links to the open jobs (${size.name})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, storageState: undefined, viewport: size.viewport });
      const candidate = await context.newPage();
      const answer = await candidate.goto('/careers/no-such-job-here');
      expect(answer?.status()).toBe(404);
      await expect(candidate.getByRole('heading', { level: 1, name: 'This job is not open' })).toBeVisible();
      await expectAccessible(candidate);
      await candidate.getByRole('link', { name: 'See the open jobs' }).click();
      await expect(candidate).toHaveURL(/\/careers$/);
      await expect(candidate.getByRole('heading', { level: 1, name: /^Jobs at / })).toBeVisible();
      await context.close();
    });
  }
});
