import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { liveStatus, openLive, recordElsewhere, rowWith } from './support/audit-live';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { failedRequests, OUTAGE_CONSOLE_ERRORS, startOutageProxy } from './support/network';
import { createScratchDatabase, postgresAnswers } from '../../src/server/testing/scratch-postgres';

/**
 * The live trail across server processes (docs/product/audit-trail.md#live-trail): an event
 * recorded by one process reaches a browser watching another, and a cut stream resumes after
 * the last event it showed. On PostgreSQL two processes share a database of their own (created
 * here, dropped afterwards); without PostgreSQL one process on the embedded database plays both
 * parts. Either way nobody else records on these servers, and every row is still found by a
 * marker of its own.
 */
test.describe.configure({ mode: 'default', timeout: 90_000 });

const postgres = await postgresAnswers(
  'the second server process of the live-trail spec (one process on the embedded database instead)',
);

/** Records the events. */
let writer: IsolatedServer;
/** Serves the page that watches them (the writer itself on the embedded database). */
let watcher: IsolatedServer;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000); // the servers start, migrate and seed
  if (postgres) {
    scratch = await createScratchDatabase('e2e_live');
    // One after the other: the first migrates and seeds the database.
    writer = await startIsolatedServer({ databaseUrl: scratch.url });
    watcher = await startIsolatedServer({ databaseUrl: scratch.url });
  } else {
    writer = watcher = await startIsolatedServer();
  }
});

test.afterAll(async () => {
  await Promise.all([writer?.stop(), watcher !== writer ? watcher?.stop() : undefined]);
  await scratch?.drop();
});

const STREAM = '/api/admin/audit/stream';

/**
 * The Security Audit tab on the watcher (or at `origin`, in front of it), with one event already
 * listed and the view live.
 */
async function watch(page: Page, run: string, origin = watcher.url) {
  await recordElsewhere(page.request, `${run}-seed`, writer.url);
  await openLive(page, origin);
  await expect(rowWith(page, `${run}-seed`)).toHaveCount(1);
}

test('an event recorded by one server process appears in a browser on another within 2 s', async ({
  page,
}) => {
  const run = `e2e-across-${Date.now()}`;
  // Live means the watcher's process already hears appends made anywhere.
  await watch(page, run);
  await recordElsewhere(page.request, `${run}-event`, writer.url);
  // The requirement's own bound, from the recording's answer to the row on screen.
  await expect(rowWith(page, `${run}-event`)).toBeVisible({ timeout: 2_000 });
  await expect(rowWith(page, `${run}-event`)).toContainText('New');
});

test('a stream cut and resumed after the last event it showed shows every event exactly once', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The page reaches the watcher through a proxy that can drop the stream's connection.
  const proxy = await startOutageProxy(watcher.url, STREAM);
  // The browser reports the stream requests the outage fails (checked below: only those).
  for (const error of OUTAGE_CONSOLE_ERRORS) allowConsoleErrors(error);
  allowConsoleErrors(/^Failed to load resource: net::ERR_INCOMPLETE_CHUNKED_ENCODING$/);
  const failed = failedRequests(page);
  try {
    const run = `e2e-resume-${Date.now()}`;
    await watch(page, run, proxy.url);
    const before = `${run}-before`;
    await recordElsewhere(request, before, writer.url);
    await expect(rowWith(page, before)).toBeVisible();
    // The newest event the page shows: where the stream must resume.
    const lastSeen = await rowWith(page, before).getAttribute('data-seq');
    expect(lastSeen).toMatch(/^\d+$/);

    const streams: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === STREAM) streams.push(r);
    });
    proxy.down = true;
    expect(proxy.dropOpen()).toBe(1);
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'reconnecting');

    const missed = Array.from({ length: 5 }, (_, i) => `${run}-missed-${i}x`);
    for (const marker of missed) await recordElsewhere(request, marker, writer.url);
    // A reconnect while the network is still down fails too.
    await expect.poll(() => proxy.refused, { timeout: 15_000 }).toBeGreaterThan(0);
    for (const marker of missed) await expect(rowWith(page, marker)).toHaveCount(0);

    proxy.down = false;
    // Reconnects wait 1 s doubling up to 30 s: the next may be a while.
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live', { timeout: 45_000 });
    for (const marker of missed) {
      await expect(rowWith(page, marker)).toHaveCount(1);
      // Brought by the stream (only the stream marks a row New), not by reloading the list.
      await expect(rowWith(page, marker)).toContainText('New');
    }
    for (const marker of [`${run}-seed`, before]) {
      await expect(rowWith(page, marker)).toHaveCount(1);
    }

    // Every stream request since the cut resumed after the last event shown, none from the start.
    expect(streams.length).toBeGreaterThan(1);
    for (const r of streams) {
      const after = new URL(r.url()).searchParams.get('after') ?? r.headers()['last-event-id'];
      expect(after).toBe(lastSeen);
    }
    // The last of them was answered: the events above came through it.
    expect((await streams.at(-1)!.response())?.status()).toBe(200);
    expect(failed.every((f) => f === `GET ${STREAM}`)).toBe(true);
  } finally {
    await proxy.close();
  }
});

test('an event that arrives while the list is being read again stays listed', async ({ page }) => {
  const run = `e2e-reread-${Date.now()}`;
  await watch(page, run);
  // The list's next read is answered by the server, then held on its way to the page: the
  // event recorded meanwhile is newer than that answer.
  const LIST = '/api/admin/audit';
  let answered!: () => void;
  const read = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === LIST,
    async (route) => {
      const response = await route.fetch();
      answered();
      await held;
      await route.fulfill({ response });
    },
  );
  // An export puts every view of the trail out of date: the list is read again.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await read;
  const during = `${run}-during`;
  await recordElsewhere(page.request, during, writer.url);
  await expect(rowWith(page, during)).toBeVisible();

  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === LIST);
  release();
  await reread;
  // Long enough for the page to have shown the older answer.
  await page.waitForTimeout(1_000);
  await expect(rowWith(page, during)).toHaveCount(1);
  await expect(rowWith(page, during)).toContainText('New');
  await expect(rowWith(page, `${run}-seed`)).toHaveCount(1);
});
