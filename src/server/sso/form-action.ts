import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { canonicalOrigin } from './redirect-policy';

const TTL_MS = 15_000;
const CSP_SAFE_ORIGIN =
  /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/;
let cached: { at: number; origins: string[]; db: Db } | null = null;

/**
 * Origins the sign-on form may post to (CSP form-action): those of registered,
 * active applications. Cached briefly: every HTML document carries the list.
 */
export async function signOnOrigins(db: Db, now: Date): Promise<string[]> {
  if (cached && cached.db === db && now.getTime() - cached.at < TTL_MS) return cached.origins;
  const rows = await db
    .select({ appUrl: applications.appUrl })
    .from(applications)
    .where(eq(applications.isActive, true));
  const origins = [
    ...new Set(
      rows
        .map((r) => canonicalOrigin(r.appUrl))
        // Only plain origins may enter the header: a ';' or quote in a host would inject directives.
        .filter((o): o is string => !!o && CSP_SAFE_ORIGIN.test(o)),
    ),
  ].sort();
  cached = { at: now.getTime(), origins, db };
  return origins;
}
