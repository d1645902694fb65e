import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import { ADMIN, STORAGE_STATE, expect, requestCode, test } from './fixtures';

/**
 * Signs the recruiter in once for the whole run and saves the session
 * (localStorage) for the specs that start signed in, so the suite stays far
 * under the server's limit of 6 code e-mails per address per 15 minutes.
 */
test('sign in once and keep the session', async ({ page }) => {
  await page.goto('/login');
  const code = await requestCode(page);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('user-initials')).toHaveText('AU');
  expect(await page.evaluate(() => localStorage.getItem('fullName'))).toBe(ADMIN.fullName);
  mkdirSync(dirname(STORAGE_STATE), { recursive: true });
  await page.context().storageState({ path: STORAGE_STATE });
});
