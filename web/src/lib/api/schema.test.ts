/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The API types are generated from the committed OpenAPI snapshot (which a Rust test keeps
 * equal to what the server serves). Regenerating must change nothing; otherwise run
 * `npm run api:types` and commit the result.
 */
test('schema.d.ts is what scripts/api-types.mjs makes of the committed snapshot', () => {
  // Vitest runs in web/ (jsdom gives import.meta.url no file: scheme).
  const here = join(process.cwd(), 'src/lib/api');
  const generator = join(process.cwd(), 'scripts/api-types.mjs');
  const out = mkdtempSync(join(tmpdir(), 'api-types-'));
  try {
    const fresh = join(out, 'schema.d.ts');
    execFileSync(process.execPath, [generator, '--out', fresh], { stdio: 'pipe' });
    expect(readFileSync(join(here, 'schema.d.ts'), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
