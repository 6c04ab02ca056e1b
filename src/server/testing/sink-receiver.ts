import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a sink's receiver got. */
export type ReceivedDelivery = {
  headers: IncomingHttpHeaders;
  body: string;
  events: { seq: number; event_type: string; severity: string }[];
  /** What the receiver answered; 0 when the sender had gone before the answer. */
  status: number;
  /** When it was answered (performance.now()). */
  at: number;
  /** Deliveries under way at this receiver when this one arrived (itself included). */
  concurrent: number;
};

/**
 * A local receiver for audit sinks (127.0.0.1, port 0) that records every request and answers
 * what `answer` says (2xx by default), after `delayMs` if set: for the delivery tests.
 */
export async function startSinkReceiver(
  options: {
    answer?: (n: number) => number;
    delayMs?: number;
    /** The loopback address to listen on (127.0.0.1 by default). */
    host?: string;
  } = {},
) {
  const received: ReceivedDelivery[] = [];
  let inFlight = 0;
  let maxConcurrent = 0;
  let waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    inFlight += 1;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    const concurrent = inFlight;
    // The sender gone before the answer (killed): its socket ended or closed meanwhile.
    let gone = false;
    const leave = () => {
      gone = true;
    };
    req.socket.once('end', leave).once('close', leave);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = (options.answer ?? (() => 204))(received.length);
      const parsed = JSON.parse(body) as { events?: ReceivedDelivery['events'] };
      const finish = () => {
        received.push({
          headers: req.headers,
          body,
          events: parsed.events ?? [],
          // A sender gone before the answer (killed): the receiver does not keep what it sent.
          status: gone || req.socket.destroyed ? 0 : status,
          at: performance.now(),
          concurrent,
        });
        inFlight -= 1;
        req.socket.off('end', leave).off('close', leave);
        res.writeHead(status).end(status >= 300 ? 'receiver says no' : '');
        const woken = waiters;
        waiters = [];
        for (const wake of woken) wake();
      };
      if (options.delayMs) setTimeout(finish, options.delayMs);
      else finish();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/audit`,
    port,
    received,
    /** Requests that have arrived and not been answered yet. */
    get inFlight() {
      return inFlight;
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    /** The seqs of the events acknowledged with 2xx, in the order they arrived. */
    acceptedSeqs(): number[] {
      return received
        .filter((d) => d.status >= 200 && d.status < 300)
        .flatMap((d) => d.events.map((e) => e.seq));
    },
    /** Resolves once `done()` holds, checked after each request (at most `timeoutMs`). */
    async until(done: () => boolean, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error('the receiver did not get what it waited for');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SinkReceiver = Awaited<ReturnType<typeof startSinkReceiver>>;
