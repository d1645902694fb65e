/**
 * Settings › API tokens in Chromium: an admin creates a token, sees its secret once, an
 * integration calls the API with it, and once revoked it is refused.
 */
import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';

test.use({ storageState: STORAGE_STATE });

test('an admin creates an API token, sees it once, uses it and revokes it', async ({ page }) => {
  const name = `HRIS sync ${Date.now()}`;
  await page.goto('/settings/api-tokens');
  await expect(page.getByRole('link', { name: 'API tokens' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('checkbox', { name: /candidates:read/ }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown.getByText('Copy the token now: it is not shown again.')).toBeVisible();
  const secret = (await shown.getByTestId('api-token-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^hl_[A-Za-z0-9_-]{40,}$/);
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByTestId('api-token').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row.getByTestId('api-token-last-use')).toHaveText('Never used');

  // The integration: no cookies, no session, only the token.
  const headers = { Authorization: `Bearer ${secret}` };
  const read = await page.request.get('/api/Drive/GetAllCandidates', { headers });
  expect(read.status()).toBe(200);
  const outOfScope = await page.request.get('/api/Drive/JDFolders', { headers });
  expect(outOfScope.status()).toBe(403);
  expect(await outOfScope.json()).toMatchObject({ code: 'token_scope', scope: 'jobs:read' });

  await page.reload();
  await expect(row.getByTestId('api-token-last-use')).toContainText('Last used');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Revoke token' })
    .click();
  await expect(page.getByText(`${name} is revoked.`)).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  const refused = await page.request.get('/api/Drive/GetAllCandidates', { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'token_revoked' });
});
