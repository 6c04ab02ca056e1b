import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../core/context';
import { refusalTallies } from '../db/schema';
import { consumeRateLimit, windowStartOf } from '../security/rate-limit';
import { appendAuditEvents } from './chain/append';
import { type AuditInput } from './chain/link';

/**
 * Refusals that anyone can provoke without signing in (a bogus sign-on code,
 * a wrong setup key, a sign-in past its limit) are aggregated, so that a flood
 * of them adds a bounded number of events to the trail and costs one upsert
 * each, never the chain's head lock:
 *
 * - per kind, address and window, the refusals numbered 1, 10, 100, 1000…
 *   are written as events, each carrying how many refusals it stands for;
 * - per kind and window, at most REFUSAL_EVENTS_PER_KIND such events are
 *   written, whatever the number of addresses; past it refusals are only counted;
 * - once a window has ended, whatever it counted and no event has yet told
 *   is written as one summary event per kind.
 *
 * A signed-in caller's refusals (any account can provoke them) are aggregated
 * the same way, counted per account instead of per address
 * (recordAccountRefusal); their summaries name the accounts.
 *
 * Summing `details.refusals` over the events of a kind gives every refusal.
 */
export const REFUSAL_WINDOW_MS = 15 * 60_000;
export const REFUSAL_EVENTS_PER_KIND = 20;
/** How many addresses (or accounts) a summary names (the ones with the most refusals). */
export const SUMMARY_ADDRESSES = 10;

/** 1, 10, 100, 1000…: the refusals of a window that are written as events. */
export function isReportedRefusal(n: number): boolean {
  if (!Number.isInteger(n) || n < 1) return false;
  let m = n;
  while (m % 10 === 0) m /= 10;
  return m === 1;
}

type Deps = Pick<AppDeps, 'db' | 'now'>;

/**
 * Counts one refusal of `kind` by the event's address. The event itself is
 * written only when the count reaches 1, 10, 100… in the window and the
 * kind's event budget for the window has room.
 */
export async function recordAnonymousRefusal(
  deps: Deps,
  kind: string,
  event: AuditInput,
): Promise<void> {
  const address = event.ipAddress ?? null;
  await recordTalliedRefusal(deps, kind, event, { address, userId: null, key: address ?? '-' });
}

/**
 * Counts one refusal of `kind` by the event's account (a signed-in caller), as
 * recordAnonymousRefusal counts by address: the same reported counts, budget
 * and summaries, which name the accounts.
 */
export async function recordAccountRefusal(
  deps: Deps,
  kind: string,
  event: AuditInput & { userId: string },
): Promise<void> {
  const { userId } = event;
  await recordTalliedRefusal(deps, kind, event, { address: null, userId, key: `user:${userId}` });
}

async function recordTalliedRefusal(
  deps: Deps,
  kind: string,
  event: AuditInput,
  who: { address: string | null; userId: string | null; key: string },
): Promise<void> {
  const now = deps.now();
  const windowStart = windowStartOf(now, REFUSAL_WINDOW_MS);
  const bucket = `${kind} ${windowStart.getTime()} ${who.key}`;
  const [row] = await deps.db
    .insert(refusalTallies)
    .values({
      bucket,
      kind,
      address: who.address,
      userId: who.userId,
      windowStart,
      count: 1,
      eventType: event.eventType,
      severity: event.severity ?? 'low',
    })
    .onConflictDoUpdate({
      target: refusalTallies.bucket,
      set: { count: sql`${refusalTallies.count} + 1` },
    })
    .returning({ count: refusalTallies.count });
  if (!row) throw new Error('refusal tally upsert returned no row');
  const n = row.count;
  if (!isReportedRefusal(n)) return;

  // A new address in this window: a good moment to close earlier windows.
  if (n === 1) await flushRefusalTallies(deps, now);

  await deps.db.transaction(async (tx) => {
    const budget = await consumeRateLimit(
      tx,
      {
        bucket: `refusal-events:${kind}`,
        limit: REFUSAL_EVENTS_PER_KIND,
        windowMs: REFUSAL_WINDOW_MS,
      },
      now,
    );
    // Past the budget the refusal stays counted; the window's summary tells it.
    if (!budget.allowed) return;
    const [tally] = await tx
      .select({ reported: refusalTallies.reported })
      .from(refusalTallies)
      .where(eq(refusalTallies.bucket, bucket))
      .for('update');
    // Gone (its window was summarized meanwhile) or already told by a later event.
    if (!tally || tally.reported >= n) return;
    await tx.update(refusalTallies).set({ reported: n }).where(eq(refusalTallies.bucket, bucket));
    await appendAuditEvents(
      tx,
      [
        {
          ...event,
          details: {
            ...event.details,
            refusal_kind: kind,
            refusals: n - tally.reported,
            refusals_in_window: n,
            window_start: windowStart.toISOString(),
            window_seconds: REFUSAL_WINDOW_MS / 1000,
          },
        },
      ],
      now,
    );
  });
}

