import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_SETUP_KEY } from '../../../playwright.config';
import { startServerProcess } from '../../../src/server/testing/server-process';

export type IsolatedServer = { url: string; stop: () => Promise<void> };

/**
 * The production build on its own empty database and a free port, for specs
 * that change the whole system (clearing every user) and so must not share
 * the run's server with other specs. The run's web server has built dist/.
 */
export async function startIsolatedServer(): Promise<IsolatedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ted-e2e-isolated-'));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await startServerProcess({
    entry: 'built',
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
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
