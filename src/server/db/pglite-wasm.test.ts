import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';
import { pgliteWasmModule } from './pglite-wasm';

afterEach(() => vi.restoreAllMocks());

// docs/decisions/017-start-up-to-the-first-answer.md: compiled while the server loads.
describe("PGlite's WebAssembly", () => {
  it('is compiled once per process', async () => {
    expect(pgliteWasmModule()).toBe(pgliteWasmModule());
    const module = await pgliteWasmModule();
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(WebAssembly.Module.exports(module!).map((e) => e.name)).toContain('pgl_connect');
  });

  it('is the module the embedded database opens with', async () => {
    const create = vi.spyOn(PGlite, 'create');
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const options = create.mock.calls[0]![0] as PGliteOptions;
      expect(options.pgliteWasmModule).toBe(await pgliteWasmModule());
      expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
