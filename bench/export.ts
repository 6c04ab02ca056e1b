/**
 * npm run bench:export — the users CSV export (GET /api/admin/users/export,
 * docs/product/admin-console.md#users-export) of 100,000 users, in process on the embedded
 * database in demo mode: the seeded users plus 100,000 more (bench/seed-users.ts, as
 * `npm run bench:api` loads them). Reads the whole export as a client would, chunk by chunk,
 * and measures what the process holds after a full garbage collection at every chunk: the peak
 * growth over the start must stay under 50 MiB.
 * Prints the load and export times, the chunks, the bytes and the peak, then one PASS or FAIL
 * line; exits 1 on FAIL.
 *
 *   BENCH_USERS=200000   users to load beside the seeded ones (default 100000)
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createTestContext } from '../src/server/testing/harness';
import { seedUsers } from './seed-users';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const LIMIT_MIB = 50;

const fmt = (n: number) => n.toLocaleString('en-US');
const mib = (bytes: number) => bytes / 2 ** 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// What the process holds, not what it has yet to collect: the garbage of the rows already sent
// piles up as long as the collector waits, which on a busy machine can be tens of MiB.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const used = () => {
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

async function main(): Promise<number> {
  console.log(`load average at start: ${os.loadavg()[0]!.toFixed(1)}`);
  const t = await createTestContext();
  try {
    let start = performance.now();
    await seedUsers(t.database, USERS);
    const [row] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM platform_users',
    );
    const users = row!.n;
    console.log(`${fmt(users)} users loaded in ${seconds(performance.now() - start)}`);

    const baseline = used();
    let peak = baseline;
    start = performance.now();
    const res = await t.app.request('/api/admin/users/export', {
      headers: { authorization: `Bearer ${t.demoToken()}` },
    });
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let chunks = 0;
    let bytes = 0;
    let tail = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      bytes += value.byteLength;
      const text = tail + decoder.decode(value, { stream: true });
      const parts = text.split('\r\n');
      tail = parts.pop() ?? '';
      lines += parts.length;
      peak = Math.max(peak, used());
    }
    const took = performance.now() - start;
    const growth = mib(peak - baseline);

    console.log(
      `export: ${fmt(lines)} lines (${fmt(users)} users and the header) in ${fmt(chunks)} chunk${chunks === 1 ? '' : 's'}, ` +
        `${mib(bytes).toFixed(1)} MiB of CSV in ${seconds(took)} (garbage collected at every chunk)`,
    );
    console.log(
      `memory held: ${mib(baseline).toFixed(1)} MiB at the start, ${mib(peak).toFixed(1)} MiB at the peak`,
    );
    console.log(`load average at end: ${os.loadavg()[0]!.toFixed(1)}`);

    const incomplete =
      lines !== users + 1 || tail !== ''
        ? `, ${fmt(lines)} whole lines for ${fmt(users)} users and the header`
        : '';
    const summary = `export of ${fmt(users)} users: peak heap growth ${growth.toFixed(1)} MiB`;
    if (growth >= LIMIT_MIB || incomplete) {
      console.log(`FAIL ${summary} (limit < ${LIMIT_MIB} MiB)${incomplete}`);
      return 1;
    }
    console.log(`PASS ${summary} < ${LIMIT_MIB} MiB, all ${fmt(lines)} lines`);
    return 0;
  } finally {
    await t.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    console.log('FAIL export benchmark: it stopped with an error');
    process.exit(1);
  },
);
