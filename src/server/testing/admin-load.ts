import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonRequest, type Result } from 'autocannon';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * The admin API under load (docs/reliability.md → Load):
 * `npm run bench:load` and the smaller run in the tests both call runAdminLoad.
 *
 * Each connection loops over a fixed mix: 3 user searches, 3 page reads (a
 * first page, then two pages by the cursor it returned), a role toggle and an
 * audit batch of 10 events with fresh ids. Writes are a quarter of requests.
 *
 * The audit ingest limit (600 events a minute per address) stays in force.
 * The benchmark stands where a reverse proxy would in front of many console
 * users: its server trusts 127.0.0.1 as a proxy (TRUSTED_PROXIES, the
 * production setting for a server behind one): each connection is one
 * console user with its own client address in X-Forwarded-For, and each audit
 * batch carries an address of its own, from 10.0.0.0/16. Every batch
 * still goes through the limiter; each address just sends a handful of events
 * a minute, as a person at a console does. Nothing new in the server lets a
 * caller raise or skip the limit: a forwarded address is believed only from a
 * configured proxy.
 */

export type LoadOptions = {
  connections: number;
  /** Seconds. */
  duration: number;
};

export const KINDS = ['search', 'first page', 'next page', 'role toggle', 'audit batch'] as const;
type Kind = (typeof KINDS)[number];

export type LoadReport = {
  options: LoadOptions;
  result: Result;
  /** Answers per kind of request, by status code. */
  byKind: Record<Kind, Record<string, number>>;
  /** Connection errors and timeouts, by message. */
  errorMessages: Record<string, number>;
};

const PROXY = '127.0.0.1';
const EVENTS_PER_BATCH = 10;
/** Seconds before autocannon gives up on an answer and counts a timeout (an error). */
const TIMEOUT_SECONDS = 60;
const SEARCHES = ['garcia', 'hirehub', 'northwind', 'chen', 'example', 'recruit', 'li', 'zzqx'];

