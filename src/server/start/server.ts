import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { answerClientErrorsWithJson } from '../http/client-error';
import { createApp } from './app';
import { CHECKPOINT_CADENCE, checkpointIfDue } from '../audit/checkpoints';
import { closeLiveAudit } from '../audit/live';
import { startSinkDelivery, stopSinkDelivery } from '../audit/sinks/deliverer';
import { flushRefusalTallies } from '../audit/refusals';
import { makeDeps, prepareDatabase } from './bootstrap';
import { analyzeChangedTables, ANALYZE_EVERY_MS } from '../db/maintenance';
import { deleteExpiredOidcPayloads } from '../oidc/adapter';
import type { Config } from '../core/config';
import type { AppDeps } from '../core/context';
import { stopServing, trackRequests } from './shutdown';
import { ensurePortFree, listening } from './startup-errors';

export type ServerOptions = {
  /** Serve the built client from config.clientDir (the API benchmark needs only the API). */
  serveClient?: boolean;
  /** See AppDeps.auditRateLimit: set only in code, never from the environment. */
  auditRateLimit?: AppDeps['auditRateLimit'];
};

/**
 * Opens and prepares the database, then serves the app on config.host:config.port
 * until SIGINT or SIGTERM. `npm start` and the API benchmark both start the server here.
 */
export async function startServer(config: Config, options: ServerOptions = {}) {
  const release = holdEventLoop();
  try {
    await serveWhenPrepared(config, options);
  } finally {
    // From here on the listening socket keeps the loop running.
    release();
  }
}

/**
 * Keeps Node's event loop running until the server listens. Much of the start
 * waits only for promises V8 settles itself (the WebAssembly compilation of the
 * embedded database, its queries), with no socket, file or timer open. When
 * its loop has nothing left to wait for, Node waits for every task of V8's
 * worker threads before it runs the next JavaScript: by the time the server
 * listens, that is the optimizing compilation of the database's busiest
 * WebAssembly functions, which held the first request back by 0.4-0.8 s
 * (docs/decisions/017-start-up-to-the-first-answer.md). A timer avoids it;
 * the compilation goes on behind the requests.
 */
function holdEventLoop(): () => void {
  const timer = setInterval(() => {}, HOLD_INTERVAL_MS);
  return () => clearInterval(timer);
}

const HOLD_INTERVAL_MS = 60 * 60 * 1000;

async function serveWhenPrepared(config: Config, options: ServerOptions) {
  // A busy port is said before the database is opened (a second server on the
  // same DATA_DIR would otherwise be told about the data directory instead).
  await ensurePortFree(config);
  const database = await prepareDatabase(config, (m) => console.log(m));
  const deps: AppDeps = { ...makeDeps(database, config), auditRateLimit: options.auditRateLimit };
  const app = createApp(deps, {
    clientDir: options.serveClient === false ? undefined : config.clientDir,
  });
  const requests = trackRequests(app.fetch);
  const server = serve(
    { fetch: requests.fetch, port: config.port, hostname: config.host },
    (info) => {
      const host = info.address.includes(':') ? `[${info.address}]` : info.address;
      console.log(
        `Talent Ecosystem Demo is running at http://${host}:${info.port}/ (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ${config.demoMode ? 'demo mode' : 'production mode'})`,
      );
    },
  );

  answerClientErrorsWithJson(server as Server);
  keepConnectionsAlive(server as Server);
  try {
    await listening(server as Server, config);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }

  // Closed windows of aggregated refusals become summary events even when no
  // later refusal comes to close them.
  const flushTimer = setInterval(() => {
    flushRefusalTallies(deps).catch((err: unknown) =>
      deps.log.error('refusal summary failed', { err: String(err) }),
    );
  }, REFUSAL_FLUSH_MS);
  flushTimer.unref();
  // The embedded database has no autovacuum worker to take its tables' statistics.
  const analyzeTimer = setInterval(() => {
    analyzeChangedTables(database)
      .then((tables) => {
        if (tables.length > 0) deps.log.info('table statistics taken', { tables });
      })
      .catch((err: unknown) => deps.log.error('table statistics failed', { err: String(err) }));
  }, ANALYZE_EVERY_MS);
  analyzeTimer.unref();
  // Signed head checkpoints for outsiders to verify (docs/product/audit-trail.md#signed-checkpoints).
  const checkpointTimer = setInterval(() => {
    checkpointIfDue(deps.db, deps.now()).catch((err: unknown) =>
      deps.log.error('audit checkpoint failed', { err: String(err) }),
    );
  }, CHECKPOINT_CADENCE.lookEveryMs);
  checkpointTimer.unref();
  // The OpenID Provider's expired codes, tokens and sessions (read as absent already) are removed.
  const oidcCleanupTimer = setInterval(() => {
    deleteExpiredOidcPayloads(deps.db, deps.now()).catch((err: unknown) =>
      deps.log.error('oidc cleanup failed', { err: String(err) }),
    );
  }, OIDC_CLEANUP_EVERY_MS);
  oidcCleanupTimer.unref();
  // The trail's events to the registered sinks (docs/operations.md#audit-delivery-to-sinks).
  await startSinkDelivery(deps);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(flushTimer);
    clearInterval(analyzeTimer);
    clearInterval(checkpointTimer);
    clearInterval(oidcCleanupTimer);
    deps.log.info('shutting down', { signal });
    // Live audit streams never end by themselves: end them, so that the connections close.
    void closeLiveAudit(deps);
    // The requests under way (audit batches waiting for their group's commit among them)
    // finish before the database closes.
    stopServing({
      server: server as Server,
      requests,
      // A batch still in flight is abandoned: its sink's cursor has not moved, so it is sent again.
      closeDatabase: async () => {
        await stopSinkDelivery(deps).catch(() => {});
        await database.close();
      },
      log: (m) => deps.log.warn(m),
    })
      .catch((err: unknown) => deps.log.error('shutdown failed', { err: String(err) }))
      .finally(() => process.exit(0));
    // Do not hang on anything else.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

const REFUSAL_FLUSH_MS = 60_000;
const OIDC_CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Node closes an idle keep-alive connection after 5 s. A request a client sends
 * on it at that moment is lost with a connection reset, and under load it is
 * likely: the embedded database runs its queries on this thread, so a request
 * waiting to be read can sit behind the close. Clients and proxies (60 s idle
 * at the common load balancers) reuse connections longer, so the server keeps
 * them longer than they do; headers must still arrive within a bound.
 */
const KEEP_ALIVE_MS = 65_000;

function keepConnectionsAlive(server: Server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
