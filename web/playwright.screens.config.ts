import { defineConfig } from '@playwright/test';

import e2e from './playwright.config';

/**
 * `npm run screens`: the README's screenshots (screens/screens.spec.ts writes docs/screens/),
 * against a fresh server started as for the browser tests. A config of its own, so
 * `npm run e2e` (which reads ./e2e only) never runs it.
 */
export default defineConfig({
  ...e2e,
  testDir: './screens',
  outputDir: './test-results/screens',
  retries: 0,
  projects: [{ name: 'screens' }],
});
