import { randomUUID } from 'node:crypto';
import {
  AUDIT_DELIVERY_HEADER,
  AUDIT_SIGNATURE_HEADER,
  AUDIT_SINK_ID_HEADER,
} from '@shared/schemas/audit-sinks';
import { signDelivery } from './sink-secret';

/** What one POST to a sink came to: 2xx is delivered; anything else is a failure to retry. */
export type PostOutcome = { delivered: boolean; status: number | null; error: string | null };

/** At most this much of a receiver's answer is kept as the sink's last error. */
const ERROR_TEXT_MAX = 200;

/**
 * POSTs one signed JSON body to a sink. Redirects are not followed (a 3xx is a failure): a
 * receiver cannot send the trail on to an address the sink's URL checks would refuse.
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
}): Promise<PostOutcome> {
  const t = Math.floor(options.now.getTime() / 1000);
  try {
    const res = await fetch(options.url, {
      method: 'POST',
      redirect: 'manual',
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
        : AbortSignal.timeout(options.timeoutMs),
      headers: {
        'content-type': 'application/json',
        [AUDIT_SIGNATURE_HEADER]: signDelivery(options.secret, t, options.body),
        [AUDIT_DELIVERY_HEADER]: options.deliveryId ?? randomUUID(),
        [AUDIT_SINK_ID_HEADER]: options.sinkId,
      },
      body: options.body,
    });
    if (res.status >= 200 && res.status < 300) {
      await res.body?.cancel();
      return { delivered: true, status: res.status, error: null };
    }
    const text = storable(await res.text().catch(() => ''));
    return {
      delivered: false,
      status: res.status,
      error: `HTTP ${res.status}${text ? `: ${text}` : ''}`,
    };
  } catch (err) {
    return { delivered: false, status: null, error: describeFailure(err, options.timeoutMs) };
  }
}

function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `No answer within ${timeoutMs} ms`;
  }
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
  const text = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
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
