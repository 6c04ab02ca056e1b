import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/server/start/app';
import {
  writeBackup,
  restoreBackup,
  type BackupHeader,
  type BackupLine,
} from '../../src/server/db/backup';
import { eq } from 'drizzle-orm';
import { platformRoleAssignments, platformUsers, sessions } from '../../src/server/db/schema';
import { projectRoot } from '../../src/server/db/paths';
import { ensureSetupKey } from '../../src/server/setup/setup-key';
import { createTestContext, type TestContext } from '../../src/server/testing/harness';
import { declaredOperations } from '../../src/server/http/define-route';
import { apiOperations, fillPath } from '../../src/server/testing/openapi-operations';
import {
  accessDisagreements,
  CALLERS,
  PERMISSION_MATRIX,
  SUPER_ADMIN_TARGET_MATRIX,
  withPermissionTable,
  type CallerKind,
} from '../../src/server/testing/permission-matrix';
import { passwordSession } from '../../src/server/testing/principals';
import {
  superAdminTargetRequests,
  VALID_REQUEST_PEOPLE,
  validRequests,
  type ValidRequest,
} from '../../src/server/testing/valid-requests';
import { newToken, sha256Hex } from '../../src/server/security/tokens';
import { answerText } from '../../src/server/testing/event-stream';

/**
 * The permission matrix (src/server/testing/permission-matrix.ts), cell by cell:
 * each operation gets a valid request from each kind of caller, so that the
 * status shows what the caller may do. Production mode unless the column says
 * demo mode is on.
 */
const SUPER = 'amara.okafor@hirehub.example'; // user + super_admin
const PLATFORM = 'liam.chen@hirehub.example'; // user + platform_admin
const USER = 'noah.williams@sortstak.example'; // user only
/** A super_admin none of the callers is, for the rows aimed at such an account. */
const SUPER_TARGET = 'target.super.admin@hirehub.example';

let t: TestContext;
let demoApp: App;
const headersOf = {} as Record<CallerKind, Record<string, string>>;
let recipes: ReturnType<typeof validRequests>;

/**
 * Operations whose valid request rewrites the whole database or ends sessions
 * the other cells use: each of their cells runs on a copy.
 */
const RESTORED_AFTER = new Set([
  'POST /api/setup/clear-all-users',
  'POST /api/setup/cleanup-all-users',
  'POST /api/auth/sign-out',
  'POST /api/auth/password',
  'DELETE /api/admin/sessions/{id}',
  'POST /api/admin/sessions/revoke-others',
]);

/** The account behind each caller's token. */
const INACTIVE = 'deactivated.admin@hirehub.example';
const ACCOUNT_OF: Record<CallerKind, string | null> = {
  none: null,
  'malformed token': null,
  'unknown token': null,
  'demo token, demo mode on': null,
  'demo token, demo mode off': null,
  'expired session': SUPER,
  'revoked session': SUPER,
  'inactive account': INACTIVE,
  user: USER,
  platform_admin: PLATFORM,
  super_admin: SUPER,
};

/** A super_admin whose account has been deactivated, with a session that is otherwise live. */
async function inactiveSuperAdmin(): Promise<string> {
  const email = INACTIVE;
  const [user] = await t.db
    .insert(platformUsers)
    .values({ email, fullName: 'Deactivated Admin', isActive: false })
    .returning({ id: platformUsers.id });
  await t.db.insert(platformRoleAssignments).values([
    { userId: user!.id, role: 'user' },
    { userId: user!.id, role: 'super_admin' },
  ]);
  return passwordSession(t, email);
}

async function snapshot(): Promise<(BackupHeader | BackupLine)[]> {
  const lines: (BackupHeader | BackupLine)[] = [];
  await writeBackup(t.database, (line) => void lines.push(line));
  return lines;
}

async function restore(lines: (BackupHeader | BackupLine)[]) {
  await restoreBackup(
    t.database,
    (async function* () {
      yield* lines;
    })(),
  );
}

