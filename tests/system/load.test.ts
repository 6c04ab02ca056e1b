/**
 * Load (docs/reliability.md): a short run of `npm run bench:load`
 * against the production build. It asserts correctness under concurrency —
 * no connection error, no timeout, no 5xx, every kind of request answered
 * 2xx — never speed.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/build/build-stamp.mjs';
import {
  KINDS,
  loadFailures,
  runAdminLoad,
  startLoadServer,
  type LoadReport,
} from '../../src/server/testing/admin-load';
import { repoRoot, type ServerProcess } from '../../src/server/testing/server-process';

const connections = Number(process.env.LOAD_TEST_CONNECTIONS ?? 10);
const duration = Number(process.env.LOAD_TEST_DURATION ?? 5);

let server: ServerProcess;
let close: () => void;
let report: LoadReport;

beforeAll(async () => {
  expect(ensureBuilt(repoRoot)).toBe(true);
  ({ server, close } = await startLoadServer());
}, 600_000);
afterAll(async () => {
  await server?.stop();
  close?.();
});

describe(`the admin API under ${connections} connections for ${duration} s`, () => {
  it('answers every request without an error, a timeout or a 5xx', async () => {
    report = await runAdminLoad(server.url, { connections, duration });
    expect(loadFailures(report)).toEqual([]);
    expect(report.result.errors).toBe(0);
    expect(report.result['5xx']).toBe(0);
    for (const kind of KINDS) {
      const statuses = report.byKind[kind];
      expect(
        Object.values(statuses).reduce((a, b) => a + b, 0),
        kind,
      ).toBeGreaterThan(0);
      // Every request of the mix is valid and allowed: any other status is a bug.
      expect(Object.keys(statuses), kind).toEqual(['200']);
    }
  }, 120_000);

  it('kept the audit ingest limit in force: one address is still refused past 600 events a minute', async () => {
    const address = '192.0.2.77';
    const statuses: number[] = [];
    // 12 batches of 50 fill a minute's window, so the 13th in one window is refused;
    // 25 batches put 13 in one window even when the minute turns over in between.
    for (let i = 0; i < 25 && !statuses.includes(429); i++) {
      const res = await fetch(`${server.url}/api/audit/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          source: 'console',
          events: Array.from({ length: 50 }, () => ({
            id: randomUUID(),
            event_type: 'admin.panel.access',
            timestamp: new Date().toISOString(),
            session_id: null,
          })),
        }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(12);
  }, 60_000);
});

describe('idle keep-alive connections', () => {
  it('stay open past Node’s default 5 s, so a request sent on one is not lost to a reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${server.url}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_500));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
