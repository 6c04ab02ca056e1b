import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Files worth compressing: text formats (fonts are compressed already). HTML
 * documents are not here: the server writes a fresh nonce into each one and
 * compresses it per request.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_BYTES = 1024;

/** The brotli copy of `data`, as the build writes it and the server sends it. */
export function brotli(data: Buffer | string): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
    },
  });
}

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file of `dir`, at the
 * highest levels: done once at build time, so the server sends the smallest
 * copy the browser accepts without compressing anything per request.
 */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotli(data));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

/** The client build's step that writes the compressed copies (see precompressDir). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