beforeAll(async () => {
  // Sign-up is on, so that its row shows who may sign up rather than that it is off.
  t = await createTestContext({
    config: { demoMode: false, allowSignup: true },
    people: [SUPER, PLATFORM, USER, ...VALID_REQUEST_PEOPLE],
  });
  await ensureSetupKey(t.db, t.config, () => {});
  demoApp = createApp({ ...t.deps, config: { ...t.config, demoMode: true } });
  recipes = validRequests(t);

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const revoked = await passwordSession(t, SUPER);
  await t.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.sessionTokenHash, sha256Hex(revoked)));
  const [target] = await t.db
    .insert(platformUsers)
    .values({ email: SUPER_TARGET, fullName: 'Target Super Admin', organization: 'HireHub' })
    .returning({ id: platformUsers.id });
  await t.db.insert(platformRoleAssignments).values([
    { userId: target!.id, role: 'user' },
    { userId: target!.id, role: 'super_admin' },
  ]);
  const demoToken = t.demoToken();
  Object.assign(headersOf, {
    none: {},
    'malformed token': { authorization: 'Bearer not a token' },
    'unknown token': bearer(newToken()),
    'demo token, demo mode on': bearer(demoToken),
    'demo token, demo mode off': bearer(demoToken),
    'expired session': bearer(
      await passwordSession(t, SUPER, { expiresAt: new Date(Date.now() - 60_000) }),
    ),
    'revoked session': bearer(revoked),
    'inactive account': bearer(await inactiveSuperAdmin()),
    user: bearer(await passwordSession(t, USER)),
    platform_admin: bearer(await passwordSession(t, PLATFORM)),
    super_admin: bearer(await passwordSession(t, SUPER)),
  } satisfies Record<CallerKind, Record<string, string>>);
});
afterAll(() => t.close());

describe('permission matrix', () => {
  it('has one row for every operation of the API contract, and no other', async () => {
    const operations = (await apiOperations(t)).map((op) => op.key).sort();
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual(operations);
  });

  it("agrees, row by row, with each operation's declared access", () => {
    const rows = { ...PERMISSION_MATRIX };
    const disagreements = declaredOperations().flatMap((op) => {
      const key = `${op.method.toUpperCase()} /api${op.path}`;
      const row = rows[key];
      return row ? accessDisagreements(key, op.access, row) : [`${key}: no row`];
    });
    for (const [key, row] of Object.entries(SUPER_ADMIN_TARGET_MATRIX)) {
      const op = declaredOperations().find(
        (d) => `${d.method.toUpperCase()} /api${d.path}` === key,
      );
      disagreements.push(
        ...(op ? accessDisagreements(key, op.access, row) : [`${key}: undeclared`]),
      );
    }
    expect(disagreements).toEqual([]);
  });

  it('gives every caller the status its row says, for a valid request to every operation', async () => {
    const operations = await apiOperations(t);
    const differing: string[] = [];
    for (const op of operations) {
      const expected = PERMISSION_MATRIX[op.key];
      if (!expected) continue; // reported by the test above
      for (const [i, caller] of CALLERS.entries()) {
        const saved = RESTORED_AFTER.has(op.key) ? await snapshot() : null;
        const recipe = recipes[op.key];
        const token = headersOf[caller].authorization?.replace(/^Bearer /, '') ?? null;
        const valid: ValidRequest = recipe
          ? await recipe({ email: ACCOUNT_OF[caller], token })
          : {};
        const app = caller === 'demo token, demo mode on' ? demoApp : t.app;
        const headers: Record<string, string> = { ...headersOf[caller] };
        if (valid.body !== undefined) headers['content-type'] = 'application/json';
        const res = await app.request(valid.path ?? fillPath(op.path, {}), {
          method: op.method,
          headers,
          body: valid.body === undefined ? undefined : JSON.stringify(valid.body),
        });
        const text = await answerText(res);
        if (saved) await restore(saved);
        if (res.status !== expected[i]) {
          differing.push(
            `${op.key} × ${caller}: expected ${expected[i]}, got ${res.status} ${text.slice(0, 160)}`,
          );
        }
      }
    }
    expect(differing, `differing cells:\n${differing.join('\n')}`).toEqual([]);
  }, 300_000);

  it('gives every caller the status its row says when the target account holds super_admin', async () => {
    const requests = superAdminTargetRequests(t, SUPER_TARGET);
    expect(Object.keys(requests).sort()).toEqual(Object.keys(SUPER_ADMIN_TARGET_MATRIX).sort());
    const differing: string[] = [];
    for (const [key, expected] of Object.entries(SUPER_ADMIN_TARGET_MATRIX)) {
      const method = key.split(' ')[0]!;
      for (const [i, caller] of CALLERS.entries()) {
        const valid = await requests[key]!();
        const app = caller === 'demo token, demo mode on' ? demoApp : t.app;
        const res = await app.request(valid.path!, {
          method,
          headers: { ...headersOf[caller], 'content-type': 'application/json' },
          body: JSON.stringify(valid.body),
        });
        const text = await res.text();
        if (res.status !== expected[i]) {
          differing.push(
            `${key} on a super_admin × ${caller}: expected ${expected[i]}, got ${res.status} ${text.slice(0, 160)}`,
          );
        }
      }
    }
    expect(differing, `differing cells:\n${differing.join('\n')}`).toEqual([]);
  }, 120_000);

  it('is the table docs/permissions.md shows (npm run docs:permissions rewrites it)', () => {
    const readme = readFileSync(path.join(projectRoot, 'docs/permissions.md'), 'utf8');
    expect(withPermissionTable(readme)).toBe(readme);
  });
});
