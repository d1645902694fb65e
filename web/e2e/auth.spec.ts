import { ADMIN, SCREENSHOT_DIR, expect, expectAccessible, requestCode, test } from './fixtures';

test.describe('sign-in', () => {
  test('types the code from the outbox, sees the initials, opens the menu and logs out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Hirelane' })).toBeVisible();
    await expect(page.getByText('Hire the right people, faster.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}login-desktop.png`, fullPage: true });
    await expectAccessible(page);

    const code = await requestCode(page, ` ${ADMIN.email.toUpperCase()} `);
    await expect(page.getByText('OTP sent successfully.')).toBeVisible();
    await expect(page.getByText('For security, this code expires in 15 minutes')).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOT_DIR}login-code-desktop.png`, fullPage: true });
    await expectAccessible(page);

    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code, { delay: 30 });
    for (const [index, digit] of [...code].entries()) {
      await expect(page.getByLabel(`Digit ${index + 1} of 6`)).toHaveValue(digit);
    }
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Hirelane' })).toBeVisible();
    await expect(page.getByTestId('user-initials')).toHaveText('AU');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      refreshToken: localStorage.getItem('refreshToken'),
      tokenExpiry: localStorage.getItem('tokenExpiry'),
      fullName: localStorage.getItem('fullName'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.refreshToken).toBeTruthy();
    expect(Date.parse(stored.tokenExpiry ?? '')).toBeGreaterThan(Date.now());
    expect(stored.fullName).toBe(ADMIN.fullName);
    await page.screenshot({ path: `${SCREENSHOT_DIR}shell-desktop.png`, fullPage: true });
    await expectAccessible(page);

    // The shell talks to the protected API with the stored token.
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(me).toEqual({ status: 200, body: expect.objectContaining({ email: ADMIN.email, userFullName: ADMIN.fullName }) as unknown });

    // Sidebar links and the Jobs section.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'JD Folders' }).click();
    await expect(page).toHaveURL(/\/folders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'JD Folders' })).toBeVisible();
    await page.getByRole('button', { name: 'Jobs' }).click();
    await expect(nav.getByRole('link', { name: 'JD Folders' })).toBeHidden();
    await page.getByRole('button', { name: 'Jobs' }).click();
    await nav.getByRole('link', { name: 'Job Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Hirelane' })).toBeVisible();

    // A reload keeps the session; under 640 px the sidebar starts collapsed.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(page.getByTestId('user-initials')).toHaveText('AU');
    await page.screenshot({ path: `${SCREENSHOT_DIR}shell-mobile.png`, fullPage: true });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(nav.getByRole('link', { name: 'Candidate List' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}shell-mobile-sidebar.png`, fullPage: true });
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'Candidate List' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Candidate List' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // A lapsed access token is renewed with the refresh token on the next navigation…
    const refreshBefore = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => {
      localStorage.setItem('token', 'lapsed');
      localStorage.setItem('tokenExpiry', new Date(Date.now() - 1000).toISOString());
    });
    await page.goto('/folders');
    await expect(page.getByRole('heading', { level: 1, name: 'JD Folders' })).toBeVisible();
    const renewed = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      refreshToken: localStorage.getItem('refreshToken'),
      tokenExpiry: localStorage.getItem('tokenExpiry'),
    }));
    expect(renewed.token).not.toBe('lapsed');
    expect(renewed.refreshToken).not.toBe(refreshBefore);
    expect(Date.parse(renewed.tokenExpiry ?? '')).toBeGreaterThan(Date.now());

    // …and a token the server rejects (401 on /auth/me) is refreshed and the call retried once.
    const refreshRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh-token')) refreshRequests.push(request.url());
    });
    await page.evaluate(() => localStorage.setItem('token', 'forged'));
    const meRetried = page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.status() === 200);
    await page.reload();
    await meRetried;
    expect(refreshRequests).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe('forged');
    await expect(page.getByTestId('user-initials')).toHaveText('AU');

    await page.getByRole('button', { name: `Account menu for ${ADMIN.fullName}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(ADMIN.fullName)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}shell-menu.png` });
    await expectAccessible(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    const afterLogout = await page.evaluate(() =>
      ['token', 'refreshToken', 'tokenExpiry', 'fullName'].map((key) => localStorage.getItem(key) ?? sessionStorage.getItem(key)),
    );
    expect(afterLogout).toEqual([null, null, null, null]);
    await page.goto('/folders');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong code shows the attempts remaining; pasting the right one signs in', async ({ page }) => {
    await page.goto('/login');
    const code = await requestCode(page);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('Invalid OTP. Please check otp and try again.')).toBeVisible();
    await expect(page.getByText(/^Attempts remaining: \d+/)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}login-code-error-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Paste the code into a middle box: it fills all six.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await page.getByLabel('Digit 3 of 6').focus();
    await page.keyboard.press('ControlOrMeta+V');
    for (const [index, digit] of [...code].entries()) {
      await expect(page.getByLabel(`Digit ${index + 1} of 6`)).toHaveValue(digit);
    }
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Hirelane' })).toBeVisible();
    await expect(page.getByTestId('user-initials')).toHaveText('AU');
  });

  test('the login page on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Hirelane' })).toBeVisible();
    // The brand panel is a desktop-only element.
    await expect(page.getByText('Hire the right people, faster.')).toBeHidden();
    const box = await page.getByRole('button', { name: 'Send OTP' }).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}login-mobile.png`, fullPage: true });
    await expectAccessible(page);

    // Empty e-mail: the spec's toast, no request.
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
  });
});
