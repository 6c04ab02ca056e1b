import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_EVENTS } from '../audit/event-types';
import { SinkDeliverer, SINK_DELIVERY } from '../audit/sinks/deliverer';
import { verifyAuditDelivery } from '../../../docs/examples/audit-receiver.mjs';
import { createTestContext, type TestContext } from '../testing/harness';
import { mfaKey } from '../auth/mfa-key';
import { totpFactors } from '../db/schema';
import { encryptSecret } from '../security/sealed-secret';
import { auditOf, passwordSession, rowCount, userIdOf } from '../testing/principals';
import { startSinkReceiver, type SinkReceiver } from '../testing/sink-receiver';

/**
 * The audit sinks API (docs/product/audit-trail.md#audit-sinks): a super administrator's, each
 * change on the trail; the secret answered once; bad addresses and filters refused.
 */
let t: TestContext;
let token: string;
let r: SinkReceiver;
const AMARA = 'amara.okafor@hirehub.example'; // super_admin

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, people: [AMARA] });
  token = await passwordSession(t, AMARA);
  r = await startSinkReceiver();
});
afterAll(async () => {
  await r.close();
  await t.close();
});
beforeEach(() => t.database.exec('DELETE FROM audit_sinks'));

const call = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/admin/audit/sinks${path}`, { token, body });
/** The sink as the list answers it, with its lag. */
const listed = async (id: string) =>
  ((await call('GET', '')).json.sinks as { id: string }[]).find((s) => s.id === id) as Record<
    string,
    unknown
  >;
const create = (body: Record<string, unknown> = {}) =>
  call('POST', '', { name: 'SIEM', url: r.url, ...body });

describe('registering a sink', () => {
  it('answers the secret once, lists the sink without it, and records the change', async () => {
    const res = await create({ event_types: ['auth.*'], severities: ['high'] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'SIEM',
      url: r.url,
      event_types: ['auth.*'],
      severities: ['high'],
      state: 'active',
      failures: 0,
    });
    const secret = res.json.secret as string;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);

    const list = await call('GET', '');
    expect(list.json.sinks).toHaveLength(1);
    expect(list.text).not.toContain(secret);
    expect(list.json.sinks[0]).not.toHaveProperty('secret');

    const [event] = (await auditOf(t, AUDIT_EVENTS.auditSinkCreated)).slice(-1);
    expect(event).toMatchObject({ severity: 'high', details: { sink_id: res.json.id } });
    expect(JSON.stringify(event)).not.toContain(secret);
    // Sealed in the database: the row does not hold the secret's text.
    const [row] = await t.database.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM audit_sinks',
    );
    expect(row!.secret_sealed).not.toContain(secret.slice(6));
  });

  it.each([
    ['not a URL', { url: 'siem' }, 'Enter a full URL'],
    ['plain http elsewhere', { url: 'http://siem.example.com/audit' }, 'must use https'],
    ['another scheme', { url: 'ftp://siem.example.com/' }, 'must use https'],
    ['a private address', { url: 'https://10.1.2.3/audit' }, 'private or link-local'],
    ['a metadata address', { url: 'https://169.254.169.254/latest' }, 'private or link-local'],
    ['an IPv6 link-local', { url: 'https://[fe80::1]/audit' }, 'private or link-local'],
    ['credentials', { url: 'https://u:p@siem.example.com/' }, 'user name or password'],
    ['an unknown severity', { severities: ['urgent'] }, 'severities'],
    ['a malformed type', { event_types: ['Auth Sign-in'] }, 'dotted words'],
    ['an unknown field', { secret: 'mine' }, 'secret'],
  ])('refuses %s with 400 and writes nothing', async (_, body, words) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(words);
    expect(await rowCount(t, 'audit_sinks')).toBe(0);
  });

  it('refuses an event type of no namespace the trail records', async () => {
    const res = await create({ event_types: ['auht.*'] });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'unknown_event_type' });
    expect(res.json.error.message).toContain('auht.*');
    expect(await rowCount(t, 'audit_sinks')).toBe(0);
  });

  it('takes plain http on the loopback', async () => {
    for (const url of ['http://localhost:8787/a', 'http://127.0.0.2/a', 'http://[::1]:9/a']) {
      expect((await create({ url })).status).toBe(201);
    }
  });
});

describe('a step-up', () => {
  it('is asked of an account with a second factor before it registers, changes or removes one', async () => {
    const { id } = (await create()).json;
    const userId = await userIdOf(t, AMARA);
    await t.db.insert(totpFactors).values({
      userId,
      secretEncrypted: encryptSecret(mfaKey(t.config), userId, 'JBSWY3DPEHPK3PXP'),
      confirmedAt: new Date(),
    });
    try {
      const before = await rowCount(t, 'audit_events');
      for (const [method, path, body] of [
        ['POST', '', { name: 'SIEM', url: r.url }],
        ['PATCH', `/${id}`, { enabled: false }],
        ['DELETE', `/${id}`, undefined],
        ['POST', `/${id}/rotate-secret`, undefined],
      ] as const) {
        const res = await call(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.error).toMatchObject({ code: 'step_up_required', methods: ['totp'] });
      }
      expect(await rowCount(t, 'audit_sinks')).toBe(1);
      expect((await call('GET', '')).json.sinks[0]).toMatchObject({ enabled: true });
      // Only the step-up requests are on the trail.
      expect(await rowCount(t, 'audit_events')).toBe(before + 4);
    } finally {
      await t.db.delete(totpFactors).where(eq(totpFactors.userId, userId));
    }
  });
});

describe('changing a sink', () => {
  it('updates its filters and switch, recording what changed', async () => {
    const { id } = (await create()).json;
    const res = await call('PATCH', `/${id}`, { enabled: false, severities: ['critical'] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ enabled: false, state: 'disabled', severities: ['critical'] });
    const [event] = (await auditOf(t, AUDIT_EVENTS.auditSinkUpdated)).slice(-1);
    expect(event!.details).toMatchObject({
      changes: { enabled: { from: true, to: false }, severities: { from: [], to: ['critical'] } },
    });
    expect((await call('PATCH', `/${id}`, { url: 'http://example.com/' })).status).toBe(400);
  });

  it('rotates the secret: answered once, and the next delivery is signed with it', async () => {
    const created = (await create()).json;
    const rotated = await call('POST', `/${created.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(created.secret);
    expect(await auditOf(t, AUDIT_EVENTS.auditSinkSecretRotated)).not.toHaveLength(0);

    const sent = r.received.length;
    const test = await call('POST', `/${created.id}/test`);
    expect(test.json).toEqual({ delivered: true, status: 204, error: null });
    const d = r.received[sent]!;
    expect(JSON.parse(d.body)).toEqual({ sink_id: created.id, test: true, events: [] });
    const signature = d.headers['x-audit-signature'] as string;
    expect(verifyAuditDelivery(rotated.json.secret, signature, d.body)).toBe(true);
    expect(verifyAuditDelivery(created.secret, signature, d.body)).toBe(false);
  });

  it('records each test delivery: who sent it, to which sink, and what came back', async () => {
    const amara = await userIdOf(t, AMARA);
    const ok = (await create()).json;
    await call('POST', `/${ok.id}/test`);
    const refusing = await startSinkReceiver({ answer: () => 503 });
    try {
      const bad = (await create({ name: 'Down', url: refusing.url })).json;
      await call('POST', `/${bad.id}/test`);
      const events = (await auditOf(t, AUDIT_EVENTS.auditSinkTested)).slice(-2);
      expect(events).toMatchObject([
        {
          severity: 'medium',
          userId: amara,
          details: { sink_id: ok.id, name: 'SIEM', url: r.url, delivered: true, status: 204 },
        },
        {
          userId: amara,
          details: {
            sink_id: bad.id,
            url: refusing.url,
            delivered: false,
            status: 503,
            error: 'HTTP 503: receiver says no',
          },
        },
      ]);
      expect(JSON.stringify(events)).not.toContain(ok.secret);
    } finally {
      await refusing.close();
    }
  });

  it('removes a sink, on the trail; an unknown id is 404', async () => {
    const { id } = (await create()).json;
    expect((await call('DELETE', `/${id}`)).status).toBe(204);
    expect(await rowCount(t, 'audit_sinks')).toBe(0);
    expect((await call('DELETE', `/${id}`)).status).toBe(404);
    expect((await call('GET', '')).json.sinks).toEqual([]);
    const [event] = (await auditOf(t, AUDIT_EVENTS.auditSinkDeleted)).slice(-1);
    expect(event!.details).toMatchObject({ sink_id: id });
  });
});

