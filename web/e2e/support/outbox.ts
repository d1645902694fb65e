/** Reads OTP e-mails that the server writes as .eml files into <data dir>/outbox/. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

type Part = { headers: Map<string, string>; body: string };

/** The outbox of the server with data in `dataDir` (by default the run's shared server). */
function outboxDir(dataDir: string | undefined = process.env.HIRELANE_E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('HIRELANE_E2E_DATA_DIR is not set; is the global setup running?');
  return join(dataDir, 'outbox');
}

/** Every .eml file under the outbox, newest first. */
export function listMails(dataDir?: string): Array<{ path: string; mtimeMs: number }> {
  const root = outboxDir(dataDir);
  if (!existsSync(root)) return [];
  const found: Array<{ path: string; mtimeMs: number }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.eml')) found.push({ path, mtimeMs: statSync(path).mtimeMs });
    }
  };
  walk(root);
  return found.sort((a, b) => b.mtimeMs - a.mtimeMs || b.path.localeCompare(a.path));
}

function parsePart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** The decoded text/plain parts of a MIME message (the whole body if it is not multipart). */
export function textParts(raw: string): string[] {
  const part = parsePart(raw);
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => textParts(chunk.replace(/^\r?\n/, '')));
  }
  return type.toLowerCase().startsWith('text/plain') ? [decode(part)] : [];
}

/** The 6-digit sign-in code in a mail's text part. */
export function extractOtp(raw: string): string {
  const texts = textParts(raw);
  for (const text of texts) {
    const code = /code\D{0,40}?(\d{6})\b/i.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`No 6-digit code in the mail's text part:\n${texts.join('\n---\n') || raw.slice(0, 2000)}`);
}

/** Recipient check on the raw headers ("To: admin@example.com" or "To: Name <admin@…>"). */
function isAddressedTo(raw: string, email: string): boolean {
  const to = parsePart(raw).headers.get('to') ?? '';
  return to.toLowerCase().includes(email.toLowerCase());
}

/**
 * Waits for a mail to `email` that was not in `before` (paths seen before
 * the send) and returns its code. `dataDir`: a server of the spec's own.
 */
export async function waitForOtp({
  email,
  before,
  timeoutMs = 15_000,
  dataDir,
}: {
  email: string;
  before: Set<string>;
  timeoutMs?: number;
  dataDir?: string;
}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = '';
  while (Date.now() < deadline) {
    for (const { path } of listMails(dataDir)) {
      if (before.has(path)) continue;
      const raw = readFileSync(path, 'utf8');
      if (!isAddressedTo(raw, email)) continue;
      // The server writes the file while we poll: a half-written mail is read again.
      try {
        return extractOtp(raw);
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new OTP mail to ${email} in ${outboxDir(dataDir)} within ${timeoutMs} ms. ${lastProblem}`);
}

/** The paths of the mails already in the outbox. */
export function snapshotOutbox(dataDir?: string): Set<string> {
  return new Set(listMails(dataDir).map(({ path }) => path));
}

/** Every decoded leaf part of a MIME message with its content type (text, HTML, attachments). */
export function decodedParts(raw: string): Array<{ type: string; text: string }> {
  const part = parsePart(raw);
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => decodedParts(chunk.replace(/^\r?\n/, '')));
  }
  return [{ type, text: decode(part) }];
}

/** A mail's subject header. */
export function subjectOf(raw: string): string {
  return parsePart(raw).headers.get('subject') ?? '';
}

/**
 * Waits for a mail to `email` whose subject starts with `subject` that was not in `before`,
 * and returns its decoded parts. `dataDir`: a server of the spec's own.
 */
export async function waitForMail({
  email,
  subject,
  before,
  timeoutMs = 15_000,
  dataDir,
}: {
  email: string;
  subject: string;
  before: Set<string>;
  timeoutMs?: number;
  dataDir?: string;
}): Promise<Array<{ type: string; text: string }>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const { path } of listMails(dataDir)) {
      if (before.has(path)) continue;
      const raw = readFileSync(path, 'utf8');
      if (!isAddressedTo(raw, email) || !subjectOf(raw).startsWith(subject)) continue;
      const parts = decodedParts(raw);
      // A half-written file has no closing boundary yet: read it again on the next round.
      if (parts.some((p) => p.type.startsWith('text/plain'))) return parts;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new mail "${subject}" to ${email} in ${outboxDir(dataDir)} within ${timeoutMs} ms.`);
}
