import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type {
  Sink,
  SinkCreateBody,
  SinkTestResult,
  SinkUpdateBody,
} from '@shared/schemas/audit-sinks';
import type { Severity } from '@shared/constants';
import type { AppDeps } from '../../core/context';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../core/errors';
import { auditSinks } from '../../db/schema';
import type { Principal } from '../../security/principal';
import type { RequestMeta } from '../../security/request-meta';
import { appendAuditEvents } from '../chain/append';
import { AUDIT_EVENTS } from '../event-types';
import { trailMetaOf } from '../request-actor';
import { auditHeadSeq } from '../trail';
import { checkEventTypes } from './event-filter';
import { postBatch } from './post-batch';
import { newSinkSecret, sealSinkSecret, unsealSinkSecret } from './sink-secret';

/**
 * Registering, changing and removing audit sinks (docs/product/audit-trail.md#audit-sinks):
 * a super administrator's changes, each on the trail in the same transaction. The signing
 * secret is answered once (creation, rotation) and never listed, logged or put in an event.
 */

type SinkRow = typeof auditSinks.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function sinkState(row: Pick<SinkRow, 'enabled' | 'pausedAt'>): Sink['state'] {
  if (!row.enabled) return 'disabled';
  return row.pausedAt ? 'paused' : 'active';
}

/** The sink as answered; `head` is the trail's last seq, for its lag. */
function toSink(row: SinkRow, head: number): Sink {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    event_types: row.eventTypes,
    severities: row.severities as Severity[],
    enabled: row.enabled,
    state: sinkState(row),
    delivered_seq: row.deliveredSeq,
    lag: Math.max(0, head - row.deliveredSeq),
    failures: row.failures,
    last_error: row.lastError,
    last_error_at: iso(row.lastErrorAt),
    paused_at: iso(row.pausedAt),
    next_attempt_at: iso(row.nextAttemptAt),
    last_delivered_at: iso(row.lastDeliveredAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The sink as answered after a change, its lag counted to the trail's head now. */
async function answered(db: Db, row: SinkRow): Promise<Sink> {
  return toSink(row, await auditHeadSeq(db));
}

/** What an event says of a sink: never its secret. */
const described = (row: Pick<SinkRow, 'id' | 'name' | 'url'>) => ({
  sink_id: row.id,
  name: row.name,
  url: row.url,
});

async function record(
  tx: Tx,
  principal: Principal,
  meta: RequestMeta,
  now: Date,
  eventType: string,
  severity: Severity,
  details: Record<string, unknown>,
) {
  await appendAuditEvents(
    tx,
    [
      {
        source: 'server',
        eventType,
        severity,
        userId: principal.userId,
        sessionId: principal.tokenTail ?? null,
        ...trailMetaOf(meta),
        details,
      },
    ],
    now,
  );
}

async function lockedSink(tx: Tx, id: string): Promise<SinkRow> {
  const [row] = await tx.select().from(auditSinks).where(eq(auditSinks.id, id)).for('update');
  if (!row) throw notFound('No audit sink has this id');
  return row;
}

/**
 * Every sink with how far it has come against the trail's head: the one answer an open screen
 * polls (state, last error, lag), whatever the number of sinks.
 */
export async function listSinks(db: Db): Promise<{ sinks: Sink[]; head_seq: number }> {
  const rows = await db.select().from(auditSinks).orderBy(asc(auditSinks.createdAt));
  const head = await auditHeadSeq(db);
  return { sinks: rows.map((row) => toSink(row, head)), head_seq: head };
}

/**
 * Registers a sink that starts after the events already on the trail: its first delivery holds
 * its own creation event. Answers the signing secret, this once.
 */
export async function createSink(
  deps: AppDeps,
  principal: Principal,
  body: SinkCreateBody,
  meta: RequestMeta,
): Promise<Sink & { secret: string }> {
  checkEventTypes(body.event_types);
  const now = deps.now();
  const id = randomUUID();
  const secret = newSinkSecret();
  const row = await deps.db.transaction(async (tx) => {
    const head = await auditHeadSeq(tx);
    const [inserted] = await tx
      .insert(auditSinks)
      .values({
        id,
        name: body.name,
        url: body.url,
        eventTypes: body.event_types,
        severities: body.severities,
        enabled: body.enabled,
        secretSealed: sealSinkSecret(deps.config, id, secret),
        deliveredSeq: head,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await record(tx, principal, meta, now, AUDIT_EVENTS.auditSinkCreated, 'high', {
      ...described(inserted!),
      event_types: body.event_types,
      severities: body.severities,
      enabled: body.enabled,
    });
    return { inserted: inserted!, head: await auditHeadSeq(tx) };
  });
  return { ...toSink(row.inserted, row.head), secret };
}

/** Changes a sink's name, URL, filters or switch; the event lists what changed, from and to. */
export async function updateSink(
  deps: AppDeps,
  principal: Principal,
  id: string,
  body: SinkUpdateBody,
  meta: RequestMeta,
): Promise<Sink> {
  if (body.event_types) checkEventTypes(body.event_types);
  const now = deps.now();
  return answered(
    deps.db,
    await deps.db.transaction(async (tx) => {
      const before = await lockedSink(tx, id);
      const next = {
        name: body.name ?? before.name,
        url: body.url ?? before.url,
        eventTypes: body.event_types ?? before.eventTypes,
        severities: body.severities ?? before.severities,
        enabled: body.enabled ?? before.enabled,
      };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, field] of [
        ['name', 'name'],
        ['url', 'url'],
        ['event_types', 'eventTypes'],
        ['severities', 'severities'],
        ['enabled', 'enabled'],
      ] as const) {
        if (JSON.stringify(before[field]) !== JSON.stringify(next[field])) {
          changes[key] = { from: before[field], to: next[field] };
        }
      }
      if (Object.keys(changes).length === 0) return before;
      const [after] = await tx
        .update(auditSinks)
        .set({ ...next, updatedAt: now })
        .where(eq(auditSinks.id, id))
        .returning();
      await record(tx, principal, meta, now, AUDIT_EVENTS.auditSinkUpdated, 'high', {
        ...described(before),
        changes,
      });
      return after!;
    }),
  );
}

export async function deleteSink(
  deps: AppDeps,
  principal: Principal,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockedSink(tx, id);
    await tx.delete(auditSinks).where(eq(auditSinks.id, id));
    await record(tx, principal, meta, now, AUDIT_EVENTS.auditSinkDeleted, 'high', {
      ...described(before),
      delivered_seq: before.deliveredSeq,
    });
  });
}

