import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { verifyAuditChain } from '../audit/chain/verify';
import type { AppDeps } from '../core/context';
import { stopServing, trackRequests } from './shutdown';
import { createTestContext } from '../testing/harness';

const batch = () => ({
  source: 'console' as const,
  events: Array.from({ length: 5 }, (_, i) => ({
    id: randomUUID(),
    event_type: 'admin.panel.access' as const,
    severity: 'low' as const,
    details: { n: i },
    timestamp: '2026-06-01T12:00:00.000Z',
    session_id: 'abcdefgh',
  })),
});

describe('shutdown', () => {
  it('closes the database only after the audit batches under way have committed', async () => {
    const t = await createTestContext({ config: { demoMode: true }, seed: false });
    // The group's transaction waits until released: its batches stay queued meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const deps: AppDeps = {
      ...t.deps,
      db: new Proxy(t.deps.db, {
        get: (target, prop, receiver) =>
          prop === 'transaction'
            ? async (...args: Parameters<AppDeps['db']['transaction']>) => {
                await gate;
                return target.transaction(...args);
              }
            : Reflect.get(target, prop, receiver),
      }),
    };
    const app = createApp(deps);
    const statuses: number[] = [];
    const requests = trackRequests(async (request: Request) => {
      const response = await app.fetch(request);
      statuses.push(response.status);
      return response;
    });
    const server = serve({ fetch: requests.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const before = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );

    // Three batches posted, then their clients go away (as a load generator stops) before the
    // group commits: the sockets close while the handlers still wait.
    const clients = Array.from({ length: 3 }, () => new AbortController());
    const posts = clients.map((client) =>
      fetch(`http://127.0.0.1:${port}/api/audit/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(batch()),
        signal: client.signal,
      }).catch(() => 'aborted'),
    );
    await vi.waitFor(() => expect(requests.active).toBe(3));
    for (const client of clients) client.abort();
    expect(await Promise.all(posts)).toEqual(['aborted', 'aborted', 'aborted']);

    const error = vi.spyOn(t.deps.log, 'error');
    let storedAtClose = -1;
    let chainAtClose = false;
    const stopped = stopServing({
      server: server as Server,
      requests,
      closeDatabase: async () => {
        const [row] = await t.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM audit_events',
        );
        storedAtClose = row!.n - before[0]!.n;
        chainAtClose = (await verifyAuditChain(t.database.db)).ok;
        await t.database.close();
      },
    });
    // Released once shutdown has begun: the batches must still commit before the close.
    setTimeout(release, 100);
    await stopped;

    expect(statuses).toEqual([200, 200, 200]);
    expect(storedAtClose).toBe(15);
    expect(chainAtClose).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });

  it('answers 503 to a request that arrives while shutting down', async () => {
    const handled: string[] = [];
    const requests = trackRequests(async (request: Request) => {
      handled.push(new URL(request.url).pathname);
      return new Response('ok');
    });
    requests.refuse();
    const response = await requests.fetch(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toMatchObject({ error: { code: 'unavailable' } });
    expect(handled).toEqual([]);
  });
});