/** Starts the production build on a fresh embedded database in a temporary folder. */
export async function startLoadServer(): Promise<{ server: ServerProcess; close: () => void }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  try {
    const server = await startServerProcess({
      entry: 'built',
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_MODE: 'true',
        TRUSTED_PROXIES: PROXY,
        LOG_LEVEL: 'error',
      },
    });
    return {
      server,
      close: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Users a role toggle may change: not super administrators, so every toggle is allowed. */
async function toggleTargets(url: string, headers: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${url}/api/admin/users?limit=100`, { headers });
  if (res.status !== 200) throw new Error(`GET /api/admin/users answered ${res.status}`);
  const { users } = (await res.json()) as { users: { id: string; roles: string[] }[] };
  const ids = users.filter((u) => !u.roles.includes('super_admin')).map((u) => u.id);
  if (ids.length === 0) throw new Error('no user to toggle roles on');
  return ids;
}

export async function runAdminLoad(url: string, options: LoadOptions): Promise<LoadReport> {
  const headers = { authorization: `Bearer demo-token-${Date.now()}` };
  const targets = await toggleTargets(url, headers);
  const byKind = Object.fromEntries(KINDS.map((k) => [k, {}])) as LoadReport['byKind'];
  const count = (kind: Kind) => (status: number) => {
    byKind[kind][status] = (byKind[kind][status] ?? 0) + 1;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  let addresses = 0;
  const nextAddress = () => {
    const n = addresses++ % 65_536;
    return `10.0.${n >> 8}.${n & 255}`;
  };
  /** The connection's own console user, behind the proxy: one request in flight at a time. */
  const fromConnection = (
    req: Parameters<NonNullable<AutocannonRequest['setupRequest']>>[0],
    context: Record<string, unknown>,
  ) => {
    context.client ??= nextAddress();
    return {
      ...req,
      headers: { ...headers, ...req.headers, 'x-forwarded-for': String(context.client) },
    };
  };

  const search: AutocannonRequest = {
    method: 'GET',
    setupRequest: (req, context) => ({
      ...fromConnection(req, context),
      path: `/api/admin/users?q=${pick(SEARCHES)}`,
    }),
    onResponse: count('search'),
  };
  const firstPage: AutocannonRequest = {
    method: 'GET',
    path: '/api/admin/users?limit=5',
    setupRequest: fromConnection,
    onResponse: (status, body, context) => {
      count('first page')(status);
      context.cursor =
        status === 200 ? (JSON.parse(body) as { next_cursor: string | null }).next_cursor : null;
    },
  };
  const nextPage: AutocannonRequest = {
    method: 'GET',
    setupRequest: (req, context) => ({
      ...fromConnection(req, context),
      path: `/api/admin/users?limit=5${context.cursor ? `&cursor=${String(context.cursor)}` : ''}`,
    }),
    onResponse: (status, body, context) => {
      count('next page')(status);
      context.cursor =
        status === 200 ? (JSON.parse(body) as { next_cursor: string | null }).next_cursor : null;
    },
  };
  const roleToggle: AutocannonRequest = {
    method: 'PUT',
    setupRequest: (req, context) => ({
      ...fromConnection(req, context),
      path: `/api/admin/users/${pick(targets)}/roles`,
      headers: {
        ...fromConnection(req, context).headers,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ changes: { platform_admin: Math.random() < 0.5 } }),
    }),
    onResponse: count('role toggle'),
  };
  const auditBatch: AutocannonRequest = {
    method: 'POST',
    path: '/api/audit/events',
    setupRequest: (req) => {
      const now = new Date().toISOString();
      return {
        ...req,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'x-forwarded-for': nextAddress(),
        },
        body: JSON.stringify({
          source: 'console',
          events: Array.from({ length: EVENTS_PER_BATCH }, () => ({
            id: randomUUID(),
            event_type: 'admin.panel.access',
            timestamp: now,
            session_id: null,
          })),
        }),
      };
    },
    onResponse: count('audit batch'),
  };

  const errorMessages: Record<string, number> = {};
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    // A slow answer is latency (p99 says how slow), not an error; only a dead one is.
    timeout: TIMEOUT_SECONDS,
    headers,
    requests: [search, firstPage, nextPage, roleToggle, search, nextPage, auditBatch, search],
  });
  instance.on('reqError', (err) => {
    errorMessages[err.message] = (errorMessages[err.message] ?? 0) + 1;
  });
  const result = await instance;
  return { options, result, byKind, errorMessages };
}

const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;

/** The figures in words, for the console and the README. */
export function formatLoadReport(report: LoadReport): string {
  const { result: r, options } = report;
  const other = Object.entries(r.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code} × ${count}`);
  const cpus = os.cpus();
  const lines = [
    `Admin API load: ${options.connections} connections for ${options.duration} s against the production build (embedded database, demo mode)`,
    `Machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
    '',
    `requests      ${r.requests.total.toLocaleString('en-US')} answered (${r.requests.sent.toLocaleString('en-US')} sent)`,
    `requests/s    ${Math.round(r.requests.average).toLocaleString('en-US')} (mean per second)`,
    `latency       p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}`,
    `errors        ${r.errors} (timeouts after ${TIMEOUT_SECONDS} s: ${r.timeouts})`,
    ...Object.entries(report.errorMessages).map(([m, n]) => `              ${n} × ${m}`),
    `5xx           ${r['5xx']}`,
    `non-2xx       ${other.length ? other.join(', ') : 'none'}`,
    '',
    '| request     | answers | 2xx    | other |',
    '| ----------- | ------: | -----: | ----- |',
    ...KINDS.map((kind) => {
      const statuses = Object.entries(report.byKind[kind]);
      const total = statuses.reduce((n, [, c]) => n + c, 0);
      const ok = statuses.filter(([s]) => s.startsWith('2')).reduce((n, [, c]) => n + c, 0);
      const rest = statuses.filter(([s]) => !s.startsWith('2')).map(([s, c]) => `${s} × ${c}`);
      return `| ${kind.padEnd(11)} | ${String(total).padStart(7)} | ${String(ok).padStart(6)} | ${rest.join(', ') || '—'} |`;
    }),
  ];
  return lines.join('\n');
}

/** Errors, timeouts and 5xx must all be zero. */
export function loadFailures(report: LoadReport): string[] {
  const r = report.result;
  return [
    ...(r.errors ? [`${r.errors} connection errors`] : []),
    ...(r.timeouts ? [`${r.timeouts} timeouts`] : []),
    ...(r['5xx'] ? [`${r['5xx']} answers with a 5xx status`] : []),
  ];
}
