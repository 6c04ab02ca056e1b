// `npm run setup:admins`: creates the three system administrators on the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR), as
// POST /api/setup/system-admins does, and prints each generated password once.
// It prepares the database as the server's start does (migrations, keys), so
// it works on a fresh install too. No setup key is asked: see
// src/server/setup/host-setup.ts. Exit code 1 when an account could not be
// created, 2 when nothing could be done. With the embedded database, stop the
// server first: only one process may open it.
import { makeDeps, prepareDatabase } from '../../src/server/start/bootstrap';
import { loadConfig } from '../../src/server/core/config';
import { setUpSystemAdminsOnHost } from '../../src/server/setup/host-setup';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await prepareDatabase(config, (m) => console.log(m), {
    purpose: 'setup:admins',
  });
  try {
    const report = await setUpSystemAdminsOnHost(makeDeps(database, config));
    console.log(report.text);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
