import type { Server } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Config } from '../core/config';
import { DataDirLockedError } from '../db/data-dir-lock';

/**
 * A start-up failure the operator fixes in the configuration. Its message is
 * one line that names the setting to change and never holds a secret.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

type ErrnoError = NodeJS.ErrnoException & { address?: string; port?: number };

function where(config: Pick<Config, 'host' | 'port'>): string {
  return `Port ${config.port} on ${config.host}`;
}

/** The one line for an error of listen(), or null when it is not one. */
function listenFailure(err: ErrnoError, config: Pick<Config, 'host' | 'port'>): string | null {
  if (err.syscall !== 'listen' && err.syscall !== 'bind') return null;
  switch (err.code) {
    case 'EADDRINUSE':
      return `${where(config)} is already in use: stop the other server or choose another PORT.`;
    case 'EACCES':
    case 'EPERM':
      return `${where(config)} needs privileges this user lacks: choose another PORT (1024 or above).`;
    case 'EADDRNOTAVAIL':
      return `${config.host} is not an address of this machine: choose another HOST (127.0.0.1 or 0.0.0.0).`;
    default:
      return null;
  }
}

/**
 * Fails with the one-line message when config.port is taken, before anything
 * else starts. The real listen() is checked again (listening()), as another
 * process may take the port in between.
 */
export async function ensurePortFree(config: Pick<Config, 'host' | 'port'>): Promise<void> {
  if (config.port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err: ErrnoError) => {
      const line = listenFailure(err, config);
      reject(line ? new StartupError(line) : err);
    });
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () =>
      probe.close(() => resolve()),
    );
  });
}

/** Resolves once the server listens; rejects with the one-line message when it cannot. */
export function listening(server: Server, config: Pick<Config, 'host' | 'port'>): Promise<void> {
  if (server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onError = (err: ErrnoError) => {
      const line = listenFailure(err, config);
      reject(line ? new StartupError(line) : err);
    };
    server.once('error', onError);
    server.once('listening', () => {
      server.off('error', onError);
      resolve();
    });
  });
}

const FS_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'EISDIR', 'ENOSPC']);

/** The one line for a file-system error under (or on the way to) DATA_DIR, else null. */
function dataDirFailure(err: ErrnoError, config: Pick<Config, 'dataDir'>): string | null {
  if (typeof err.path !== 'string' || !err.code || !FS_CODES.has(err.code)) return null;
  const dir = path.resolve(config.dataDir);
  const failed = path.resolve(err.path);
  const inside = failed === dir || failed.startsWith(dir + path.sep);
  const above = dir.startsWith(failed + path.sep);
  if (!inside && !above) return null;
  const why =
    err.code === 'ENOSPC'
      ? 'its disk is full'
      : err.code === 'ENOTDIR'
        ? 'a part of its path is a file, not a directory'
        : err.code === 'EEXIST'
          ? `${failed} is a file, not a directory`
          : 'this user may not write there';
  return `The data directory ${dir} is not writable (${why}): fix it or choose another DATA_DIR.`;
}

/**
 * What a failure of PostgreSQL's first query tells the operator: the host it
 * tried (never the user or password) and why, naming DATABASE_URL.
 */
export function databaseFailure(url: string, err: unknown): StartupError {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return new StartupError(
      'DATABASE_URL is not a valid URL: write it as postgres://user:password@host:5432/database (percent-encode special characters).',
    );
  }
  const target = parsed.host ? ` at ${parsed.host}` : '';
  const password = safeDecode(parsed.password);
  const e = err as ErrnoError;
  if (e?.code === 'ERR_INVALID_URL') {
    return new StartupError(
      'DATABASE_URL is not a valid connection URL: write it as postgres://user:password@host:5432/database.',
    );
  }
  let reason = err instanceof Error ? err.message : String(err);
  reason = reason.replace(/\s+/g, ' ').trim();
  for (const secret of [password, parsed.password]) {
    if (secret) reason = reason.split(secret).join('***');
  }
  if (url) reason = reason.split(url).join('DATABASE_URL');
  return new StartupError(
    `Cannot connect to the PostgreSQL database${target} (${reason}): check DATABASE_URL and that the server runs.`,
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The one line to print for a failed start, or null for an unexpected error
 * (whose stack trace is then worth printing).
 */
export function startupFailureLine(
  err: unknown,
  config: Pick<Config, 'host' | 'port' | 'dataDir'>,
): string | null {
  if (err instanceof StartupError || err instanceof DataDirLockedError) return err.message;
  if (!err || typeof err !== 'object') return null;
  const e = err as ErrnoError;
  return listenFailure(e, config) ?? dataDirFailure(e, config);
}
