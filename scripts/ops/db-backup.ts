// `npm run db:backup -- [file]`: a consistent logical backup of the configured
// database (embedded or DATABASE_URL) as gzipped JSON lines.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { openConfiguredDatabase } from '../../src/server/start/bootstrap';
import { loadConfig } from '../../src/server/core/config';
import { writeBackup } from '../../src/server/db/backup';

const config = loadConfig();
const file = path.resolve(
  process.argv[2] ??
    path.join('backups', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson.gz`),
);
mkdirSync(path.dirname(file), { recursive: true });

const database = await openConfiguredDatabase(config, 'db:backup');
try {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const header = await writeBackup(database, async (line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  });
  gzip.end();
  await once(out, 'finish');
  const total = Object.values(header.counts).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${file}: ${total} rows in ${Object.keys(header.counts).length} tables.`,
  );
} finally {
  await database.close();
}
