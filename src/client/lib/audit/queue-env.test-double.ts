import type { DropReport } from '@shared/schemas/audit';
import type { OutgoingBatch, QueueDeps, WireEvent } from './audit-queue';
import type { KeyValueStorage } from './queue-store';

/**
 * A hand-driven world for the queue tests: a clock and interval timers moved
 * by `advance`, storage in a Map, and a fake server behind the transport that
 * stores each event id once (as the real one does) and can be made to fail.
 */

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

/**
 * ok: stored and acknowledged. down: network failure, nothing stored.
 * lost-response: stored, but the answer never arrives (the client must retry,
 * and the server must not store twice). refuse: a permanent 4xx.
 */
type ServerMode = 'ok' | 'down' | 'lost-response' | 'refuse';

export function fakeQueueEnv() {
  let now = Date.parse('2026-06-01T12:00:00.000Z');
  let nextTimer = 1;
  let nextUuid = 1;
  const intervals = new Map<number, { run: () => void; ms: number; due: number }>();
  const storage = new MemoryStorage();
  type SentEvent = WireEvent & { event_type: string } & Record<string, unknown>;
  const requests: { batch: OutgoingBatch<SentEvent>; keepalive: boolean }[] = [];
  const server = {
    mode: 'ok' as ServerMode,
    /** Each event as first stored, by id; a repeat is ignored and counted, as the real server does. */
    stored: new Map<string, SentEvent>(),
    duplicatesIgnored: 0,
    drops: new Map<string, number>(),
  };
  let gate: Promise<void> | null = null;
  let openGate: (() => void) | null = null;

  const deps: QueueDeps = {
    storage,
    now: () => new Date(now),
    setInterval: (run, ms) => {
      const id = nextTimer++;
      intervals.set(id, { run, ms, due: now + ms });
      return id;
    },
    clearInterval: (id) => void intervals.delete(id as number),
    randomUUID: () => `00000000-0000-4000-8000-${String(nextUuid++).padStart(12, '0')}`,
    transport: async (batch, { keepalive }) => {
      requests.push({ batch: structuredClone(batch) as OutgoingBatch<SentEvent>, keepalive });
      if (gate) await gate;
      const mode = server.mode;
      if (mode === 'down')
        throw Object.assign(new TypeError('Failed to fetch'), { retryable: true });
      if (mode === 'refuse')
        throw Object.assign(new Error('validation_failed'), { retryable: false });
      for (const event of batch.events) {
        if (server.stored.has(event.id)) server.duplicatesIgnored++;
        else server.stored.set(event.id, event as SentEvent);
      }
      for (const report of batch.dropped ?? ([] as DropReport[])) {
        if (!server.drops.has(report.id)) server.drops.set(report.id, report.count);
      }
      if (mode === 'lost-response') throw new TypeError('Connection reset');
    },
  };

  /** Lets pending promise chains (a flush awaiting the transport) run to completion. */
  async function settle() {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  }

  return {
    deps,
    storage,
    server,
    requests,
    settle,
    now: () => now,
    /** Moves the clock, firing each interval as it comes due. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...intervals.values()]
          .filter((t) => t.due <= end)
          .sort((a, b) => a.due - b.due)[0];
        if (!due) break;
        now = due.due;
        due.due += due.ms;
        due.run();
        await settle();
      }
      now = end;
      await settle();
    },
    /** Holds every request until `release()` (to act while a flush is in flight). */
    hold() {
      gate = new Promise((resolve) => (openGate = resolve));
    },
    async release() {
      gate = null;
      openGate?.();
      await settle();
    },
    /** Total drops the server was told about. */
    droppedReported: () => [...server.drops.values()].reduce((a, b) => a + b, 0),
    activeIntervals: () => intervals.size,
  };
}
