import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_SETUP_KEY } from '../../../playwright.config';
import { startServerProcess } from '../../../src/server/testing/server-process';

export type IsolatedServer = { url: string; stop: () => Promise<void> };

/**
 * A port nobody listens on now. The server is given it (rather than port 0)
 * so that its public origin, which its links carry (an invitation's, the
 * sign-on receiver's), is the one it listens at.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The production build on its own empty database and a free port, for specs
 * that change the whole system (clearing every user, creating the system
 * administrators) and so must not share the run's server with other specs.
 * Demo mode unless `demoMode: false`. The embedded database unless
 * `databaseUrl` names a PostgreSQL one (several processes may share it; the
 * first to start migrates it). The run's web server has built dist/.
 */
export async function startIsolatedServer(
  options: { demoMode?: boolean; databaseUrl?: string } = {},
): Promise<IsolatedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ted-e2e-isolated-'));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await startServerProcess({
    entry: 'built',
    env: {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_MODE: String(options.demoMode ?? true),
      SETUP_CONFIRMATION_KEY: E2E_SETUP_KEY,
    },
  }).catch((err: unknown) => {
    cleanup();
    throw err;
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      cleanup();
    },
  };
}

/**
 * The server's address with `localhost` for its host: a passkey's relying party must be a name,
 * and browsers refuse an IP address (docs/product/sign-in.md#passkeys).
 */
export function atLocalhost(server: IsolatedServer): string {
  const url = new URL(server.url);
  url.hostname = 'localhost';
  return url.origin;
}
