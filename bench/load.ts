/**
 * npm run bench:load — the admin API of the production build under load.
 *
 * Builds when the sources changed, starts dist/server/index.js on a fresh
 * embedded database in a temporary folder (demo mode), drives it with
 * autocannon (user searches, page reads by cursor, role toggles, audit
 * batches; see src/server/testing/admin-load.ts) and prints requests per second,
 * p50/p99 latency, errors and non-2xx answers by status. Exits 1 when there
 * was any connection error, timeout or 5xx answer.
 *
 *   npm run bench:load -- --connections 20 --duration 10
 *   BENCH_CONNECTIONS=20 BENCH_DURATION=10 npm run bench:load
 */
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/build/build-stamp.mjs';
import {
  formatLoadReport,
  loadFailures,
  runAdminLoad,
  startLoadServer,
} from '../src/server/testing/admin-load';
import { repoRoot } from '../src/server/testing/server-process';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '100' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '30' },
  },
});

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of at least 1 (got ${text})`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<number> {
  const connections = positive('connections', values.connections);
  const duration = positive('duration', values.duration);
  if (!ensureBuilt(repoRoot, (m) => console.log(m))) return 1;
  const { server, close } = await startLoadServer();
  try {
    console.log(`Server at ${server.url}; ${connections} connections for ${duration} s …`);
    const report = await runAdminLoad(server.url, { connections, duration });
    console.log(`\n${formatLoadReport(report)}`);
    const failures = loadFailures(report);
    if (failures.length) {
      console.error(`\nFAILED: ${failures.join(', ')}`);
      if (server.output().trim()) console.error(`\nServer output:\n${server.output()}`);
      return 1;
    }
    return 0;
  } finally {
    await server.stop();
    close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
