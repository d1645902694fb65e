#!/usr/bin/env node
/**
 * Prints the gzip size of the JavaScript that /login loads initially, from the
 * build output (dist/.vite/manifest.json): the entry chunk, its static
 * imports, and the lazily loaded login route with its static imports.
 * Exits non-zero when the total is over the budget (250 KB gzip).
 *
 * Usage: npm run build && npm run size   (add --json for machine output)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const LOGIN_ROUTE = 'src/features/auth/routes/login.tsx';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run \`npm run build\` first.`);
  process.exit(2);
}

/** @type {Record<string, {file: string, imports?: string[], css?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}
if (!manifest[LOGIN_ROUTE]) {
  console.error(`The manifest has no chunk for ${LOGIN_ROUTE}; is the login route still lazy-loaded from there?`);
  process.exit(2);
}

/** Collects a chunk and everything it imports statically. */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  seen.add(key);
  for (const child of chunk.imports ?? []) collect(child, seen);
}

const keys = new Set();
collect(entryKey, keys);
collect(LOGIN_ROUTE, keys);

const gzipSize = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;

const files = [...keys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, raw: readFileSync(join(distDir, file)).length, gzip: gzipSize(file) }))
  .sort((a, b) => b.gzip - a.gzip);

const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
const total = files.reduce((sum, { gzip }) => sum + gzip, 0);
const rawTotal = files.reduce((sum, { raw }) => sum + raw, 0);
const cssTotal = cssFiles.reduce((sum, file) => sum + gzipSize(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      { route: '/login', jsGzipBytes: total, jsRawBytes: rawTotal, cssGzipBytes: cssTotal, budgetBytes: BUDGET_BYTES, files },
      null,
      2,
    ),
  );
} else {
  console.log('Initial JavaScript of /login (gzip, level 9):');
  for (const { file, raw, gzip } of files) console.log(`  ${file.padEnd(44)} ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(9)} gzip`);
  console.log(`  ${'total'.padEnd(44)} ${kb(rawTotal).padStart(10)} raw  ${kb(total).padStart(9)} gzip`);
  console.log(`CSS (not counted): ${kb(cssTotal)} gzip`);
  console.log(`/login initial JS: ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
}

if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
