import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_SETUP_KEY } from '../../../playwright.config';
import { openConfiguredDatabase } from '../start/bootstrap';
import { ConfigError, loadConfig } from './config';
import { TEST_SETUP_KEY } from '../testing/harness';
import { startServerProcess } from '../testing/server-process';

/** An operator-chosen setup key must not be easy to guess: a weak one stops the start. */
describe('SETUP_CONFIRMATION_KEY', () => {
  it.each([
    ['shorter than 24 characters', 'Zq8-mW2r!kP5vT9x', 'must be at least 24 characters'],
    [
      'few different characters',
      'abababababababababcdcdcdcd',
      'must use at least 10 different characters',
    ],
    ['one character over and over', 'a'.repeat(32), 'must use at least 10 different characters'],
    ['a short block repeated', 'k3y-Setup!9Q'.repeat(2), 'must not be a short block repeated'],
    ['a straight run', 'abcdefghijklmnopqrstuvwxyz', 'must not be a straight run of characters'],
    ['a descending run', 'zyxwvutsrqponmlkjihgfedcba', 'must not be a straight run of characters'],
    [
      'mostly one character',
      `${'0'.repeat(20)}Kd8-wQ2!mZ7v`,
      'must not repeat one character over a third of its length',
    ],
  ])('refuses a key %s with one line naming the variable', (_name, key, reason) => {
    expect(() => loadConfig({ SETUP_CONFIRMATION_KEY: key })).toThrow(ConfigError);
    expect(() => loadConfig({ SETUP_CONFIRMATION_KEY: key })).toThrow(
      `Invalid configuration:\n  SETUP_CONFIRMATION_KEY: ${reason}`,
    );
  });

  it.each([
    ['the API tests’ key', TEST_SETUP_KEY],
    ['the end-to-end key', E2E_SETUP_KEY],
    ['a passphrase', 'correct horse battery staple'],
    ['a generated key', 'h0X9hYwU7kq1bR3nTz_5aLm-VdQe2JfS'],
  ])('accepts %s', (_name, key) => {
    expect(loadConfig({ SETUP_CONFIRMATION_KEY: key }).setupConfirmationKey).toBe(key);
  });

  it('stops the server at start, before it listens or touches the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'weak-key-'));
    try {
      const started = startServerProcess({
        entry: 'source',
        env: { DATA_DIR: path.join(dataDir, 'data'), SETUP_CONFIRMATION_KEY: 'setup-key-0123456' },
        timeoutMs: 30_000,
      }).then(async (server) => {
        // Should it start after all, it is stopped again (and the test fails).
        await server.stop();
        return server;
      });
      await expect(started).rejects.toThrow(
        /exited \(2\) before listening:\nInvalid configuration:\n {2}SETUP_CONFIRMATION_KEY: must be at least 24 characters\n/,
      );
      expect(existsSync(path.join(dataDir, 'data'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The embedded database's buffer pool: a whole number of MB the WebAssembly memory can hold. */
describe('DATABASE_BUFFERS_MB', () => {
  it.each([
    ['0', 'must be at least 1 (MB)'],
    ['2048', 'must be at most 1024 (MB)'],
    ['1.5', 'must be a whole number of MB'],
    ['256MB', 'Invalid input: expected number, received NaN'],
  ])('refuses %s with one line naming the variable', (value, reason) => {
    expect(() => loadConfig({ DATABASE_BUFFERS_MB: value })).toThrow(
      `Invalid configuration:\n  DATABASE_BUFFERS_MB: ${reason}`,
    );
  });

  it('sizes the embedded database’s pool: 16 MB unless set', async () => {
    expect(loadConfig({}).databaseBuffersMb).toBe(16);
    const root = mkdtempSync(path.join(tmpdir(), 'buffers-'));
    try {
      for (const [set, shown] of [
        [undefined, '16MB'],
        ['48', '48MB'],
      ] as const) {
        const config = loadConfig({
          DATA_DIR: path.join(root, set ?? 'default'),
          DATABASE_BUFFERS_MB: set,
        });
        const database = await openConfiguredDatabase(config, 'test');
        try {
          const [row] = await database.query<{ shared_buffers: string }>('SHOW shared_buffers');
          expect(row?.shared_buffers).toBe(shown);
        } finally {
          await database.close();
        }
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
