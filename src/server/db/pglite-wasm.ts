import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process. The server's entry
 * starts it before the server's own modules load, so that V8 compiles it on its
 * worker thread meanwhile rather than after them, when the database opens
 * (docs/decisions/017-start-up-to-the-first-answer.md). Undefined when the file
 * cannot be read or compiled here: PGlite then loads it itself, and says why.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const file = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
      return await WebAssembly.compile(await readFile(file));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}
