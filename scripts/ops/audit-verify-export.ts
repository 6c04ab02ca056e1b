// `npm run audit:verify-export -- <file> <manifest.json> [--trust <key id>] [--keys <server address or file>]`:
// says whether an audit export (CSV or JSON Lines) is exactly what the server exported under
// its signed manifest, and names the first altered row when it is not
// (docs/operations.md#what-an-outsider-keeps). The manifest carries its public key; --trust
// (a key id you keep) or --keys (a server's public-key feed, or a saved one) says which keys
// to believe. Exit 0 when intact, 1 when altered, 2 when it cannot check.
// Imports only the proof modules: no database, no chain key.
import { readFileSync } from 'node:fs';
import { verifyExport } from '../../src/server/audit/proof/export-manifest';
import {
  verifyCheckpointSeries,
  type CheckpointSeries,
} from '../../src/server/audit/proof/verify-checkpoints';

async function trustedFromFeed(source: string, trust?: string): Promise<string[]> {
  const feed = /^https?:\/\//.test(source)
    ? ((await (
        await fetch(`${source.replace(/\/+$/, '').replace(/\/api$/, '')}/api/audit/public-key`)
      ).json()) as CheckpointSeries)
    : (JSON.parse(readFileSync(source, 'utf8')) as CheckpointSeries);
  const keys = verifyCheckpointSeries(
    { keys: feed.keys, checkpoints: [] },
    { trustedKeyId: trust },
  );
  if (!keys.ok) throw new Error(`the keys of ${source} do not verify: ${keys.reason}`);
  return keys.keys;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const files: string[] = [];
  let trust: string | undefined;
  let keys: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--trust') trust = argv[++i];
    else if (argv[i] === '--keys') keys = argv[++i];
    else files.push(argv[i]!);
  }
  if (files.length !== 2) {
    console.error(
      'Usage: npm run audit:verify-export -- <file> <manifest.json> [--trust <key id>] [--keys <server address or file>]',
    );
    return 2;
  }
  const [file, manifestFile] = files as [string, string];
  let bytes: Buffer;
  let manifest: unknown;
  let trustedKeyIds: string[] | undefined;
  try {
    bytes = readFileSync(file);
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    trustedKeyIds = keys ? await trustedFromFeed(keys, trust) : trust ? [trust] : undefined;
  } catch (err) {
    console.error(`Cannot check: ${err instanceof Error ? err.message : err}`);
    return 2;
  }
  const result = verifyExport(bytes, manifest, { trustedKeyIds });
  if (!result.ok) {
    console.log(`Export ALTERED (${result.check}): ${result.reason}`);
    return 1;
  }
  console.log(
    `Export intact: ${file} holds the ${result.rows} rows exactly as exported, signed by key ${result.keyId}, covered by checkpoint seq ${result.checkpointSeq}.`,
  );
  if (!trustedKeyIds) {
    console.log(`No --trust or --keys given: compare key ${result.keyId} with the key you keep.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
