import type { Config } from './config';
import type { Logger } from './context';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/** Structured JSON lines on stdout/stderr, one per event. */
export function createLogger(level: Config['logLevel']): Logger {
  const min = LEVELS[level];
  const write = (lvl: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields });
    (lvl === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}
