import type {
  Sink,
  SinkCreateBody,
  SinkTestResult,
  SinkUpdateBody,
} from '@shared/schemas/audit-sinks';
import { pageMemory, randomToken } from '../shared/page-memory';

/**
 * The audit sinks of demo mode (docs/product/audit-trail.md#audit-sinks): the server delivers to
 * outside systems only in production mode (its sink operations answer 409 `demo_mode`), so the
 * console shows the same screens on a list kept in this page's memory. Nothing is sent anywhere,
 * and the list is gone on reload.
 */

/** Said wherever the simulated flow shows. */
export const DEMO_SINKS_NOTE =
  'Demo: sinks are simulated in this browser tab. No event leaves the server; the list is gone when the page reloads.';

const memory = pageMemory<readonly Sink[]>([]);

/** The simulated sinks, oldest first, as the server's list would show them. */
export const useDemoSinks = memory.use;

const secret = () => `whsec_${randomToken()}`;

/** Adds a simulated sink and answers as POST /api/admin/audit/sinks would: with its secret. */
export function createDemoSink(body: SinkCreateBody, now = Date.now()): Sink & { secret: string } {
  const at = new Date(now).toISOString();
  const sink: Sink = {
    id: crypto.randomUUID(),
    name: body.name,
    url: body.url,
    event_types: [...body.event_types],
    severities: [...body.severities],
    enabled: body.enabled,
    state: body.enabled ? 'active' : 'disabled',
    delivered_seq: 0,
    // Nothing is delivered in demo mode, and nothing waits.
    lag: 0,
    failures: 0,
    last_error: null,
    last_error_at: null,
    paused_at: null,
    next_attempt_at: null,
    last_delivered_at: null,
    created_at: at,
    updated_at: at,
  };
  memory.set([...memory.get(), sink]);
  return { ...sink, secret: secret() };
}

function change(id: string, next: (sink: Sink) => Sink): Sink {
  const found = memory.get().find((s) => s.id === id);
  if (!found) throw new Error('This sink is gone: it was deleted.');
  const changed = next(found);
  memory.set(memory.get().map((s) => (s.id === id ? changed : s)));
  return changed;
}

export function updateDemoSink(id: string, body: SinkUpdateBody, now = Date.now()): Sink {
  return change(id, (sink) => {
    const enabled = body.enabled ?? sink.enabled;
    return {
      ...sink,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
      enabled,
      state: enabled ? (sink.state === 'paused' ? 'paused' : 'active') : 'disabled',
      updated_at: new Date(now).toISOString(),
    };
  });
}

export function deleteDemoSink(id: string): void {
  memory.set(memory.get().filter((s) => s.id !== id));
}

export function rotateDemoSinkSecret(id: string, now = Date.now()): Sink & { secret: string } {
  const sink = change(id, (s) => ({ ...s, updated_at: new Date(now).toISOString() }));
  return { ...sink, secret: secret() };
}

export function resumeDemoSink(id: string, now = Date.now()): Sink {
  return change(id, (s) => ({
    ...s,
    state: s.enabled ? 'active' : 'disabled',
    failures: 0,
    paused_at: null,
    next_attempt_at: null,
    updated_at: new Date(now).toISOString(),
  }));
}

/** A simulated test delivery: nothing is sent, so no answer is claimed. */
export function testDemoSink(id: string): SinkTestResult {
  change(id, (s) => s);
  return { delivered: false, status: null, error: 'Demo mode: nothing was sent.' };
}

/** Empties the list (between tests). */
export function resetDemoSinks(): void {
  memory.set([]);
}
