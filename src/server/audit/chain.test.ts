import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { openMigratedTestDatabase } from '../testing/harness';
import { appendAuditEvents, canonicalJson, verifyAuditChain } from './chain';

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

describe('audit hash chain', () => {
  it('stores each client event once however often it is sent', async () => {
    const id = randomUUID();
    const event = {
      clientEventId: id,
      source: 'console' as const,
      eventType: 'admin.panel.access',
    };
    expect(await appendAuditEvents(database.db, [event, event])).toBe(1);
    expect(await appendAuditEvents(database.db, [event])).toBe(0);
    const rows = await database.query(`SELECT 1 FROM audit_events WHERE client_event_id = $1`, [
      id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('verifies an intact chain and names the row whose content was edited', async () => {
    await appendAuditEvents(database.db, [
      { source: 'server', eventType: 'a', details: { b: 1, a: [1, 'x'] } },
      { source: 'server', eventType: 'b', severity: 'high' },
      { source: 'server', eventType: 'c' },
    ]);
    const ok = await verifyAuditChain(database.db);
    expect(ok.ok).toBe(true);
    const [victim] = await database.query<{ seq: number }>(
      `SELECT seq FROM audit_events WHERE event_type = 'b'`,
    );
    await database.exec(`UPDATE audit_events SET severity = 'low' WHERE event_type = 'b'`);
    const broken = await verifyAuditChain(database.db);
    expect(broken).toMatchObject({ ok: false, brokenAtSeq: Number(victim!.seq) });
    await database.exec(`UPDATE audit_events SET severity = 'high' WHERE event_type = 'b'`);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it('detects a deleted row, and deleted latest rows', async () => {
    await database.exec(`DELETE FROM audit_events WHERE event_type = 'b'`);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: false });
  });

  it('hashes object keys in a fixed order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });
});
