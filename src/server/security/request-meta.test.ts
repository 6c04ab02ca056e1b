import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../db/schema';
import { userIdOf } from '../testing/admin-helpers';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, type TestContext } from '../testing/harness';
import { USER_AGENT_MAX_LENGTH } from './request-meta';

const AMARA = 'amara.okafor@hirehub.example';
const LONG_AGENT = `Mozilla/5.0 ${'x'.repeat(2 * USER_AGENT_MAX_LENGTH)}`;

/** A request's user agent is cut once, to the same length, wherever it is kept. */
describe('requestMeta', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ config: { demoMode: false }, people: [AMARA] });
    await givePassword(t, AMARA, 'correct horse battery');
  });
  afterAll(() => t.close());

  it('keeps the first 512 characters of a long user agent on the session and the trail', async () => {
    const res = await t.call('POST', '/api/auth/sign-in', {
      body: { email: AMARA, password: 'correct horse battery' },
      headers: { 'user-agent': LONG_AGENT },
    });
    expect(res.status).toBe(200);
    const userId = await userIdOf(t, AMARA);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, userId))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    const kept = LONG_AGENT.slice(0, USER_AGENT_MAX_LENGTH);
    expect(USER_AGENT_MAX_LENGTH).toBe(512);
    expect(session?.userAgent).toBe(kept);
    expect(event?.userAgent).toBe(kept);
  });

  it('cuts it for a demo session too', async () => {
    const demo = await createTestContext();
    try {
      const token = demo.demoToken();
      const res = await demo.call('GET', '/api/admin/users?limit=1', {
        token,
        headers: { 'user-agent': LONG_AGENT },
      });
      expect(res.status).toBe(200);
      const [session] = await demo.db
        .select()
        .from(sessions)
        .where(eq(sessions.kind, 'demo'))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      expect(session?.userAgent).toBe(LONG_AGENT.slice(0, USER_AGENT_MAX_LENGTH));
    } finally {
      await demo.close();
    }
  });
});
