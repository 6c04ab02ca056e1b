/**
 * Crashes (docs/reliability.md): a server killed with SIGKILL in
 * the middle of a burst of writes restarts on the same database with every
 * acknowledged write present, none half-applied, and an intact audit chain.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/audit/chain/verify';
import { openDatabase, type Database } from '../../src/server/db/client';
import {
  ACKS_BEFORE_KILL,
  burstAndKill,
  client,
  prepareTargets,
} from '../../src/server/testing/crash-burst';
import { assertRecovered, snapshot } from '../../src/server/testing/crash-checks';
import { createScratchDatabase, postgresAnswers } from '../../src/server/testing/scratch-postgres';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';

type Setup = {
  env: Record<string, string>;
  open: () => Promise<Database>;
  /** Checks on what the killed process left behind, before the restart. */
  afterKill?: (deadPid: number) => void;
};

async function crashAndRecover({ env, open, afterKill }: Setup) {
  const first = await startServerProcess({ entry: 'source', env });
  let second: ServerProcess | undefined;
  try {
    const api = client(first.url);
    const targets = await prepareTargets(api);
    const started = new Date();
    const burst = await burstAndKill(api, first, targets);
    expect(burst.acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    // Killed mid-burst: writes were on their way when the process died.
    expect(burst.inFlight.length).toBeGreaterThan(0);
    afterKill?.(first.pid);

    // The same data directory (its lock names the dead process) or database.
    second = await startServerProcess({ entry: 'source', env });
    const again = client(second.url);
    const verify = await again('GET', '/api/admin/audit/verify');
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true });
    const edit = await again('PATCH', `/api/admin/users/${targets[0]!.userId}`, {
      department: 'after the crash',
    });
    expect(edit.status).toBe(200);
    await second.stop();

    const database = await open();
    try {
      const s = await snapshot(
        database,
        targets.map((t) => t.userId),
        started,
      );
      assertRecovered(s, targets, {
        acked: [
          ...burst.acked,
          { kind: 'edit', userId: targets[0]!.userId, department: 'after the crash' },
        ],
        inFlight: burst.inFlight,
      });
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
    } finally {
      await database.close();
    }
    return burst;
  } finally {
    await first.kill();
    await second?.kill();
  }
}

describe('SIGKILL mid-burst, embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('restarts on the same DATA_DIR with every acknowledged write and an intact chain', async () => {
    const burst = await crashAndRecover({
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      // The dead server's lock is left behind; the restart must take it over.
      afterKill: (deadPid) =>
        expect(readFileSync(path.join(dataDir, 'lock.pid'), 'utf8').split('\n')[0]).toBe(
          String(deadPid),
        ),
    });
    console.log(
      `embedded: ${burst.acked.length} writes acknowledged, ${burst.inFlight.length} in flight at the kill`,
    );
  }, 240_000);
});

const postgresPresent = await postgresAnswers('the PostgreSQL crash test');

describe.skipIf(!postgresPresent)('SIGKILL mid-burst, PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  afterAll(() => scratch?.drop());

  it('restarts on the same database with every acknowledged write and an intact chain', async () => {
    scratch = await createScratchDatabase('crash');
    const url = scratch.url;
    const burst = await crashAndRecover({
      env: { DATABASE_URL: url },
      open: () => openDatabase({ kind: 'postgres', url, max: 2 }),
    });
    console.log(
      `PostgreSQL: ${burst.acked.length} writes acknowledged, ${burst.inFlight.length} in flight at the kill`,
    );
  }, 240_000);
});
