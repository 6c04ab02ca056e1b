import type { Server } from 'node:http';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/**
 * The app's fetch, counting the requests it is handling, so that shutdown can
 * wait for them: a batch of audit events waiting for its group's commit is such
 * a request until the commit is done (audit/ingest.ts). Once `refuse` is called,
 * a request still arriving on an open connection is answered 503 at once.
 */
export function trackRequests<F extends Fetch>(fetch: F) {
  let active = 0;
  let refusing = false;
  const waiters = new Set<() => void>();
  const tracked = (async (request: Request, ...rest: never[]) => {
    if (refusing) {
      return Response.json(
        { error: { code: 'unavailable', message: 'The server is shutting down; try again' } },
        { status: 503, headers: { connection: 'close', 'retry-after': '1' } },
      );
    }
    active++;
    try {
      const response = await fetch(request, ...rest);
      // Answered during shutdown: the connection closes after this response.
      if (refusing) closeAfter(response);
      return response;
    } finally {
      active--;
      if (active === 0) for (const wake of waiters) wake();
    }
  }) as F;
  return {
    fetch: tracked,
    /** The requests being handled now. */
    get active() {
      return active;
    },
    refuse() {
      refusing = true;
    },
    /** Resolves true once no request is being handled, false if `timeoutMs` passes first. */
    settled(timeoutMs: number): Promise<boolean> {
      if (active === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        waiters.add(wake);
      });
    },
  };
}

function closeAfter(response: Response) {
  try {
    response.headers.set('connection', 'close');
  } catch {
    // Immutable headers (a response passed through as fetched): the connection idles out.
  }
}

export type TrackedRequests = ReturnType<typeof trackRequests>;

/** How long shutdown waits for the requests under way before it closes the database anyway. */
const SHUTDOWN_GRACE_MS = 4_000;

/**
 * Stops serving in order: no new connection and no new request is taken, the
 * requests under way finish (at most `graceMs`), then the database closes.
 * Closing the socket server alone is not enough: its callback waits for the
 * connections, not for the handlers, so a batch whose client had gone away was
 * still queued for its group's commit when the database closed under it.
 */
export async function stopServing(options: {
  server: Pick<Server, 'close' | 'closeIdleConnections'>;
  requests: TrackedRequests;
  closeDatabase: () => Promise<void>;
  graceMs?: number;
  log?: (message: string) => void;
}): Promise<void> {
  const { server, requests, closeDatabase, graceMs = SHUTDOWN_GRACE_MS } = options;
  requests.refuse();
  // Its callback comes once every connection has closed: a response still streaming from the
  // database (an export) keeps its connection until its last row.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const started = Date.now();
  const settled = await requests.settled(graceMs);
  const remaining = Math.max(0, graceMs - (Date.now() - started));
  const drained =
    settled &&
    (await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), remaining).unref()),
    ]));
  if (!drained) options.log?.(`requests still under way after ${graceMs} ms; closing anyway`);
  await closeDatabase();
}