describe('status, pause and resume', () => {
  it('shows a paused sink with its last error and lag; resume replays from there', async () => {
    let refusing = true;
    const failing = await startSinkReceiver({ answer: () => (refusing ? 500 : 200) });
    const deliverer = new SinkDeliverer(t.deps, {
      ...SINK_DELIVERY,
      recheckMs: 100,
      backoffBaseMs: 10,
      backoffMaxMs: 20,
      maxFailures: 2,
    });
    try {
      const { id } = (await create({ url: failing.url })).json;
      await deliverer.start();
      await expect.poll(async () => (await listed(id)).state).toBe('paused');
      const list = (await call('GET', '')).json;
      const status = list.sinks.find((s: { id: string }) => s.id === id);
      expect(status).toMatchObject({
        state: 'paused',
        failures: 2,
        last_error: 'HTTP 500: receiver says no',
      });
      expect(status.lag).toBe(list.head_seq - status.delivered_seq);
      expect(status.lag).toBeGreaterThan(0);

      refusing = false;
      const resumed = await call('POST', `/${id}/resume`);
      expect(resumed.json).toMatchObject({ state: 'active', failures: 0 });
      deliverer.wake();
      await expect.poll(async () => (await listed(id)).lag, { timeout: 10_000 }).toBe(0);
      // The first accepted batch starts with the sink's own creation event: nothing was skipped.
      const [created] = (await auditOf(t, AUDIT_EVENTS.auditSinkCreated)).slice(-1);
      expect(failing.acceptedSeqs()[0]).toBe(created!.seq);
      expect(await auditOf(t, AUDIT_EVENTS.auditSinkResumed)).not.toHaveLength(0);
    } finally {
      await deliverer.stop();
      await failing.close();
    }
  });
});
