import { expect, expectAccessible, test } from './fixtures';

test.describe('routing', () => {
  test('a protected URL redirects to /login', async ({ page }) => {
    for (const path of ['/', '/folders', '/interview/assistants', '/candidate/analysis/1/2']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in to Hirelane' })).toBeVisible();
    }
  });

  test('an expired session redirects to /login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'stale');
      localStorage.setItem('tokenExpiry', new Date(Date.now() - 60_000).toISOString());
      localStorage.setItem('fullName', 'Admin User');
    });
    await page.goto('/folders');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown URL shows the 404 page, and Go Back leaves it', async ({ page }) => {
    await page.goto('/interviewguidelines');
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: '404 - Invalid URL' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/interviewguidelines$/);
  });

  test('public candidate pages open without signing in', async ({ page }) => {
    // An unknown invite id (or none) shows the invite pages' "none" view.
    for (const [path, title] of [
      ['/nextstep?inviteId=abc', 'No data found'],
      ['/ScheduleInterview', 'No data found'],
      ['/thank-you', 'Thank you'],
      ['/interviewguidelines', 'Interview Guidelines'],
      ['/interview/candidate-details?inviteId=abc', 'No data found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('the app runs under a strict Content-Security-Policy (no inline scripts or styles)', async ({ page, consoleErrors }) => {
    // Tighter than the server's policy: proves the SPA needs no 'unsafe-inline'.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'content-security-policy':
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
        },
      });
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Hirelane' })).toBeVisible();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    // Bundled styles applied: the primary button has its brand colour (away from hover).
    await page.mouse.move(0, 0);
    await expect(page.getByRole('button', { name: 'Send OTP' })).toHaveCSS('background-color', 'rgb(79, 70, 229)');
    expect(violations).toEqual([]);

    // Control: the policy is in force, so an inline <style> is refused and reported.
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { color: red; }';
      document.head.append(style);
    });
    await expect.poll(() => violations.length).toBe(1);
    consoleErrors.splice(0, consoleErrors.length);
  });

  test('a protected API call without a token answers 401 with the JSON error shape', async ({ request }) => {
    const response = await request.get('/api/auth/me');
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
  });
});
