import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real `hirelane` server,
 * which e2e/global-setup.ts starts on a free port with a throw-away data
 * directory (and stops afterwards). Browser downloads are impossible here:
 * install with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // One server and one recruiter account: run in order, never in parallel.
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The setup project signs in once (e2e/signed-in.setup.ts); specs that need a
  // session load its storage state instead of requesting another code.
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testIgnore: /.*\.setup\.ts/, dependencies: ['setup'] },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
