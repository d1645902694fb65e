/** Starts and stops a real `hirelane serve` for the browser tests. */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export const WEB_DIR = join(import.meta.dirname, '..', '..');
export const DIST_DIR = join(WEB_DIR, 'dist');
export const RESULTS_DIR = join(WEB_DIR, 'test-results');

export const ADMIN = { email: 'admin@example.com', fullName: 'Admin User' } as const;

export function serverBinary(): string {
  return process.env.HIRELANE_BIN ?? join(homedir(), '.cache', 'hirelane', 'target', 'debug', 'hirelane');
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not pick a free port'));
      });
    });
  });
}

/** The end of the server's log: where it says why it stopped. */
function logTail(logPath: string, lines = 12): string {
  const text = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';
  // Without the colour codes the server's log has even in a file.
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  return plain.trimEnd().split('\n').slice(-lines).join('\n');
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs: number, logPath: string) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`hirelane serve exited with code ${child.exitCode} before it was healthy; see ${logPath}:\n${logTail(logPath)}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`hirelane serve was not healthy at ${url} within ${timeoutMs} ms (${lastError}); see ${logPath}`);
}

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
};

export type ServerOptions = {
  /** More settings, e.g. `HIRELANE__VOICE__PROVIDER` for a spec's own server. */
  env?: Record<string, string>;
  /** The log's file name in test-results/. */
  logName?: string;
  /** How long start-up may take (the speech sidecar loads its models first). */
  startTimeoutMs?: number;
};

/**
 * Registers the recruiter and starts the server in a fresh temp data dir.
 * The server's output goes to test-results/hirelane-server.log (or `logName`).
 */
export async function startServer({
  env: extraEnv = {},
  logName = 'hirelane-server.log',
  startTimeoutMs = 60_000,
}: ServerOptions = {}): Promise<RunningServer> {
  const binary = serverBinary();
  if (!existsSync(binary)) {
    throw new Error(`No hirelane binary at ${binary}. Build the server first or set HIRELANE_BIN.`);
  }
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(`No web build at ${DIST_DIR}. Run \`npm run build\` first.`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'hirelane-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HIRELANE__DATA_DIR: dataDir,
    HIRELANE__SERVER__PORT: String(port),
    HIRELANE__SERVER__HOST: '127.0.0.1',
    // Any free port: the browser tests never read /readyz or /metrics.
    HIRELANE__SERVER__OPS_ADDRESS: '127.0.0.1:0',
    HIRELANE__SERVER__PUBLIC_URL: baseUrl,
    HIRELANE__WEB__DIST_DIR: DIST_DIR,
    // A test build (`--features test-clock`) then serves POST /_test/clock (see clock.ts).
    HIRELANE_TEST_CLOCK: '1',
    // The webhook spec's receiver listens on 127.0.0.1 over http (docs/operations.md §11).
    HIRELANE__WEBHOOKS__ALLOW_PRIVATE_TARGETS: 'true',
    HIRELANE__WEBHOOKS__POLL_INTERVAL_MS: '200',
    ...extraEnv,
  };

  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPath = join(RESULTS_DIR, logName);
  const log = openSync(logPath, 'w');

  // The data dir is also the working directory, so no relative default touches the repo.
  execFileSync(binary, ['user', 'add', ADMIN.email, ADMIN.fullName], { env, cwd: dataDir, stdio: ['ignore', log, log] });
  const child = spawn(binary, ['serve'], { env, cwd: dataDir, stdio: ['ignore', log, log] });

  try {
    await waitForHealthy(`${baseUrl}/healthz`, child, startTimeoutMs, logPath);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (!process.env.HIRELANE_E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, stop };
}
