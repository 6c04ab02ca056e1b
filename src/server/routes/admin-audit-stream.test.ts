import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditInput } from '../audit/chain/link';
import { closeLiveAudit, LIVE_AUDIT_LIMITS, setLiveAuditTiming } from '../audit/live';
import { openDatabase, type Db } from '../db/client';
import { createTestContext, type TestContext } from '../testing/harness';
import { eventStreamReader } from '../testing/event-stream';
import { appendEvents, passwordSession } from '../testing/principals';

let t: TestContext;
let demo: string;

beforeAll(async () => {
  t = await createTestContext();
  demo = t.demoToken();
  // Only a notification wakes a stream in time here, unless a test says otherwise.
  setLiveAuditTiming(t.deps, { recheckMs: NO_RECHECK });
});
afterAll(async () => {
  await closeLiveAudit(t.deps);
  await t.close();
});

const STREAM = '/api/admin/audit/stream';
const NO_RECHECK = 3_600_000;

async function open(
  path = STREAM,
  init: { token?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  const token = init.token === undefined ? demo : init.token;
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.request(path, { headers });
}

/** Opens a stream and waits until it has read where it starts. */
async function connect(path = STREAM, init: Parameters<typeof open>[1] = {}) {
  const res = await open(path, init);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const stream = eventStreamReader(res);
  await stream.opened();
  return stream;
}

const append = (events: Partial<AuditInput>[], db: Db = t.db) => appendEvents(db, events);

describe('GET /api/admin/audit/stream', () => {
  it('sends the events committed after it opened, in order, filtered, each with its seq as id', async () => {
    await append([{ eventType: 'live.alpha', details: { n: 0 } }]);
    const stream = await connect(`${STREAM}?type=live.alpha`);
    try {
      await append([{ eventType: 'live.alpha', details: { n: 1 } }, { eventType: 'live.beta' }]);
      await append([{ eventType: 'live.beta' }]);
      await append([{ eventType: 'live.alpha', details: { n: 2 } }]);
      const messages = await stream.next(2);
      const events = messages.map((m) => JSON.parse(m.data));
      expect(events.map((e) => [e.event_type, e.details.n])).toEqual([
        ['live.alpha', 1],
        ['live.alpha', 2],
      ]);
      expect(messages.map((m) => Number(m.id))).toEqual(events.map((e) => e.seq));
      expect(events[0].seq).toBeLessThan(events[1].seq);
      // The list's event shape.
      expect(events[0]).toMatchObject({
        source: 'server',
        reported_by: 'server',
        user_email: null,
      });
    } finally {
      await stream.close();
    }
  });

  it('filters by severity as well', async () => {
    const stream = await connect(`${STREAM}?severity=critical`);
    try {
      await append([
        { eventType: 'live.sev', severity: 'low' },
        { eventType: 'live.sev', severity: 'critical', details: { n: 1 } },
      ]);
      const [message] = await stream.next(1);
      expect(JSON.parse(message!.data)).toMatchObject({ severity: 'critical', details: { n: 1 } });
    } finally {
      await stream.close();
    }
  });

  it('resumes after Last-Event-ID with exactly the missed events, once', async () => {
    const [first, ...missed] = await append([
      { eventType: 'live.resume' },
      { eventType: 'live.resume' },
      { eventType: 'live.resume' },
    ]);
    const stream = await connect(`${STREAM}?type=live.resume`, {
      headers: { 'last-event-id': String(first) },
    });
    try {
      const [marker] = await append([{ eventType: 'live.resume', details: { marker: true } }]);
      const messages = await stream.next(3);
      expect(messages.map((m) => Number(m.id))).toEqual([...missed, marker]);
      expect(stream.buffered()).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('resumes after ?after= too, and Last-Event-ID wins over it', async () => {
    const seqs = await append([
      { eventType: 'live.after' },
      { eventType: 'live.after' },
      { eventType: 'live.after' },
    ]);
    const byQuery = await connect(`${STREAM}?type=live.after&after=${seqs[0]}`);
    const both = await connect(`${STREAM}?type=live.after&after=${seqs[0]}`, {
      headers: { 'last-event-id': String(seqs[1]) },
    });
    try {
      expect((await byQuery.next(2)).map((m) => Number(m.id))).toEqual([seqs[1], seqs[2]]);
      expect((await both.next(1)).map((m) => Number(m.id))).toEqual([seqs[2]]);
    } finally {
      await byQuery.close();
      await both.close();
    }
  });

  it('refuses a resume point that is not a sequence number', async () => {
    expect((await open(`${STREAM}?after=-1`)).status).toBe(400);
    const res = await open(STREAM, { headers: { 'last-event-id': 'abc' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/Last-Event-ID/);
  });

  it(`refuses stream number ${LIVE_AUDIT_LIMITS.streamsPerAccount + 1} of one account with 429, and frees a slot when one closes`, async () => {
    const streams = [];
    for (let i = 0; i < LIVE_AUDIT_LIMITS.streamsPerAccount; i++) {
      streams.push(await connect());
    }
    try {
      const refused = await open();
      expect(refused.status).toBe(429);
      const body = await refused.json();
      expect(body.error.code).toBe('too_many_streams');
      expect(body.error.message).toMatch(/At most 5 live audit streams/);
      // Another account has its own slots; so has another demo visitor, though every demo
      // session acts as the one demo administrator.
      const other = await connect(STREAM, {
        token: await passwordSession(t, 'liam.chen@hirehub.example'),
      });
      await other.close();
      const visitor = await connect(STREAM, { token: t.demoToken(2_000) });
      await visitor.close();
      await streams.pop()!.close();
      let reopened: Response | null = null;
      // The slot is freed when the server sees the hang-up, right after the cancel.
      for (let i = 0; i < 50 && reopened?.status !== 200; i++) {
        await reopened?.body?.cancel();
        reopened = await open();
        if (reopened.status !== 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(reopened!.status).toBe(200);
      streams.push(eventStreamReader(reopened!));
    } finally {
      for (const s of streams) await s.close();
    }
  });

  it('refuses anonymous callers and accounts without an administrator role', async () => {
    expect((await open(STREAM, { token: null })).status).toBe(401);
    const user = await passwordSession(t, 'noah.williams@sortstak.example');
    const res = await open(STREAM, { token: user });
    expect(res.status).toBe(403);
  });

  it('ends the stream at the next heartbeat once its session is revoked', async () => {
    setLiveAuditTiming(t.deps, { heartbeatMs: 50 });
    try {
      const token = await passwordSession(t, 'liam.chen@hirehub.example');
      const stream = await connect(STREAM, { token });
      // The same account ends its other sessions from another device.
      const elsewhere = await passwordSession(t, 'liam.chen@hirehub.example');
      const out = await t.call('POST', '/api/admin/sessions/revoke-others', { token: elsewhere });
      expect(out.status).toBe(200);
      await stream.ended();
      expect((await open(STREAM, { token })).status).toBe(401);
    } finally {
      setLiveAuditTiming(t.deps, { heartbeatMs: LIVE_AUDIT_LIMITS.heartbeatMs });
    }
  });

  it('delivers an event appended through another database connection', async () => {
    // On PostgreSQL a second connection (another process would be the same);
    // the embedded database has one connection, so there it is the same one.
    const url = t.database.url;
    const other = url ? await openDatabase({ kind: 'postgres', url, max: 1 }) : t.database;
    const stream = await connect(`${STREAM}?type=live.elsewhere`);
    try {
      const [seq] = await append([{ eventType: 'live.elsewhere' }], other.db);
      const [message] = await stream.next(1);
      expect(Number(message!.id)).toBe(seq);
    } finally {
      await stream.close();
      if (other !== t.database) await other.close();
    }
  });

  it('finds new events by re-checking when no notification comes', async () => {
    setLiveAuditTiming(t.deps, { recheckMs: 50 });
    const stream = await connect(`${STREAM}?type=live.silent`);
    try {
      // A row written around the append, and so without its notification.
      await t.db.execute(sql`
        insert into audit_events (source, event_type, occurred_at, prev_hash, hash)
        values ('server', 'live.silent', now(), 'none', 'none')`);
      const [message] = await stream.next(1);
      expect(JSON.parse(message!.data).event_type).toBe('live.silent');
    } finally {
      setLiveAuditTiming(t.deps, { recheckMs: NO_RECHECK });
      await stream.close();
    }
  });

  it('ends every stream at shutdown', async () => {
    const stream = await connect();
    await closeLiveAudit(t.deps);
    await stream.ended();
  });
});

describe('GET /api/admin/audit/stream, the first one of a process', () => {
  it('says it is open only once the process hears notifications', async () => {
    const fresh = await createTestContext();
    setLiveAuditTiming(fresh.deps, { recheckMs: NO_RECHECK });
    // The process's LISTEN is slow to start (a new PostgreSQL connection under load).
    let hear!: () => void;
    const heard = new Promise<void>((resolve) => (hear = resolve));
    const listen = fresh.database.listen.bind(fresh.database);
    fresh.database.listen = async (channel, onNotify) => {
      await heard;
      return listen(channel, onNotify);
    };
    const res = await fresh.app.request(`${STREAM}?type=live.first`, {
      headers: { authorization: `Bearer ${fresh.demoToken()}` },
    });
    expect(res.status).toBe(200);
    const stream = eventStreamReader(res);
    try {
      const opening = stream.opened().then(() => 'open' as const);
      const first = await Promise.race([
        opening,
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(first).toBe('waiting');
      hear();
      await opening;
      // Open means an append is heard: it arrives without any re-check.
      const [seq] = await append([{ eventType: 'live.first' }], fresh.db);
      const [message] = await stream.next(1);
      expect(Number(message!.id)).toBe(seq);
    } finally {
      hear();
      await stream.close();
      await closeLiveAudit(fresh.deps);
      await fresh.close();
    }
  });
});
