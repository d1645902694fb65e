// The board's first screen in Debian's Chromium: signed in with the given access token, open
// /jd/{id}/board five times (a fresh page each, the browser's cache warm after the first) and
// time from navigation to the first column's cards being visible. Prints JSON.
//
//   node bench/board-first-screen.mjs http://127.0.0.1:PORT JD_ID TOKEN   (from web/)
import { createRequire } from 'node:module';

// playwright-core is the web app's (installed with @playwright/test), not beside this script.
const { chromium } = createRequire(new URL('../web/package.json', import.meta.url))('playwright-core');

const [base, jd, token] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.addInitScript(
  ([token]) => {
    localStorage.setItem('token', token);
    localStorage.setItem('tokenExpiry', new Date(Date.now() + 25 * 60 * 1000).toISOString());
    localStorage.setItem('fullName', 'Bench Runner');
  },
  [token],
);
const runs = [];
for (let i = 0; i < 5; i++) {
  const page = await context.newPage();
  const began = performance.now();
  await page.goto(`${base}/jd/${jd}/board`);
  await page.locator('[data-testid="board-column"] li').first().waitFor({ state: 'visible', timeout: 30_000 });
  runs.push(Math.round(performance.now() - began));
  await page.close();
}
await browser.close();
const sorted = [...runs].sort((a, b) => a - b);
console.log(JSON.stringify({ runs_ms: runs, cold_ms: runs[0], median_ms: sorted[2], max_ms: sorted[4] }));
