import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEventRow, AuditFilter } from '@shared/schemas/audit-trail';
import type * as Api from '@/lib/api';
import { useLiveAudit, type LiveState } from './use-live-audit';

/** One open stream per call: its query, and a way to send it an event or end it. */
type Opened = {
  query: Record<string, unknown>;
  send: (event: Partial<AuditEventRow> & { seq: number }) => void;
};
const opened: Opened[] = [];

vi.mock('@/lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  apiResponse: vi.fn(
    async (_method: string, _path: string, options: { query: Record<string, unknown> }) => {
      let push!: (text: string) => void;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
        },
      });
      opened.push({
        query: options.query,
        send: (event) => push(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`),
      });
      return new Response(body);
    },
  ),
}));

afterEach(() => {
  opened.length = 0;
});

const LIVE: AuditFilter = { type: 'admin.audit.exported' };
const ALL: AuditFilter = {};

describe('useLiveAudit', () => {
  it('is connecting, not live, from the first render of a new filter until its stream opens', async () => {
    const seen: { filter: AuditFilter; state: LiveState }[] = [];
    const { rerender } = renderHook(
      ({ filter }: { filter: AuditFilter }) => {
        const live = useLiveAudit({ filter, after: 10, paused: false, onEvents: () => {} });
        seen.push({ filter, state: live.state });
        return live;
      },
      { initialProps: { filter: ALL } },
    );
    await waitFor(() => expect(seen.at(-1)?.state).toBe('live'));

    seen.length = 0;
    rerender({ filter: LIVE });
    await waitFor(() => expect(seen.at(-1)?.state).toBe('live'));
    // Until the new filter's stream answered, no render said the view was live.
    const beforeOpen = seen.slice(
      0,
      seen.findIndex((s) => s.state === 'live'),
    );
    expect(beforeOpen.length).toBeGreaterThan(0);
    expect(beforeOpen.every((s) => s.filter === LIVE && s.state === 'connecting')).toBe(true);
  });

  it('starts a new filter where its list ends, not where the previous filter’s stream was', async () => {
    const received: number[] = [];
    const { rerender } = renderHook(
      ({ filter, after }: { filter: AuditFilter; after: number }) =>
        useLiveAudit({
          filter,
          after,
          paused: false,
          onEvents: (events) => received.push(...events.map((e) => e.seq)),
        }),
      { initialProps: { filter: ALL, after: 10 } },
    );
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.query.after).toBe(10);
    await act(async () => opened[0]!.send({ seq: 42 }));
    await waitFor(() => expect(received).toEqual([42]));

    rerender({ filter: LIVE, after: 7 });
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[1]!.query).toMatchObject({ type: LIVE.type, after: 7 });
  });
});
