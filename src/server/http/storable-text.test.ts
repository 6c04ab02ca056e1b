import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../testing/db-checksum';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { BAD_QUERY_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from './storable-text';

/**
 * Regression tests for what the API fuzzer found (tests/system/api-fuzz.test.ts):
 * each request below once got a 500 or changed the database.
 */
let t: TestContext;
let token: string;
let appId: string;
let pendingRequestId: string;

beforeAll(async () => {
  // A still clock: the demo session's last_seen_at stays put, so "nothing changed" is exact.
  t = await createTestContext({ now: manualClock().now });
  token = t.demoToken();
  await t.call('GET', '/api/admin/apps', { token });
  const [app] = await t.database.query<{ id: string }>(
    `SELECT id FROM applications WHERE api_key_hash IS NOT NULL AND webhook_secret_hash IS NOT NULL
      AND is_active ORDER BY app_name LIMIT 1`,
  );
  appId = app!.id;
  const [pending] = await t.database.query<{ id: string }>(
    `SELECT id FROM admin_action_approvals WHERE status = 'pending' LIMIT 1`,
  );
  pendingRequestId = pending!.id;
});
afterAll(() => t.close());

async function expectRefusedUnchanged(
  method: string,
  path: string,
  init: { rawBody?: string; body?: unknown },
  message: string,
) {
  const before = await databaseChecksum(t);
  const res = await t.call(method, path, {
    token,
    ...init,
    headers: init.rawBody === undefined ? {} : { 'content-type': 'application/json' },
  });
  expect(res.status, res.text).toBe(400);
  expect(res.json.error).toEqual({ code: 'bad_request', message });
  expect(await databaseChecksum(t)).toBe(before);
}

describe('text the database cannot store', () => {
  const credentialBodies = () =>
    [
      [
        '/api/admin/credential-requests',
        { target_app_id: appId, access_type: 'api_key', justification: 'Quarterly key rotation' },
      ],
      [
        '/api/admin/credential-requests/{id}/deny'.replace('{id}', pendingRequestId),
        { reason: 'No' },
      ],
      [
        '/api/admin/credential-grants',
        {
          target_app_id: appId,
          credential_type: 'api_key',
          justification: 'Investigating a failed webhook delivery',
        },
      ],
    ] as const;

  // Was a 500: the refusal record quoted the unknown field's name, and jsonb cannot hold NUL.
  it('refuses an unknown field named NUL with a 400, where refusals are audited', async () => {
    for (const [path, body] of credentialBodies()) {
      const rawBody = JSON.stringify(body).replace(/}$/, ',"\\u0000":{}}');
      await expectRefusedUnchanged('POST', path, { rawBody }, UNSTORABLE_TEXT_MESSAGE);
    }
  });

  // Was a 500: PostgreSQL refuses NUL in text and unpaired surrogates in jsonb.
  it('refuses NUL and unpaired surrogates in a justification, a reason and audit details', async () => {
    for (const bad of ['\\u0000', '\\ud800', '\\udfff']) {
      for (const [path, body] of credentialBodies()) {
        const field = 'justification' in body ? 'justification' : 'reason';
        const rawBody = JSON.stringify(body).replace(`"${field}":"`, `"${field}":"${bad}`);
        await expectRefusedUnchanged('POST', path, { rawBody }, UNSTORABLE_TEXT_MESSAGE);
      }
      const event = `{"id":"6f1c1d6e-2f0a-4c1e-9d55-0c2b7b8e9a10","event_type":"admin.panel.access",
        "timestamp":"2026-06-01T12:00:00.000Z","session_id":"abc${bad}","details":{"k":"v${bad}"}}`;
      await expectRefusedUnchanged(
        'POST',
        '/api/audit/events',
        { rawBody: `{"source":"console","events":[${event}]}` },
        UNSTORABLE_TEXT_MESSAGE,
      );
    }
  });

  // Was a 500: the name rule refuses control characters, and an unpaired surrogate is none.
  it('refuses an unpaired surrogate in a user field', async () => {
    const [grace] = await t.database.query<{ id: string }>(
      `SELECT id FROM platform_users WHERE email = 'grace.kim@talentspark.example'`,
    );
    for (const bad of ['\\ud800', '\\udfff', '\\u0000']) {
      await expectRefusedUnchanged(
        'PATCH',
        `/api/admin/users/${grace!.id}`,
        { rawBody: `{"full_name":"Grace ${bad} Kim"}` },
        UNSTORABLE_TEXT_MESSAGE,
      );
    }
  });

  // Was a 500: the filter reached PostgreSQL with a NUL in it.
  it('refuses NUL in an audit filter', async () => {
    for (const path of ['/api/admin/audit?type=a%00b', '/api/admin/audit/export?type=%00']) {
      await expectRefusedUnchanged('GET', path, {}, UNSTORABLE_TEXT_MESSAGE);
    }
  });
});

describe('query strings that are not UTF-8', () => {
  // Was a 200 that exported (and audited) a filter the client never sent: the raw "%C0%80".
  it('refuses an overlong or truncated percent-encoding instead of passing it on undecoded', async () => {
    for (const query of ['type=%C0%80', 'type=%FF', 'type=%ED%A0%80', 'severity=%']) {
      await expectRefusedUnchanged(
        'GET',
        `/api/admin/audit/export?${query}`,
        {},
        BAD_QUERY_MESSAGE,
      );
    }
  });

  it('still accepts percent-encoded UTF-8 and plus signs as spaces', async () => {
    const res = await t.call('GET', '/api/admin/users?q=%C3%A9l%C3%A8ve+test', { token });
    expect(res.status, res.text).toBe(200);
  });
});

describe('deeply nested bodies', () => {
  // Was a 500: the check above overflowed the stack walking 4,000 nested arrays.
  it('answers a body of 20,000 nested arrays with a validation error', async () => {
    const before = await databaseChecksum(t);
    const res = await t.call('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/roles', {
      token,
      rawBody: '['.repeat(20_000) + ']'.repeat(20_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(await databaseChecksum(t)).toBe(before);
  });
});