/** A new signing secret, answered once; the old one signs nothing from now on. */
export async function rotateSinkSecret(
  deps: AppDeps,
  principal: Principal,
  id: string,
  meta: RequestMeta,
): Promise<Sink & { secret: string }> {
  const now = deps.now();
  const secret = newSinkSecret();
  const row = await deps.db.transaction(async (tx) => {
    const before = await lockedSink(tx, id);
    const [after] = await tx
      .update(auditSinks)
      .set({ secretSealed: sealSinkSecret(deps.config, id, secret), updatedAt: now })
      .where(eq(auditSinks.id, id))
      .returning();
    await record(tx, principal, meta, now, AUDIT_EVENTS.auditSinkSecretRotated, 'high', {
      ...described(before),
    });
    return after!;
  });
  return { ...(await answered(deps.db, row)), secret };
}

/**
 * Takes a paused sink up again from where it stopped: its cursor did not move past what the
 * receiver acknowledged, so the next delivery replays the batch that failed.
 */
export async function resumeSink(
  deps: AppDeps,
  principal: Principal,
  id: string,
  meta: RequestMeta,
): Promise<Sink> {
  const now = deps.now();
  return answered(
    deps.db,
    await deps.db.transaction(async (tx) => {
      const before = await lockedSink(tx, id);
      const [after] = await tx
        .update(auditSinks)
        .set({ pausedAt: null, failures: 0, nextAttemptAt: null, updatedAt: now })
        .where(eq(auditSinks.id, id))
        .returning();
      await record(tx, principal, meta, now, AUDIT_EVENTS.auditSinkResumed, 'medium', {
        ...described(before),
        was_paused: before.pausedAt !== null,
        from_seq: before.deliveredSeq,
        last_error: before.lastError,
      });
      return after!;
    }),
  );
}

async function sinkRow(db: Db, id: string): Promise<SinkRow> {
  const [row] = await db.select().from(auditSinks).where(eq(auditSinks.id, id));
  if (!row) throw notFound('No audit sink has this id');
  return row;
}

/** How long a test delivery waits for the receiver. */
const TEST_TIMEOUT_MS = 10_000;

/**
 * Sends the sink one signed body with `test: true` and no events, and says what the receiver
 * answered; the cursor does not move. Who sent it, to which sink and URL, and the outcome go on
 * the trail (medium: it makes the server connect where the administrator points it).
 */
export async function sendTestDelivery(
  deps: AppDeps,
  principal: Principal,
  id: string,
  meta: RequestMeta,
): Promise<SinkTestResult> {
  const row = await sinkRow(deps.db, id);
  const outcome = await postBatch({
    url: row.url,
    sinkId: row.id,
    secret: unsealSinkSecret(deps.config, row.id, row.secretSealed),
    body: JSON.stringify({ sink_id: row.id, test: true, events: [] }),
    now: deps.now(),
    timeoutMs: TEST_TIMEOUT_MS,
  });
  const now = deps.now();
  await deps.db.transaction((tx) =>
    record(tx, principal, meta, now, AUDIT_EVENTS.auditSinkTested, 'medium', {
      ...described(row),
      delivered: outcome.delivered,
      status: outcome.status,
      error: outcome.error,
    }),
  );
  return outcome;
}
