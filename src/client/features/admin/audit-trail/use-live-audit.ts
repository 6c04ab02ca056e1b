import { useEffect, useRef, useState } from 'react';
import type { AuditEventRow, AuditFilter } from '@shared/schemas/audit-trail';
import { ApiError, apiResponse } from '@/lib/api';
import { createEventStreamParser } from './event-stream';

/**
 * Where the live view is: opening the stream, receiving, waiting to reconnect
 * after a dropped connection, paused by the reader, or stopped by the server
 * (signed out, too many live views).
 */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'paused' | 'stopped';

/** Waits after a dropped connection: 1 s, 2 s, 4 s … up to 30 s. */
const backoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Follows GET /api/admin/audit/stream with the filter (docs/product/audit-trail.md#live-trail).
 * The stream needs the bearer header, which EventSource cannot send, so it is
 * read through fetch. It starts after `after` (the newest event the list
 * shows; the hook waits while it is undefined; null starts at the events
 * recorded from now on), resumes after the last event it received when it
 * reconnects or the reader resumes, and hands each batch of events, oldest
 * first, to `onEvents`. A new filter starts a new stream.
 */
export function useLiveAudit({
  filter,
  after,
  paused,
  onEvents,
}: {
  filter: AuditFilter;
  after: number | null | undefined;
  paused: boolean;
  onEvents: (events: AuditEventRow[]) => void;
}): { state: LiveState; problem: string | null } {
  // The state of the stream of one filter: a new filter is 'connecting' from its first render,
  // not 'live' on the strength of the stream it replaces.
  const [status, setStatus] = useState<{ key: string; state: LiveState; problem: string | null }>({
    key: '',
    state: 'connecting',
    problem: null,
  });
  const handler = useRef(onEvents);
  useEffect(() => {
    handler.current = onEvents;
  });
  const key = JSON.stringify({
    type: filter.type,
    severity: filter.severity,
    actor: filter.actor,
    source: filter.source,
    from: filter.from,
    to: filter.to,
  } satisfies AuditFilter);
  // The last event received for this filter: where a reconnect resumes.
  const last = useRef<{ key: string; seq: number | null } | null>(null);
  const ready = after !== undefined;
  const start = useRef(after ?? null);
  useEffect(() => {
    start.current = after ?? null;
  });

  useEffect(() => {
    if (paused || !ready) return;
    const query = JSON.parse(key) as AuditFilter;
    // A new filter starts where its list ends. Decided here, when the new stream starts, and
    // not while rendering: the stream of the previous filter may still hand over an event
    // between the render that changes the filter and this effect, and its position is not
    // this filter's.
    if (last.current?.key !== key) last.current = { key, seq: start.current };
    const controller = new AbortController();
    const { signal } = controller;
    const setState = (state: LiveState, problem: string | null = null) =>
      setStatus({ key, state, problem });

    void (async () => {
      for (let attempt = 0; !signal.aborted;) {
        setState(attempt === 0 ? 'connecting' : 'reconnecting');
        try {
          const res = await apiResponse('GET', '/api/admin/audit/stream', {
            signal,
            query: { ...query, after: last.current!.seq ?? undefined },
          });
          setState('live');
          attempt = 0;
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let batch: AuditEventRow[] = [];
          const feed = createEventStreamParser((message) => {
            batch.push(JSON.parse(message.data) as AuditEventRow);
          });
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            feed(decoder.decode(chunk.value, { stream: true }));
            if (batch.length && !signal.aborted) {
              const events = batch;
              batch = [];
              last.current = { key, seq: events[events.length - 1]!.seq };
              handler.current(events);
            }
          }
        } catch (err) {
          if (signal.aborted) return;
          // Signed out, no longer an administrator, or too many live views: say so and stop.
          if (err instanceof ApiError && (!err.retryable || err.status === 429)) {
            setState('stopped', err.message);
            return;
          }
        }
        if (signal.aborted) return;
        // The server ended the stream (a restart, a dropped connection): try again.
        setState('reconnecting');
        await wait(backoff(attempt++), signal);
      }
    })();
    return () => controller.abort();
  }, [key, ready, paused]);

  if (paused) return { state: 'paused', problem: null };
  return status.key === key
    ? { state: status.state, problem: status.problem }
    : { state: 'connecting', problem: null };
}
