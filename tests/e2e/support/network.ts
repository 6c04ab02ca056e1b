import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Route,
} from '@playwright/test';
import { API_TOKEN } from './admin';

/**
 * Helpers for the lost-network specs: an outage of chosen requests, the
 * audit queues as the page keeps them, and the audit trail as the server has it.
 */

/**
 * abort: the request never leaves the browser. unavailable: a 503 from
 * something in the way. lost-answer: the server gets and handles the request,
 * but its answer is lost on the way back.
 */
export type OutageMode = 'abort' | 'unavailable' | 'lost-answer';

/** The console errors Chromium logs for requests an outage fails, and nothing else. */
export const OUTAGE_CONSOLE_ERRORS = [
  /^Failed to load resource: net::ERR_(FAILED|EMPTY_RESPONSE|CONNECTION_RESET)$/,
  /^Failed to load resource: the server responded with a status of 503 \(Service Unavailable\)$/,
];

export type Outage = {
  mode: OutageMode;
  /** Requests the outage failed, in order. */
  readonly failed: { method: string; url: string }[];
  /** Ends the outage: requests go through again. */
  end: () => Promise<void>;
};

/**
 * Fails the requests to `url` (on one page, or on every page of a context)
 * whose method is in `methods` until `end()`; the others pass. A test that
 * uses it must allow OUTAGE_CONSOLE_ERRORS; `failedUrls` lets it check that
 * only these requests failed.
 */
export async function cutNetwork(
  target: Page | BrowserContext,
  url: string,
  mode: OutageMode,
  methods: string[] = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'],
): Promise<Outage> {
  const outage: Outage = {
    mode,
    failed: [],
    end: () => target.unroute(url, handler),
  };
  async function handler(route: Route) {
    const request = route.request();
    if (!methods.includes(request.method())) return route.fallback();
    outage.failed.push({ method: request.method(), url: request.url() });
    switch (outage.mode) {
      case 'abort':
        return route.abort('failed');
      case 'unavailable':
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'unavailable', message: 'Service temporarily unavailable' },
          }),
        });
      case 'lost-answer':
        await route.fetch();
        return route.abort('failed');
    }
  }
  await target.route(url, handler);
  return outage;
}

/** The URLs of requests that failed on this page, to check that only the intended ones did. */
export function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.method()} ${new URL(r.url()).pathname}`));
  page.on('response', (r) => {
    if (r.status() >= 500) failed.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return failed;
}

/**
 * Passes when every request that failed in the browser (see `failedRequests`)
 * is one an outage failed on purpose: the console errors the product docs allow came
 * from nothing else.
 */
export function expectOnlyOutageFailures(failed: string[], ...outages: Outage[]) {
  const intended = new Set(
    outages.flatMap((o) => o.failed.map((f) => `${f.method} ${new URL(f.url).pathname}`)),
  );
  expect(failed.filter((f) => !intended.has(f))).toEqual([]);
}

export const AUDIT_EVENTS_URL = '**/api/audit/events';

type QueuedEvent = { id: string; event_type: string; session_id: string | null; timestamp: string };

/** Both audit queues as the page keeps them in localStorage (events not yet acknowledged). */
export function queuedEvents(page: Page): Promise<QueuedEvent[]> {
  return page.evaluate(() =>
    ['ted.audit.startup', 'ted.audit.console'].flatMap((key) => {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as { events: QueuedEvent[] }).events : [];
    }),
  );
}

/**
 * What identifies a client event in the audit trail, which does not show the
 * client's id: its type, session and time (milliseconds, from the client).
 */
export const eventKey = (e: {
  event_type: string;
  session_id: string | null;
  timestamp?: string;
  claimed_at?: string | null;
}) => `${e.event_type}|${e.session_id}|${new Date(e.timestamp ?? e.claimed_at!).toISOString()}`;

type TrailEvent = {
  seq: number;
  event_type: string;
  session_id: string | null;
  occurred_at: string;
  recorded_at: string;
  /** The time the browser that reported the event gave it. */
  claimed_at: string | null;
  details: Record<string, unknown>;
};

/** The audit trail's events of these types recorded since `since`, through the admin API. */
export async function trailSince(
  request: APIRequestContext,
  types: string[],
  since: Date,
): Promise<TrailEvent[]> {
  const found: TrailEvent[] = [];
  for (const type of new Set(types)) {
    let cursor: number | null = null;
    for (;;) {
      const res = await request.get('/api/admin/audit', {
        params: { type, limit: 100, ...(cursor ? { cursor } : {}) },
        headers: { authorization: `Bearer ${API_TOKEN}` },
      });
      if (!res.ok()) throw new Error(`GET /api/admin/audit answered ${res.status()}`);
      const page = (await res.json()) as { events: TrailEvent[]; next_cursor: number | null };
      const recent = page.events.filter((e) => Date.parse(e.recorded_at) >= since.getTime());
      found.push(...recent);
      if (recent.length < page.events.length || page.next_cursor === null) break;
      cursor = page.next_cursor;
    }
  }
  return found;
}

/**
 * How many times each of `events` is in the trail (recorded since `since`),
 * keyed by `eventKey`: exactly once is a map of ones.
 */
export async function timesStored(
  request: APIRequestContext,
  events: QueuedEvent[],
  since: Date,
): Promise<Record<string, number>> {
  const trail = await trailSince(
    request,
    events.map((e) => e.event_type),
    since,
  );
  const counts: Record<string, number> = {};
  for (const e of events) counts[eventKey(e)] = 0;
  for (const e of trail) {
    const key = eventKey(e);
    if (key in counts) counts[key]! += 1;
  }
  return counts;
}

export const onceEach = (events: QueuedEvent[]) =>
  Object.fromEntries(events.map((e) => [eventKey(e), 1]));

export type OutageProxy = {
  /** The proxy's origin: pages opened on it reach the app through it. */
  url: string;
  /** While true, every request to `path` has its connection reset. */
  down: boolean;
  /** Requests to `path` the proxy cut off. */
  refused: number;
  /**
   * Resets the connections of requests to `path` still open (a long answer
   * being streamed), as a dropped network would; returns how many.
   */
  dropOpen: () => number;
  close: () => Promise<void>;
};

/**
 * A proxy in front of the app that can reset the connections of requests to
 * one path: a network outage no browser-side interception can route around
 * (requests a closing page sends with keepalive outlive the page, and with it
 * Playwright's routes).
 */
export async function startOutageProxy(target: string, path: string): Promise<OutageProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const onPath = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const ours = req.url?.split('?')[0] === path;
    if (proxy.down && ours) {
      proxy.refused += 1;
      req.socket.destroy();
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    if (ours) {
      onPath.add(req.socket);
      // The server sees the hang-up too, and ends its side of a stream.
      res.once('close', () => {
        onPath.delete(req.socket);
        forward.destroy();
      });
    }
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: OutageProxy = {
    url: `http://127.0.0.1:${port}`,
    down: false,
    refused: 0,
    dropOpen: () => {
      const open = [...onPath];
      for (const socket of open) socket.destroy();
      return open.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
