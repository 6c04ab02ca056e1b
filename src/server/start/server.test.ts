import { describe, expect, it, vi } from 'vitest';
import type * as Bootstrap from './bootstrap';
import { loadConfig } from '../core/config';

const prepared = vi.hoisted(() => ({ timersWhilePreparing: -1 }));

vi.mock('./bootstrap', async (importOriginal) => ({
  ...(await importOriginal<typeof Bootstrap>()),
  prepareDatabase: async () => {
    prepared.timersWhilePreparing = refTimers();
    throw new Error('no database in this test');
  },
}));

const { startServer } = await import('./server');

/** Timers that keep the event loop running (unref'd ones are not listed). */
function refTimers() {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}

// docs/decisions/017-start-up-to-the-first-answer.md: with nothing open while the
// database starts, Node would wait for V8's background compilations before going on.
describe('startServer', () => {
  it('keeps the event loop running while it prepares the database, and lets go after', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    const before = refTimers();
    await expect(startServer(config)).rejects.toThrow('no database in this test');
    expect(prepared.timersWhilePreparing).toBe(before + 1);
    expect(refTimers()).toBe(before);
  });
});
