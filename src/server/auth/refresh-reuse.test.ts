import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, userIdOf } from '../testing/admin-helpers';
import { givePassword, signedIn } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';

/** A stolen refresh token: presenting a rotated one ends the whole session. */
let t: TestContext;
const clock = manualClock();
const LIAM = 'liam.chen@hirehub.example';
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, now: clock.now, people: [LIAM] });
  await givePassword(t, LIAM, PASSWORD);
});
afterAll(() => t.close());

const refresh = (token: string) =>
  t.call('POST', '/api/auth/refresh', { body: { refresh_token: token } });
const me = async (token: string) => (await t.call('GET', '/api/auth/me', { token })).status;
const reuseEvents = async () => auditRows(t, 'auth.refresh_token.reused');

describe('reusing a rotated refresh token', () => {
  it('ends the session for the owner when the thief replays the old token', async () => {
    const before = (await reuseEvents()).length;
    const owner = await signedIn(t, LIAM, PASSWORD);
    const stolen = owner.refresh_token;
    const renewed = await refresh(owner.refresh_token);
    expect(renewed.status).toBe(200);
    expect(await me(renewed.json.access_token)).toBe(200);

    const replay = await refresh(stolen);
    expect(replay.status).toBe(401);
    expect(replay.json.error.code).toBe('invalid_refresh_token');
    // Both holders are out: the owner's new access and refresh tokens stop working.
    expect(await me(renewed.json.access_token)).toBe(401);
    expect((await refresh(renewed.json.refresh_token)).status).toBe(401);

    const events = (await reuseEvents()).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      severity: 'high',
      source: 'server',
      user_id: await userIdOf(t, LIAM),
      details: { reason: 'rotated_refresh_token_reused' },
    });
    const [row] = await t.database.query<{ is_active: boolean; revoked_at: Date | null }>(
      'SELECT is_active, revoked_at FROM sessions WHERE id = $1',
      [events[0]!.details.session_id],
    );
    expect(row).toMatchObject({ is_active: false });
    expect(row!.revoked_at).not.toBeNull();

    // Replaying again answers the same and adds nothing to the trail.
    expect((await refresh(stolen)).status).toBe(401);
    expect((await reuseEvents()).length - before).toBe(1);
  });

  it('ends the thief’s new tokens when the owner comes back with the old one', async () => {
    const owner = await signedIn(t, LIAM, PASSWORD);
    const thief = await refresh(owner.refresh_token);
    expect(thief.status).toBe(200);
    expect((await refresh(owner.refresh_token)).status).toBe(401);
    expect(await me(thief.json.access_token)).toBe(401);
    expect((await refresh(thief.json.refresh_token)).status).toBe(401);
    expect(await me(owner.access_token)).toBe(401);
  });

  it('recognises a token rotated several refreshes ago', async () => {
    const owner = await signedIn(t, LIAM, PASSWORD);
    const stolen = owner.refresh_token;
    let current = owner.refresh_token;
    let access = owner.access_token;
    for (let i = 0; i < 3; i++) {
      clock.advance(14 * 60_000);
      const next = await refresh(current);
      expect(next.status).toBe(200);
      current = next.json.refresh_token;
      access = next.json.access_token;
    }
    expect((await refresh(stolen)).status).toBe(401);
    expect(await me(access)).toBe(401);
  });

  it('ends the session on a concurrent double refresh with one token: one wins, then both end', async () => {
    const owner = await signedIn(t, LIAM, PASSWORD);
    const both = await Promise.all([refresh(owner.refresh_token), refresh(owner.refresh_token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = both.find((r) => r.status === 200)!;
    expect(await me(winner.json.access_token)).toBe(401);
  });

  it('leaves an unknown token a plain refusal that ends nothing', async () => {
    const before = (await reuseEvents()).length;
    const owner = await signedIn(t, LIAM, PASSWORD);
    expect((await refresh('made-up-token')).status).toBe(401);
    expect(await me(owner.access_token)).toBe(200);
    expect((await reuseEvents()).length).toBe(before);
  });
});
