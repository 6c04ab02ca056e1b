// `npm run db:restore -- <file>`: replaces every row of the configured database
// with a backup's, in one transaction. Stop the server first when it uses the
// embedded database (the script refuses otherwise).
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { openConfiguredDatabase } from '../../src/server/start/bootstrap';
import { loadConfig } from '../../src/server/core/config';
import {
  BackupError,
  restoreBackup,
  type BackupHeader,
  type BackupLine,
} from '../../src/server/db/backup';
import { migrate } from '../../src/server/db/migrate';
import { useAuditChainKey } from '../../src/server/audit/chain/link';
import { verifyAuditChain } from '../../src/server/audit/chain/verify';
import { requireAuditChainKey } from '../../src/server/audit/chain-key';

const arg = process.argv[2];
if (!arg || !existsSync(arg)) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(2);
}
const file = path.resolve(arg);
const config = loadConfig();
// The restored trail is verified under the key the server uses (it is not in the backup).
useAuditChainKey(requireAuditChainKey(config));

async function* lines(): AsyncGenerator<BackupHeader | BackupLine> {
  const input = createReadStream(file).pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim()) yield JSON.parse(line) as BackupHeader | BackupLine;
  }
}

const database = await openConfiguredDatabase(config, 'db:restore');
try {
  await migrate(database);
  const restored = await restoreBackup(database, lines());
  const chain = await verifyAuditChain(database.db);
  const total = Object.values(restored).reduce((a, b) => a + b, 0);
  console.log(`Restored ${total} rows from ${file}.`);
  console.log(
    chain.ok
      ? `Audit chain verified (${chain.checked} events).`
      : `Audit chain BROKEN (${chain.check} check): ${chain.reason}`,
  );
  if (!chain.ok) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
