import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { clientMetadataOf, findOidcClientRow } from './clients';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * oidc-provider's storage over one table (oidc_payloads), so that the embedded database and
 * PostgreSQL both work and every server process sees the same codes, tokens and sessions.
 * The clients are not stored here: they are the registered applications (clients.ts).
 * oidc-provider reads and writes time with Date.now(), so expiry is checked against it too.
 */
export function sqlAdapter(db: Db): AdapterFactory {
  return (model: string): Adapter => {
    if (model === 'Client') return clientAdapter(db);
    const key = (id: string) => and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id));
    const alive = () =>
      or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date(Date.now())));

    async function findWhere(where: ReturnType<typeof and>) {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(where, alive()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: seconds(row.consumedAt.getTime()) } : payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcPayloads)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
      },
      find: (id) => findWhere(key(id)),
      findByUid: (uid) => findWhere(and(eq(oidcPayloads.model, model), eq(oidcPayloads.uid, uid))),
      findByUserCode: (userCode) =>
        findWhere(and(eq(oidcPayloads.model, model), eq(oidcPayloads.userCode, userCode))),
      async consume(id) {
        // Only the first consumer marks it: the time a replay is detected against stays the first.
        await db
          .update(oidcPayloads)
          .set({ consumedAt: new Date(Date.now()) })
          .where(and(key(id), isNull(oidcPayloads.consumedAt)));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(key(id));
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      },
    };
  };
}

/** The registered applications as oidc-provider's clients: read only. */
function clientAdapter(db: Db): Adapter {
  const readOnly = async () => {
    throw new Error('OpenID clients are registered applications, changed through the console');
  };
  return {
    async find(clientId) {
      const row = await findOidcClientRow(db, clientId);
      return row ? clientMetadataOf(row) : undefined;
    },
    upsert: readOnly,
    destroy: readOnly,
    consume: readOnly,
    revokeByGrantId: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };
}

/** Removes the rows that expired over an hour ago; the server calls it now and then. */
export async function deleteExpiredOidcPayloads(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, new Date(now.getTime() - 3_600_000)))
    .returning({ id: oidcPayloads.id });
  return gone.length;
}
