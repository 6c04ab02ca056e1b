import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { AUDIT_EVENTS } from '../../src/server/audit/event-types';
import { DEMO_ADMIN_EMAIL } from '../../src/server/db/seed-data';
import { ensureSetupKey } from '../../src/server/setup/setup-key';
import { databaseChecksum } from '../../src/server/testing/db-checksum';
import { createTestContext, manualClock, type TestContext } from '../../src/server/testing/harness';
import {
  describeRequest,
  malformedRequests,
  type Fixtures,
  type FuzzRequest,
} from '../../src/server/testing/malformed-requests';
import { apiOperations, type Operation } from '../../src/server/testing/openapi-operations';
import { passwordSession, userIdOf } from '../../src/server/testing/principals';
import { answerText } from '../../src/server/testing/event-stream';

/**
 * API fuzzing from the contract (docs/reliability.md): for every
 * operation of /api/openapi.json, requests that are malformed by construction,
 * as the demo administrator and as nobody. Each must be answered with a 4xx and
 * the error body, GETs included, and must change nothing.
 * Demo mode turns the sign-in operations away before they read their input, so
 * they are fuzzed once more on a production-mode server, as a signed-in
 * super_admin.
 *
 * FUZZ_REQUESTS sets the total (2,000 here, 20,000 in `npm run fuzz`);
 * FUZZ_SEED replays a run.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Refusals the server writes to the audit trail on purpose; nothing else may be appended. */
const REFUSAL_RECORDS = [
  AUDIT_EVENTS.credentialRequestRefused,
  AUDIT_EVENTS.credentialReviewRefused,
  AUDIT_EVENTS.grantDenied,
  AUDIT_EVENTS.grantRevokeRefused,
  'security.violation',
  'role_escalation_attempt',
];

const clock = manualClock();
const t = await createTestContext({ now: clock.now });
await ensureSetupKey(t.db, t.config, () => {});
const operations = await apiOperations(t);
const demoToken = t.demoToken(clock.now().getTime());

// Production mode, sign-up on: the operations that take an account's input.
const prod = await createTestContext({
  now: clock.now,
  config: { demoMode: false, allowSignup: true },
  people: ['amara.okafor@hirehub.example'],
});
const prodToken = await passwordSession(prod, 'amara.okafor@hirehub.example');
/** The operations of a signed-in account (sign-in, its sessions and its password) and invitations. */
const accountOperations = operations.filter((op) =>
  /^\/api\/(auth\/|admin\/sessions\/|admin\/invitations|invitations\/)/.test(op.path),
);

// Everything a first call sets up lazily (the demo session, the sign-on receiver) happens now.
await t.call('GET', '/api/config');
await t.call('GET', '/api/admin/apps', { token: demoToken });

const fixtures = await loadFixtures();
type Caller = { name: string; ctx: TestContext; ops: Operation[]; headers: Record<string, string> };
const callers: Caller[] = [
  {
    name: 'demo administrator',
    ctx: t,
    ops: operations,
    headers: { authorization: `Bearer ${demoToken}` },
  },
  { name: 'anonymous', ctx: t, ops: operations, headers: {} },
  {
    name: 'production super_admin',
    ctx: prod,
    ops: accountOperations,
    headers: { authorization: `Bearer ${prodToken}` },
  },
];
const runsEach = Math.ceil(TOTAL / callers.reduce((n, c) => n + c.ops.length, 0));
let sent = 0;
const started = performance.now();

async function loadFixtures(): Promise<Fixtures> {
  const apps = await t.database.query<{ id: string }>(
    'SELECT id FROM applications WHERE is_active AND api_key_hash IS NOT NULL ORDER BY app_name',
  );
  const demoAdmin = await userIdOf(t, DEMO_ADMIN_EMAIL);
  const pending = await t.database.query<{ id: string }>(
    `SELECT id FROM admin_action_approvals WHERE status = 'pending' AND requesting_user_id <> $1`,
    [demoAdmin],
  );
  const users = [await userIdOf(t, 'grace.kim@talentspark.example'), demoAdmin];
  const appIds = apps.map((a) => a.id);
  const requestIds = pending.map((r) => r.id);
  return {
    pathIds: {
      '/api/admin/users/{id}': users,
      '/api/admin/users/{id}/roles': users,
      '/api/admin/credential-requests/{id}/approve': requestIds,
      '/api/admin/credential-requests/{id}/deny': requestIds,
    },
    bodyIds: { target_app_id: appIds, app_id: appIds },
  };
}

function isErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

/** Each server's state after the previous request, which changed nothing (or re-read after a failure). */
const expected = new Map<TestContext, string>();
const checksum = (ctx: TestContext) => databaseChecksum(ctx, { ignoreAuditTypes: REFUSAL_RECORDS });

/** Sends one request and says what is wrong with the outcome, or null. */
async function problemWith(ctx: TestContext, req: FuzzRequest, headers: Record<string, string>) {
  const before = expected.get(ctx) ?? (await checksum(ctx));
  expected.set(ctx, before);
  const res = await ctx.app.request(req.url, {
    method: req.method,
    headers: { ...req.headers, ...headers },
    body: req.body,
  });
  sent++;
  const text = await answerText(res);
  const problems: string[] = [];
  if (res.status < 400 || res.status >= 500) problems.push(`status ${res.status}`);
  else if (!isErrorBody(text)) problems.push('no { error: { code, message } } body');
  if ((await checksum(ctx)) !== before) {
    problems.push('the database changed');
    expected.delete(ctx);
  }
  return problems.length
    ? `${problems.join('; ')} — answer ${res.status} ${text.slice(0, 300)}`
    : null;
}

afterAll(async () => {
  const seconds = (performance.now() - started) / 1000;
  console.log(`API fuzzing: ${sent} malformed requests in ${seconds.toFixed(1)} s`);
  await t.close();
  await prod.close();
});

describe.each(callers)('malformed requests as $name', ({ name, ctx, ops, headers }) => {
  it.each(ops.map((op) => [op.key, op] as const))(
    '%s: every answer is a 4xx error and nothing changes',
    async (_key, op) => {
      await fc.assert(
        fc.asyncProperty(malformedRequests(op, fixtures), async (req) => {
          const problem = await problemWith(ctx, req, headers);
          if (problem) throw new Error(`${name}: ${describeRequest(req)}\n  → ${problem}`);
        }),
        { numRuns: runsEach, seed: SEED },
      );
    },
    Math.max(60_000, runsEach * 1_000),
  );
});