type PendingRow = {
  kind: string;
  window_start: Date | string;
  event_type: string;
  severity: string;
  address: string | null;
  user_id: string | null;
  pending: number;
  total: number | string;
  addresses: number | string;
};

/**
 * Ends every window that closed before `now`: its rows go, and whatever they
 * counted that no event told yet is written as one summary event per kind and
 * window, naming the addresses (or, for a signed-in caller's refusals, the
 * accounts) with the most refusals. Returns the number of summaries written.
 * Safe to run from several processes at once.
 */
export async function flushRefusalTallies(deps: Deps, now: Date = deps.now()): Promise<number> {
  const current = windowStartOf(now, REFUSAL_WINDOW_MS);
  return deps.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      WITH gone AS (
        DELETE FROM ${refusalTallies} WHERE ${refusalTallies.windowStart} < ${current}
        RETURNING kind, window_start, event_type, severity, address, user_id::text AS user_id,
                  count - reported AS pending, user_id IS NOT NULL AS by_account
      ),
      ranked AS (
        SELECT *,
          row_number() OVER (w ORDER BY pending DESC, address, user_id) AS rank,
          sum(pending) OVER w AS total,
          count(*) OVER w AS addresses
        FROM gone WHERE pending > 0
        WINDOW w AS (PARTITION BY kind, window_start, by_account)
      )
      SELECT kind, window_start, event_type, severity, address, user_id, pending, total, addresses
      FROM ranked WHERE rank <= ${SUMMARY_ADDRESSES}
      ORDER BY window_start, kind, by_account, rank
    `)) as unknown as { rows: PendingRow[] };
    const groups = new Map<string, PendingRow[]>();
    for (const r of result.rows) {
      const key = `${r.kind} ${new Date(r.window_start).getTime()} ${r.user_id !== null}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const events: AuditInput[] = [...groups.values()].map((rows) => {
      const first = rows[0]!;
      const count = Number(first.addresses);
      const who =
        first.user_id !== null
          ? {
              userId: count === 1 ? first.user_id : null,
              details: {
                accounts: count,
                top_accounts: rows.map((r) => ({
                  user_id: r.user_id,
                  refusals: Number(r.pending),
                })),
              },
            }
          : {
              ipAddress: count === 1 ? first.address : null,
              details: {
                addresses: count,
                top_addresses: rows.map((r) => ({
                  address: r.address,
                  refusals: Number(r.pending),
                })),
              },
            };
      return {
        source: 'server',
        eventType: first.event_type,
        severity: first.severity,
        userId: 'userId' in who ? who.userId : null,
        ipAddress: 'ipAddress' in who ? who.ipAddress : null,
        details: {
          summary: true,
          refusal_kind: first.kind,
          refusals: Number(first.total),
          ...who.details,
          window_start: new Date(first.window_start).toISOString(),
          window_seconds: REFUSAL_WINDOW_MS / 1000,
        },
      };
    });
    await appendAuditEvents(tx, events, now);
    return events.length;
  });
}
