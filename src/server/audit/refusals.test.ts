import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, gt, ne, and } from 'drizzle-orm';
import { applications, auditChainHead, auditEvents } from '../db/schema';
import { SSO_INITIATE_LIMIT } from '../sso/codes';
import { givePassword, signIn } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { passwordSession, userIdOf } from '../testing/principals';
import { closeRefusalWindows, refusalEvents, refusalsOnTrail } from '../testing/refusals';
import { verifyAuditChain } from './chain/verify';
import {
  isReportedRefusal,
  recordAnonymousRefusal,
  REFUSAL_EVENTS_PER_KIND,
  REFUSAL_WINDOW_MS,
  SUMMARY_ADDRESSES,
} from './refusals';

/**
 * Refusals anyone can provoke without signing in, in production mode: a flood
 * of them adds a bounded number of audit events, whose counts add up to the
 * number of refusals.
 */
let t: TestContext;
const clock = manualClock(new Date('2026-06-01T12:00:30Z'));
const NOAH = 'noah.williams@sortstak.example';

beforeAll(async () => {
  t = await createTestContext({
    // The code exchange's refusals, while SSO_LEGACY_EXCHANGE keeps it in production mode.
    config: { demoMode: false, ssoLegacyExchange: true },
    now: clock.now,
    people: [NOAH],
  });
  await givePassword(t, NOAH, 'correct horse battery staple');
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test in a window of its own, with nothing pending from the one before.
  await closeRefusalWindows(t);
  clock.advance(REFUSAL_WINDOW_MS);
  await t.database.exec('DELETE FROM rate_limits');
});

async function lastSeq(): Promise<number> {
  const [row] = await t.db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return row?.seq ?? 0;
}

/** Events stored after `seq`, sign-in failures aside (the sign-in limit bounds those). */
async function eventsSince(seq: number) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.seq, seq), ne(auditEvents.eventType, 'auth.signin.failure')))
    .orderBy(auditEvents.seq);
}

const counts = (events: { details: unknown }[]) =>
  events.map((e) => (e.details as { refusals: number }).refusals);

