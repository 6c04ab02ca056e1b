// `npm run audit:verify-checkpoints -- <server address or saved file>... [--trust <key id>] [--save <file>]`:
// checks the audit trail's signed checkpoints with the public keys alone, as an outsider
// does (docs/operations.md#what-an-outsider-keeps). A source is a server's address (its
// public key and checkpoint feed are fetched) or a series saved earlier with --save. Each is
// checked on its own (every signature, seq and count growing, no fork), then against the
// others: two different heads for one seq anywhere is a fork. Exit 0 when every check
// holds, 1 naming the first bad checkpoint, 2 when a source cannot be read.
// Imports only the proof modules: no database, no chain key.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  verifyCheckpointSeries,
  type CheckpointSeries,
} from '../../src/server/audit/proof/verify-checkpoints';

type Args = { sources: string[]; trust?: string; save?: string };

function parseArgs(argv: string[]): Args {
  const args: Args = { sources: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--trust') args.trust = argv[++i];
    else if (arg === '--save') args.save = argv[++i];
    else args.sources.push(arg);
  }
  return args;
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** A server's feed: its keys, then every page of checkpoints. */
async function fetchSeries(base: string): Promise<CheckpointSeries> {
  const root = base.replace(/\/+$/, '').replace(/\/api$/, '');
  const { keys } = (await fetchJson(`${root}/api/audit/public-key`)) as CheckpointSeries;
  const checkpoints: CheckpointSeries['checkpoints'] = [];
  let after = 0;
  for (;;) {
    const page = (await fetchJson(`${root}/api/audit/checkpoints?after=${after}&limit=500`)) as {
      checkpoints: CheckpointSeries['checkpoints'];
      next_cursor: number | null;
    };
    checkpoints.push(...page.checkpoints);
    if (page.next_cursor === null) break;
    after = page.next_cursor;
  }
  return { keys, checkpoints };
}

const readSeries = (source: string): Promise<CheckpointSeries> =>
  /^https?:\/\//.test(source)
    ? fetchSeries(source)
    : Promise.resolve(JSON.parse(readFileSync(source, 'utf8')) as CheckpointSeries);

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.sources.length === 0) {
    console.error(
      'Usage: npm run audit:verify-checkpoints -- <server address or saved series>... [--trust <key id>] [--save <file>]',
    );
    return 2;
  }
  const heads = new Map<number, { head: string; source: string }>();
  for (const source of args.sources) {
    let series: CheckpointSeries;
    try {
      series = await readSeries(source);
    } catch (err) {
      console.error(`${source}: cannot be read (${err instanceof Error ? err.message : err})`);
      return 2;
    }
    if (args.save) writeFileSync(args.save, `${JSON.stringify(series, null, 2)}\n`);
    const result = verifyCheckpointSeries(series, { trustedKeyId: args.trust });
    if (!result.ok) {
      console.log(`Checkpoints BROKEN in ${source} (${result.check}): ${result.reason}`);
      return 1;
    }
    for (const c of series.checkpoints) {
      const seen = heads.get(c.seq);
      if (seen && seen.head !== c.head_hash) {
        console.log(
          `Checkpoints BROKEN (fork): seq ${c.seq} has one head in ${seen.source} and another in ${source}`,
        );
        return 1;
      }
      heads.set(c.seq, { head: c.head_hash, source });
    }
    const last = result.last;
    console.log(
      `${source}: ${result.checked} checkpoints verified under key${result.keys.length > 1 ? 's' : ''} ${result.keys.join(', ')}` +
        (last
          ? `; the newest is seq ${last.seq}, ${last.event_count} events, head ${last.head_hash}`
          : ''),
    );
  }
  if (!args.trust) {
    console.log(
      'No --trust given: the first key of each source was trusted. Pin the key id you keep.',
    );
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
