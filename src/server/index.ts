import { ConfigError, loadConfig, type Config } from './core/config';
import { pgliteWasmModule } from './db/pglite-wasm';
import { startupFailureLine } from './start/startup-errors';

let config: Config | undefined;

async function main() {
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // The embedded database's WebAssembly compiles while the rest of the server loads.
  if (!config.databaseUrl) void pgliteWasmModule();
  const { startServer } = await import('./start/server');
  await startServer(config);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  // A failure the operator fixes in the configuration: one line naming the setting.
  const line = config ? startupFailureLine(err, config) : null;
  if (line) {
    console.error(line);
    process.exit(1);
  }
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
