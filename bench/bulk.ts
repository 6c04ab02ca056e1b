/**
 * npm run bench:bulk — one bulk change of 100 users against the same change
 * made with 100 single requests, in process on the embedded database (demo
 * mode, the seeded users plus 100 more). Prints the process CPU time and wall
 * time of each, over BENCH_ROUNDS rounds (default 5), each round deactivating
 * then reactivating the 100 users so that every request changes them.
 */
import { randomUUID } from 'node:crypto';
import { createTestContext } from '../src/server/testing/harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const N = 100;

const t = await createTestContext();
const token = t.demoToken();
const ids: string[] = [];
for (let i = 0; i < N; i++) {
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO platform_users (email, full_name) VALUES ($1, $2) RETURNING id`,
    [`bench.${randomUUID().slice(0, 8)}@example.com`, `Bench User ${i}`],
  );
  ids.push(row!.id);
}

async function measure(run: (active: boolean) => Promise<void>) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    await run(false);
    await run(true);
  }
  const used = process.cpuUsage(cpu);
  const changes = ROUNDS * 2;
  return {
    cpuMsPerChange: (used.user + used.system) / 1000 / changes,
    wallMsPerChange: (performance.now() - start) / changes,
  };
}

async function bulk(active: boolean) {
  const res = await t.call('POST', '/api/admin/users/bulk', {
    token,
    body: { user_ids: ids, action: { kind: active ? 'activate' : 'deactivate' } },
  });
  if (res.status !== 200 || res.json.applied.length !== N) throw new Error(res.text);
}

async function singles(active: boolean) {
  for (const id of ids) {
    const res = await t.call('PATCH', `/api/admin/users/${id}`, {
      token,
      body: { is_active: active },
    });
    if (res.status !== 200) throw new Error(res.text);
  }
}

await measure(bulk); // warm-up
const one = await measure(bulk);
const many = await measure(singles);
const fmt = (n: number) => n.toFixed(0).padStart(6);
console.log(`${N} users changed, ${ROUNDS * 2} times each way (per change of all ${N}):`);
console.log(
  `  1 bulk request   CPU ${fmt(one.cpuMsPerChange)} ms  wall ${fmt(one.wallMsPerChange)} ms`,
);
console.log(
  `  ${N} PATCH requests CPU ${fmt(many.cpuMsPerChange)} ms  wall ${fmt(many.wallMsPerChange)} ms`,
);
await t.close();
