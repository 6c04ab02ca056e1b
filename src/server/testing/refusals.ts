import { sql } from 'drizzle-orm';
import { REFUSAL_WINDOW_MS, flushRefusalTallies } from '../audit/refusals';
import { auditEvents } from '../db/schema';
import type { TestContext } from './harness';

/** Ends every open refusal window, as the server's timer does once a window is over. */
export async function closeRefusalWindows(t: TestContext): Promise<number> {
  return flushRefusalTallies(t.deps, new Date(t.deps.now().getTime() + REFUSAL_WINDOW_MS));
}

/** The aggregated events of one refusal kind, oldest first. */
export async function refusalEvents(t: TestContext, kind: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.details}->>'refusal_kind' = ${kind}`)
    .orderBy(auditEvents.seq);
}

/** How many refusals of one kind the trail accounts for: the sum of the events' counts. */
export async function refusalsOnTrail(t: TestContext, kind: string): Promise<number> {
  const events = await refusalEvents(t, kind);
  return events.reduce((sum, e) => sum + Number((e.details as { refusals: number }).refusals), 0);
}
