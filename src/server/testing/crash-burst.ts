import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ServerProcess } from './server-process';

/**
 * The burst of the crash test (tests/system/crash.test.ts): writers
 * that record which of their writes the server acknowledged before it died.
 */

/** Concurrent writers; each owns one user and one application credential. */
const WORKERS = 6;
/** The kill comes once this many writes were acknowledged, so the burst is well under way. */
export const ACKS_BEFORE_KILL = 120;

export type Api = (
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

export function client(base: string): Api {
  const token = `demo-token-${Date.now()}`;
  return async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
}

/** One write of the burst, and what the database must show once it was acknowledged. */
type Write =
  | { kind: 'edit'; userId: string; department: string }
  | { kind: 'role'; userId: string; on: boolean }
  | { kind: 'audit'; ids: string[] }
  | { kind: 'request'; appId: string; type: string; id?: string }
  | { kind: 'grant'; appId: string; type: string; id?: string }
  | { kind: 'revoke'; grantId: string };

export type Target = { userId: string; platformAdmin: boolean; appId: string; type: string };

export async function prepareTargets(api: Api): Promise<Target[]> {
  const users = await api('GET', '/api/admin/users?limit=100');
  const apps = await api('GET', '/api/admin/apps');
  const requests = await api('GET', '/api/admin/credential-requests');
  expect(users.status).toBe(200);
  expect(apps.status).toBe(200);
  expect(requests.status).toBe(200);
  // One open request per application and credential: leave out those the seed holds.
  const open = new Set(
    (requests.body.mine as { app_id: string; credential_type: string; status: string }[])
      .filter((r) => r.status !== 'approved' && r.status !== 'denied')
      .map((r) => `${r.app_id}/${r.credential_type}`),
  );
  const people = (users.body.users as { id: string; roles: string[] }[]).filter(
    (u) => !u.roles.includes('super_admin'),
  );
  const credentials = (
    apps.body.apps as {
      id: string;
      is_active: boolean;
      has_api_key: boolean;
      has_webhook_secret: boolean;
    }[]
  )
    .filter((a) => a.is_active)
    .flatMap((a) => [
      ...(a.has_api_key ? [{ appId: a.id, type: 'api_key' }] : []),
      ...(a.has_webhook_secret ? [{ appId: a.id, type: 'webhook_secret' }] : []),
    ])
    .filter((c) => !open.has(`${c.appId}/${c.type}`));
  expect(people.length).toBeGreaterThanOrEqual(WORKERS);
  expect(credentials.length).toBeGreaterThanOrEqual(WORKERS);
  return Array.from({ length: WORKERS }, (_, w) => ({
    userId: people[w]!.id,
    platformAdmin: people[w]!.roles.includes('platform_admin'),
    ...credentials[w]!,
  }));
}

export type Burst = { acked: Write[]; inFlight: Write[] };

/**
 * Each worker writes in a loop (user edit, role toggle, audit batch, then a
 * credential request on its first round and a grant or a revocation after)
 * and waits for each answer before the next, so its writes that reached the
 * database are always its acknowledged ones plus at most the one in flight.
 * The server is killed once ACKS_BEFORE_KILL writes were acknowledged.
 */
export async function burstAndKill(
  api: Api,
  server: ServerProcess,
  targets: Target[],
): Promise<Burst> {
  const acked: Write[] = [];
  const inFlight: Write[] = [];
  let killed = false;
  let killing: Promise<void> | undefined;
  const onAck = (write: Write) => {
    acked.push(write);
    if (acked.length >= ACKS_BEFORE_KILL && !killing) {
      // A moment later, at a point no writer chose.
      killing = new Promise((r) => setTimeout(r, Math.random() * 50))
        .then(() => {
          killed = true;
          return server.kill();
        })
        .then(() => undefined);
    }
  };

  /** A write, the request that makes it, and what its answer tells the writer. */
  type Step = {
    write: Write;
    method: string;
    url: string;
    body?: unknown;
    then?: (b: any) => void;
  };

  const worker = async (w: number, target: Target) => {
    let platformAdmin = target.platformAdmin;
    let grantId: string | undefined;
    const credential = { app_id: target.appId, type: target.type };
    for (let round = 0; !killed; round++) {
      const department = `crash-${w}-${round}`;
      const on = !platformAdmin;
      const ids = Array.from({ length: 5 }, () => randomUUID());
      const steps: Step[] = [
        {
          write: { kind: 'edit', userId: target.userId, department },
          method: 'PATCH',
          url: `/api/admin/users/${target.userId}`,
          body: { department },
        },
        {
          write: { kind: 'role', userId: target.userId, on },
          method: 'PUT',
          url: `/api/admin/users/${target.userId}/roles`,
          body: { changes: { platform_admin: on } },
          then: () => (platformAdmin = on),
        },
        {
          write: { kind: 'audit', ids },
          method: 'POST',
          url: '/api/audit/events',
          body: {
            source: 'console',
            events: ids.map((id) => ({
              id,
              event_type: 'admin.panel.access',
              timestamp: new Date().toISOString(),
              session_id: null,
            })),
          },
        },
      ];
      if (round === 0) {
        const write: Write = { kind: 'request', appId: credential.app_id, type: credential.type };
        steps.push({
          write,
          method: 'POST',
          url: '/api/admin/credential-requests',
          body: {
            target_app_id: credential.app_id,
            access_type: credential.type,
            justification: `Crash test writer ${w}`,
          },
          then: (b) => (write.id = b.request.id),
        });
      } else if (!grantId) {
        const write: Write = { kind: 'grant', appId: credential.app_id, type: credential.type };
        steps.push({
          write,
          method: 'POST',
          url: '/api/admin/credential-grants',
          body: {
            target_app_id: credential.app_id,
            credential_type: credential.type,
            justification: `Crash test writer ${w}, round ${round}`,
          },
          then: (b) => (grantId = write.id = b.grant.id),
        });
      } else {
        steps.push({
          write: { kind: 'revoke', grantId },
          method: 'POST',
          url: `/api/admin/credential-grants/${grantId}/revoke`,
          then: () => (grantId = undefined),
        });
      }

      for (const step of steps) {
        if (killed) return;
        inFlight.push(step.write);
        let answer: Awaited<ReturnType<Api>>;
        try {
          answer = await api(step.method, step.url, step.body);
        } catch {
          // No answer: the server died with this write in flight.
          return;
        }
        inFlight.splice(inFlight.indexOf(step.write), 1);
        // Every write of the burst is valid: anything but a success is a bug.
        expect(answer.status, `${step.write.kind} answered ${answer.status}`).toBeLessThan(300);
        step.then?.(answer.body);
        onAck(step.write);
      }
    }
  };

  const workers = targets.map((t, w) => worker(w, t));
  const results = await Promise.allSettled(workers);
  await killing;
  for (const r of results) if (r.status === 'rejected') throw r.reason;
  return { acked, inFlight };
}
