/**
 * Signed outgoing webhooks in Chromium: an admin subscribes a receiver this test runs, copies
 * the secret shown once, causes an event, and sees the delivery in the endpoint's log; the
 * receiver checks the signature with the snippet of docs/operations.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { createJd, importCsv } from './support/control';

test.use({ storageState: STORAGE_STATE });

type Received = { headers: IncomingHttpHeaders; body: Buffer };

/** docs/operations.md's Node snippet, without the timestamp tolerance (the server's clock is the test's). */
function verify(secret: string, headers: IncomingHttpHeaders, body: Buffer): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = String(headers['webhook-id']);
  const ts = String(headers['webhook-timestamp']);
  const expected = createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(`${id}.${ts}.`), body]))
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'))
    .some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
}

async function receiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks`, received };
}

test('an admin subscribes a webhook and sees a signed delivery in its log', async ({ page }) => {
  const { server, url, received } = await receiver();
  try {
    await page.goto('/settings/webhooks');
    await page.getByRole('textbox', { name: /Endpoint URL/ }).fill(url);
    await page.getByRole('checkbox', { name: 'candidate.uploaded' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();

    const jd = await createJd(page, `Webhook role ${Date.now()}`);
    await importCsv(page, jd.jobDescId, 'Name,Email,Phone\nWebb Hook,webb@example.com,9811223344\n');
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const [first] = received;
    if (!first) throw new Error('no delivery arrived');
    const body = JSON.parse(first.body.toString()) as { id: string; type: string };
    expect(body.type).toBe('candidate.uploaded');
    expect(body.id).toBe(first.headers['webhook-id']);
    expect(verify(secret, first.headers, first.body)).toBe(true);

    const card = page.getByRole('listitem', { name: url });
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const row = card.getByRole('row', { name: /candidate\.uploaded/ }).first();
    await expect(row).toContainText('delivered');
    await expect(row).toContainText('200');
    await expectAccessible(page);
  } finally {
    server.close();
  }
});
