import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { expectToast, recordToasts } from './support/auth';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminEnrolled } from './support/production';

/**
 * Audit delivery in production mode (docs/product/audit-trail.md#audit-sinks), in real Chromium
 * against the real server: a Super Admin adds a sink on the Integrations tab, the secret shown
 * once verifies the signature of every batch the receiver gets, a test delivery is answered, and
 * the sink is deleted. The receiver is a plain HTTP server on this machine (loopback, which is
 * the one place a sink may use http).
 */
type Delivery = { signature: string; body: string };

let server: IsolatedServer;
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({
        signature: String(req.headers['x-audit-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/audit`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.stop();
});

/** The receiver's check, as docs/operations.md shows it: HMAC-SHA-256 of "t.body". */
function signedWith(secret: string, { signature, body }: Delivery): boolean {
  const parts = Object.fromEntries(
    signature.split(',').map((p) => p.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('a Super Admin adds a sink whose batches arrive signed with the secret shown once', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await recordToasts(page);
  await firstAdminEnrolled(page, server.url, 'a passphrase for audit delivery');

  await page.goto(`${server.url}/admin?tab=integrations`);
  await expect(page.getByText('No sinks yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add sink' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sink' });
  await expect(dialog.getByRole('note')).toHaveCount(0);
  await dialog.getByLabel('Name').fill('Local receiver');
  await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
  await dialog.getByRole('button', { name: 'Add sink' }).click();
  const added = page.getByRole('dialog', { name: 'Sink added' });
  const secret = await added.getByLabel('Signing secret').inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await added.getByRole('button', { name: 'Done' }).click();

  // The sink's own creation is the first event it receives, signed with that secret.
  await expect.poll(() => deliveries.length, { timeout: 60_000 }).toBeGreaterThan(0);
  expect(deliveries.every((d) => signedWith(secret, d))).toBe(true);
  expect(signedWith(`${secret}x`, deliveries[0]!)).toBe(false);
  const events = deliveries.flatMap((d) => JSON.parse(d.body).events as { seq: number }[]);
  expect(events.length).toBeGreaterThan(0);
  const seqs = events.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

  const row = page.getByRole('row').filter({ hasText: 'Local receiver' });
  await expect(row).toContainText('Delivering');
  await expect(row).toContainText(/Last delivery/, { timeout: 30_000 });

  await row.getByRole('button', { name: 'Actions for Local receiver' }).click();
  await page.getByRole('menuitem', { name: 'Send a test delivery' }).click();
  await expectToast(page, 'Test delivery received', 'Local receiver answered 200.');
  const bodies = () =>
    deliveries.map(
      (d) => JSON.parse(d.body) as { test?: boolean; events: { event_type: string }[] },
    );
  expect(bodies().filter((b) => b.test)).toEqual([
    expect.objectContaining({ test: true, events: [] }),
  ]);
  // The test is on the trail, and so reaches the sink like any event.
  await expect
    .poll(() =>
      bodies().some((b) => b.events.some((e) => e.event_type === 'admin.audit_sink.tested')),
    )
    .toBe(true);

  await row.getByRole('button', { name: 'Actions for Local receiver' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete Sink' }).click();
  await expect(page.getByText('No sinks yet')).toBeVisible();
});
