import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  AUDIT_DELIVERY_HEADER,
  AUDIT_SIGNATURE_HEADER,
  AUDIT_SINK_ID_HEADER,
} from '@shared/schemas/audit-sinks';
import {
  checkedAddress,
  pinnedLookup,
  RefusedAddress,
  systemResolve,
  type ResolveHost,
} from './sink-address';
import { signDelivery } from './sink-secret';

/** What one POST to a sink came to: 2xx is delivered; anything else is a failure to retry. */
export type PostOutcome = { delivered: boolean; status: number | null; error: string | null };

/** At most this much of a receiver's answer is kept as the sink's last error. */
const ERROR_TEXT_MAX = 200;

/** Connections kept open between batches (idle ones do not keep the process up). */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * POSTs one signed JSON body to a sink. The host is resolved and checked first, and the
 * connection goes to the address checked (sink-address.ts). Redirects are not followed (a 3xx is
 * a failure): a receiver cannot send the trail on to an address the sink's URL checks would refuse.
 */
export async function postBatch(options: {
  url: string;
  sinkId: string;
  secret: string;
  body: string;
  now: Date;
  timeoutMs: number;
  /** Names the process and attempt (X-Audit-Sink-Delivery); a fresh id when absent. */
  deliveryId?: string;
  /** Aborts the request (the server is stopping). */
  signal?: AbortSignal;
  /** Resolves the sink's host (the system's resolver by default). */
  resolve?: ResolveHost;
}): Promise<PostOutcome> {
  const t = Math.floor(options.now.getTime() / 1000);
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
    : AbortSignal.timeout(options.timeoutMs);
  try {
    const url = new URL(options.url);
    const address = await checkedAddress(url, options.resolve ?? systemResolve);
    signal.throwIfAborted();
    const body = Buffer.from(options.body);
    const transport = url.protocol === 'https:' ? https : http;
    const { status, text } = await new Promise<{ status: number; text: string }>(
      (resolve, reject) => {
        const req = transport.request(
          url,
          {
            method: 'POST',
            agent: agents[url.protocol as keyof typeof agents],
            lookup: pinnedLookup(address),
            signal,
            headers: {
              'content-type': 'application/json',
              'content-length': body.length,
              [AUDIT_SIGNATURE_HEADER]: signDelivery(options.secret, t, options.body),
              [AUDIT_DELIVERY_HEADER]: options.deliveryId ?? randomUUID(),
              [AUDIT_SINK_ID_HEADER]: options.sinkId,
            },
          },
          (res) => {
            const ok = res.statusCode! >= 200 && res.statusCode! < 300;
            let text = '';
            res.setEncoding('utf8');
            // Only the start of a refusal is kept; an acceptance is read and dropped.
            res.on('data', (chunk: string) => {
              if (!ok && text.length < ERROR_TEXT_MAX * 4) text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode!, text }));
            res.on('error', reject);
            res.on('close', () => {
              if (!res.complete) reject(new Error('The receiver closed the connection'));
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    if (status >= 200 && status < 300) return { delivered: true, status, error: null };
    const said = storable(text);
    return { delivered: false, status, error: `HTTP ${status}${said ? `: ${said}` : ''}` };
  } catch (err) {
    if (err instanceof RefusedAddress) {
      return { delivered: false, status: null, error: storable(err.message) };
    }
    const timedOut = signal.aborted && !options.signal?.aborted;
    return {
      delivered: false,
      status: null,
      error: timedOut
        ? `No answer within ${options.timeoutMs} ms`
        : describeFailure(err, options.timeoutMs),
    };
  }
}

function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `No answer within ${timeoutMs} ms`;
  }
  const e = err as { code?: string; cause?: { code?: string; message?: string } } | null;
  const text =
    e?.cause?.code ??
    e?.cause?.message ??
    (typeof e?.code === 'string' && e.code !== 'ABORT_ERR' ? e.code : undefined) ??
    (err instanceof Error ? err.message : String(err));
  return storable(`Could not reach the receiver: ${text}`);
}

/**
 * A receiver's words as one line the database can store and a console can show: no control
 * characters (NUL among them), no reordering marks, no half of a surrogate pair cut off.
 */
function storable(text: string): string {
  // By code points: a slice by UTF-16 units could keep half of a pair, which the database refuses.
  return (
    Array.from(text)
      .slice(0, ERROR_TEXT_MAX)
      .join('')
      // eslint-disable-next-line no-control-regex -- the control characters are what it removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ')
      .trim()
  );
}
