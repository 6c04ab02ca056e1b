import { serve } from '@hono/node-server';
import { createApp } from './app';
import { makeDeps, prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const database = await prepareDatabase(config, (m) => console.log(m));
  const deps = makeDeps(database, config);
  const app = createApp(deps, { clientDir: config.clientDir });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = info.address.includes(':') ? `[${info.address}]` : info.address;
    console.log(
      `Talent Ecosystem Demo is running at http://${host}:${info.port}/ (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ${config.demoMode ? 'demo mode' : 'production mode'})`,
    );
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    deps.log.info('shutting down', { signal });
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
    // Do not hang on keep-alive connections.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