describe('a flood of refusals without signing in', () => {
  it('100 failed sign-on code exchanges, 100 bogus demo callbacks and 100 sign-ins past the limit add 9 events', async () => {
    const before = await lastSeq();
    for (let i = 0; i < 100; i++) {
      const res = await t.call('POST', '/api/sso/exchange', {
        token: `not-an-app-key-${i}`,
        body: { code: `bogus-code-${i}` },
      });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
    for (let i = 0; i < 100; i++) {
      const res = await t.app.request('/sso/demo-callback', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `code=bogus-${i}`,
      });
      expect(res.status).toBe(401);
    }
    let limited = 0;
    for (let i = 0; i < 300 && limited < 100; i++) {
      const res = await signIn(t, NOAH, `guess-${i}`);
      if (res.status === 429) {
        limited++;
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      } else expect(res.status).toBe(401);
    }
    expect(limited).toBe(100);

    // One event for the 1st, 10th and 100th refusal of each kind from this address.
    const events = await eventsSince(before);
    expect(events).toHaveLength(9);
    for (const kind of [
      'sso.exchange.code_refused',
      'sso.demo_receiver.code_refused',
      'auth.rate_limited',
    ]) {
      const ofKind = await refusalEvents(t, kind);
      expect(counts(ofKind)).toEqual([1, 9, 90]);
      expect(
        ofKind.map((e) => (e.details as { refusals_in_window: number }).refusals_in_window),
      ).toEqual([1, 10, 100]);
    }
    const [high] = await refusalEvents(t, 'auth.rate_limited');
    expect(high).toMatchObject({ eventType: 'auth.rate_limited', severity: 'high' });
    expect(high!.details).toMatchObject({ email: NOAH, refusal_kind: 'auth.rate_limited' });

    // Nothing was left untold: closing the window adds no summary.
    expect(await closeRefusalWindows(t)).toBe(0);
    expect(await eventsSince(before)).toHaveLength(9);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('tells the rest of a window in one summary once the window ends', async () => {
    const before = await lastSeq();
    for (let i = 0; i < 105; i++) {
      await t.call('POST', '/api/sso/exchange', { token: 'k', body: { code: `c-${i}` } });
    }
    expect(await eventsSince(before)).toHaveLength(3);
    expect(await closeRefusalWindows(t)).toBe(1);
    const events = await refusalEvents(t, 'sso.exchange.code_refused');
    const mine = events.filter((e) => e.seq > before);
    expect(counts(mine)).toEqual([1, 9, 90, 5]);
    expect(mine[3]!.details).toMatchObject({ summary: true, addresses: 1 });
    expect(mine.reduce((s, e) => s + (e.details as { refusals: number }).refusals, 0)).toBe(105);
  });

  it('caps the events of a kind per window whatever the number of addresses; the summary tells the rest', async () => {
    const before = await lastSeq();
    const kind = 'test.many_addresses';
    for (let i = 0; i < 300; i++) {
      // 300 addresses, one of them (the last) refused 12 times.
      const times = i === 299 ? 12 : 1;
      for (let j = 0; j < times; j++) {
        await recordAnonymousRefusal(t.deps, kind, {
          source: 'server',
          eventType: 'security.violation',
          severity: 'medium',
          ipAddress: `198.51.${Math.floor(i / 250)}.${i % 250}`,
          details: { action: 'test' },
        });
      }
    }
    expect(await eventsSince(before)).toHaveLength(REFUSAL_EVENTS_PER_KIND);
    expect(await closeRefusalWindows(t)).toBe(1);
    const events = (await refusalEvents(t, kind)).filter((e) => e.seq > before);
    expect(events).toHaveLength(REFUSAL_EVENTS_PER_KIND + 1);
    const summary = events.at(-1)!;
    expect(summary.details).toMatchObject({
      summary: true,
      refusals: 311 - REFUSAL_EVENTS_PER_KIND,
      addresses: 300 - REFUSAL_EVENTS_PER_KIND,
    });
    const top = (summary.details as { top_addresses: { address: string; refusals: number }[] })
      .top_addresses;
    expect(top).toHaveLength(SUMMARY_ADDRESSES);
    expect(top[0]).toEqual({ address: '198.51.1.49', refusals: 12 });
    // Many addresses: the event names none of them as its one address.
    expect(summary.ipAddress).toBeNull();
    expect(await refusalsOnTrail(t, kind)).toBe(311);
  });

  it('stores the address of a summary only when it covers that one address', async () => {
    const refuse = (kind: string, ipAddress: string) =>
      recordAnonymousRefusal(t.deps, kind, {
        source: 'server',
        eventType: 'security.violation',
        severity: 'medium',
        ipAddress,
        details: { action: 'test' },
      });
    for (let i = 0; i < 12; i++) {
      await refuse('test.two_addresses', '203.0.113.1');
      await refuse('test.two_addresses', '203.0.113.2');
      await refuse('test.one_address', '203.0.113.3');
    }
    const before = await lastSeq();
    expect(await closeRefusalWindows(t)).toBe(2);
    const summaries = (await eventsSince(before)).filter(
      (e) => (e.details as { summary?: boolean }).summary,
    );
    const of = (kind: string) =>
      summaries.find((e) => (e.details as { refusal_kind: string }).refusal_kind === kind)!;
    expect(of('test.two_addresses').details).toMatchObject({ addresses: 2 });
    expect(of('test.two_addresses').ipAddress).toBeNull();
    expect(of('test.one_address').details).toMatchObject({ addresses: 1 });
    expect(of('test.one_address').ipAddress).toBe('203.0.113.3');
  });

  // Only PostgreSQL has several connections, so only there can one hold the lock meanwhile.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts refusals while another transaction holds the chain head lock',
    async () => {
      const exchange = (i: number) =>
        t.call('POST', '/api/sso/exchange', { token: 'k', body: { code: `locked-${i}` } });
      expect((await exchange(0)).status).toBe(401); // the 1st: an event, written before the lock
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.db.transaction(async (tx) => {
        await tx.select().from(auditChainHead).for('update');
        locked();
        await new Promise<void>((r) => (release = r));
      });
      await isLocked;
      try {
        // The 2nd to 9th are only counted: none of them waits for the lock.
        const counted = Promise.all(Array.from({ length: 8 }, (_, i) => exchange(i + 1)));
        const outcome = await Promise.race([
          counted.then((all) => all.map((r) => r.status)),
          new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000)),
        ]);
        expect(outcome).toEqual(Array(8).fill(401));
      } finally {
        release();
        await holder;
      }
    },
  );

  it('writes the 1st, 10th, 100th… refusal of a window', () => {
    const reported = Array.from({ length: 12_000 }, (_, i) => i + 1).filter(isReportedRefusal);
    expect(reported).toEqual([1, 10, 100, 1000, 10_000]);
  });
});

