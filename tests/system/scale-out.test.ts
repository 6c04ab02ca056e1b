import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/security/passwords';
import { eventStreamReader } from '../../src/server/testing/event-stream';
import { createScratchDatabase, postgresAnswers } from '../../src/server/testing/scratch-postgres';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';

/**
 * Scale-out (docs/operations.md): two server processes against one
 * PostgreSQL server behave as one. Each run uses a database of its own,
 * created here and dropped afterwards.
 */
const available = await postgresAnswers('the scale-out test');

const LIAM = 'liam.chen@hirehub.example'; // platform_admin
const PASSWORD = 'correct horse battery staple';
const SETUP_KEY = 'scale-out-setup-confirmation-key-0123';

describe.skipIf(!available)('two server processes on one PostgreSQL database', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let dbUrl: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase('scale_out');
    dbUrl = scratch.url;
    const env = { DATABASE_URL: dbUrl, DEMO_MODE: 'false', SETUP_CONFIRMATION_KEY: SETUP_KEY };
    // One after the other: the first applies the migrations and seeds.
    a = await startServerProcess({ entry: 'source', env });
    b = await startServerProcess({ entry: 'source', env });
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    // A production database starts with nobody: the platform_admin who signs in is made here.
    await client.query(
      `WITH person AS (INSERT INTO platform_users (email, full_name) VALUES ($1, 'Liam Chen') RETURNING id),
       role AS (INSERT INTO platform_role_assignments (user_id, role)
                SELECT id, r FROM person, unnest(ARRAY['user', 'platform_admin']) AS r)
       INSERT INTO password_credentials (user_id, password_hash, must_change)
       SELECT id, $2, false FROM person`,
      [LIAM, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 })],
    );
    await client.end();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
  });

  const call = async (
    server: ServerProcess,
    method: string,
    path: string,
    init: { token?: string; body?: unknown } = {},
  ) => {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const signIn = (server: ServerProcess, password = PASSWORD) =>
    call(server, 'POST', '/api/auth/sign-in', { body: { email: LIAM, password } });

  const clearLimits = async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('DELETE FROM rate_limits');
    await client.end();
  };

  it('accepts on one process a session signed in through the other, with its address', async () => {
    const session = await signIn(a!);
    expect(session.status).toBe(200);
    const me = await call(b!, 'GET', '/api/auth/me', { token: session.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(LIAM);
    const users = await call(b!, 'GET', '/api/admin/users', { token: session.json.access_token });
    expect(users.status).toBe(200);
    const list = await call(b!, 'GET', '/api/admin/sessions', {
      token: session.json.access_token,
    });
    expect(list.json.sessions[0]).toMatchObject({ current: true, ip_address: '127.0.0.1' });
  });

  it('honours a refresh, a sign-out and a revocation made on the other process', async () => {
    const first = await signIn(a!);
    const refreshed = await call(b!, 'POST', '/api/auth/refresh', {
      body: { refresh_token: first.json.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    const reused = await call(a!, 'POST', '/api/auth/refresh', {
      body: { refresh_token: first.json.refresh_token },
    });
    expect(reused.status).toBe(401);
    // A rotated token presented again ends the session on every process.
    const ended = await call(b!, 'GET', '/api/auth/me', { token: refreshed.json.access_token });
    expect(ended.status).toBe(401);

    const live = await signIn(b!);
    const out = await call(a!, 'POST', '/api/auth/sign-out', {
      token: live.json.access_token,
    });
    expect(out.status).toBe(204);
    const after = await call(b!, 'GET', '/api/auth/me', { token: live.json.access_token });
    expect(after.status).toBe(401);

    const other = await signIn(b!);
    const mine = await signIn(a!);
    const revoked = await call(a!, 'POST', '/api/admin/sessions/revoke-others', {
      token: mine.json.access_token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revoked).toBeGreaterThanOrEqual(1);
    const gone = await call(b!, 'GET', '/api/auth/me', { token: other.json.access_token });
    expect(gone.status).toBe(401);
    const kept = await call(b!, 'GET', '/api/auth/me', { token: mine.json.access_token });
    expect(kept.status).toBe(200);
  });

  it('shares the brute-force limit: failures on both processes add up', async () => {
    await clearLimits();
    for (const server of [a!, b!, a!, b!, a!]) {
      expect((await signIn(server, 'wrong password')).status).toBe(401);
    }
    const onB = await signIn(b!);
    const onA = await signIn(a!);
    expect(onB.status).toBe(429);
    expect(onA.status).toBe(429);
    expect(onA.json.error.message).toMatch(/^Too many sign-in attempts/);
    await clearLimits();
  });

  it('delivers an event recorded by one process to a live stream held by the other', async () => {
    await clearLimits();
    const watcher = await signIn(b!);
    const res = await fetch(`${b!.url}/api/admin/audit/stream?type=auth.signin.success`, {
      headers: { authorization: `Bearer ${watcher.json.access_token}` },
    });
    expect(res.status).toBe(200);
    const stream = eventStreamReader(res);
    try {
      await stream.opened();
      // Recorded on A, committed there, announced to B's listener by PostgreSQL.
      const other = await signIn(a!);
      expect(other.status).toBe(200);
      const [message] = await stream.next(1);
      const event = JSON.parse(message!.data);
      expect(event).toMatchObject({ event_type: 'auth.signin.success', user_email: LIAM });
      expect(message!.id).toBe(String(event.seq));
    } finally {
      await stream.close();
    }
  });
});