describe('a flood of refusals from a signed-in account', () => {
  const FLOOD = 300;
  const REVIEW = 'admin.credential.review.refused';

  it(`${FLOOD} refused approvals, ${FLOOD} malformed bodies and ${FLOOD} sign-on starts add ${SSO_INITIATE_LIMIT.limit + 9} events; the summaries add up`, async () => {
    const token = await passwordSession(t, NOAH); // a user: no reviewer role
    const noah = await userIdOf(t, NOAH);
    const [hirehub] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.appName, 'HireHub'));
    const approve = `/api/admin/credential-requests/${randomUUID()}/approve`;
    const before = await lastSeq();
    for (let i = 0; i < FLOOD; i++) {
      const res = await t.call('POST', approve, { token, body: { reason: `try ${i}` } });
      expect(res.status).toBe(403);
    }
    for (let i = 0; i < FLOOD; i++) {
      const res = await t.call('POST', approve, { token, body: { reason: '' } });
      expect(res.status).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < FLOOD; i++) {
      const res = await t.call('POST', '/api/sso/initiate', {
        token,
        body: { app_id: hirehub!.id, redirect_url: 'https://hirehub.example/sso/callback' },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    }
    const started = SSO_INITIATE_LIMIT.limit;
    expect(statuses).toEqual([...Array(started).fill(201), ...Array(FLOOD - started).fill(429)]);

    // The 1st, 10th and 100th refusal of each kind, and each sign-on start within the limit.
    const events = await eventsSince(before);
    expect(events).toHaveLength(started + 9);
    const kinds = [`${REVIEW}.reviewer_role`, `${REVIEW}.validation`, 'sso.initiate.rate_limited'];
    for (const kind of kinds) {
      expect(counts(await refusalEvents(t, kind))).toEqual([1, 9, 90]);
    }

    // Once the window ends, one summary per kind tells the rest and names the account.
    expect(await closeRefusalWindows(t)).toBe(3);
    expect(await eventsSince(before)).toHaveLength(started + 12);
    for (const [kind, total] of [
      [kinds[0]!, FLOOD],
      [kinds[1]!, FLOOD],
      [kinds[2]!, FLOOD - started],
    ] as const) {
      const summary = (await refusalEvents(t, kind)).at(-1)!;
      expect(summary.userId).toBe(noah);
      expect(summary.details).toMatchObject({
        summary: true,
        refusals: total - 100,
        accounts: 1,
        top_accounts: [{ user_id: noah, refusals: total - 100 }],
      });
      expect(await refusalsOnTrail(t, kind)).toBe(total);
    }
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    // 900 requests: more time than one test usually needs on a busy machine.
  }, 240_000);
});
