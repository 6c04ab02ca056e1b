import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { brotli, MIN_BYTES } from './precompress.ts';

/**
 * What the server's response headers cost per file of the build, on HTTP/1.1: measured at
 * 276–323 bytes (src/server/http/static.ts sends build assets with the few headers that apply to
 * them; src/server/app.test.ts holds them under this).
 */
export const RESPONSE_HEADER_BYTES = 330;

/** A page of the app and what it loads: its HTML entry, and the lazily loaded module that is the page. */
export type RouteEntry = {
  /** How the report names it: `/hirehub, /demo/hirehub`. */
  route: string;
  /** The name of the HTML entry that serves it (`index`, `landing`). */
  entry: string;
  /**
   * Source modules the entry loads with import() on arrival before the page
   * (the app's root): counted like the entry, through their static imports
   * only, since what they load with import() belongs to other routes.
   */
  roots?: string[];
  /** Source modules (relative to the project root) the page loads with import() on arrival. */
  pages?: string[];
  /**
   * Source modules the page's code loads with import() without any input, beside the page
   * (the audit queues): counted with what the page loads, through their static imports.
   */
  background?: string[];
  /**
   * Source modules the page loads with import() only when the visitor asks for them (the
   * landing page's command palette): what they bring is another page's code, on request, so
   * neither the budget nor the restrictions count them or what they import.
   */
  onInput?: string[];
  /** The most JavaScript, in gzip bytes, the page may load. */
  maxGzipBytes?: number;
  /**
   * The most bytes the page's scripts may take on the wire: each file as the server sends it
   * (its brotli copy, or the file itself below the compression threshold) and its response
   * headers (RESPONSE_HEADER_BYTES), which is what the browser counts as transferred.
   */
  maxTransferBytes?: number;
};

/** Code only some pages may load: a page that loads it without being allowed fails the build. */
export type RestrictedCode = {
  /** What it is, in the error: `the admin console`. */
  name: string;
  test: RegExp;
  allowedOn: (route: RouteEntry) => boolean;
};

export type BudgetOptions = {
  routes: RouteEntry[];
  restricted?: RestrictedCode[];
  /** Where the report goes (the build's output by default). */
  print?: (text: string) => void;
};

type ChunkInfo = {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  facade: string | null;
  modules: string[];
  gzipBytes: number;
  /** The file's bytes as the server sends them (without headers); computed when first asked. */
  servedBytes: () => number;
};

export type { ChunkInfo };

export type RouteReport = {
  route: string;
  chunks: string[];
  gzipBytes: number;
  /** On the wire: served bytes and response headers of every file. */
  transferBytes: number;
  problems: string[];
};

/** A file's bytes as the server sends them: its brotli copy, or itself when too small to have one. */
export function servedBytesOf(code: string): () => number {
  let bytes: number | undefined;
  return () => {
    const length = Buffer.byteLength(code);
    bytes ??= length < MIN_BYTES ? length : brotli(code).length;
    return bytes;
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Every chunk `start` loads by static import (and by import(), if `lazy`, but never into the
 * chunks of `asked`), itself included.
 */
function closure(
  start: ChunkInfo,
  chunks: Map<string, ChunkInfo>,
  into = new Set<string>(),
  lazy = false,
  asked: ReadonlySet<string> = new Set(),
) {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  const dynamic = lazy ? start.dynamicImports.filter((f) => !asked.has(f)) : [];
  for (const imported of [...start.imports, ...dynamic]) {
    const next = chunks.get(imported);
    if (next) closure(next, chunks, into, lazy, asked);
  }
  return into;
}

/** What each route loads, and what is wrong with it; exported for the tests. */
export function checkRoutes(
  chunks: Map<string, ChunkInfo>,
  root: string,
  options: BudgetOptions,
): RouteReport[] {
  const all = [...chunks.values()];
  const relative = (id: string) => path.relative(root, id.replace(/\?.*$/, ''));
  // The chunk a module starts (its facade), else the one that holds it (a module that other
  // chunks import statically too has no chunk of its own).
  const chunkOf = (module: string) =>
    all.find((c) => c.facade && relative(c.facade) === module) ??
    all.find((c) => c.modules.some((m) => relative(m) === module));
  return options.routes.map((route) => {
    const problems: string[] = [];
    const entry = all.find(
      (c) => c.isEntry && c.facade && path.parse(c.facade).name === route.entry,
    );
    // On arrival: the entry and the page, with their static imports. What the page may load
    // later (a chart once it is on screen) is still the page's: the restrictions cover it too.
    const loaded = new Set<string>();
    const reachable = new Set<string>();
    if (!entry) problems.push(`no entry chunk named ${route.entry}`);
    else {
      closure(entry, chunks, loaded);
      closure(entry, chunks, reachable);
    }
    for (const module of route.roots ?? []) {
      const chunk = all.find((c) => c.facade && relative(c.facade) === module);
      if (!chunk) problems.push(`no chunk for ${module}`);
      else {
        closure(chunk, chunks, loaded);
        closure(chunk, chunks, reachable);
      }
    }
    const asked = new Set<string>();
    for (const module of route.onInput ?? []) {
      const chunk = all.find((c) => c.facade && relative(c.facade) === module);
      if (!chunk) problems.push(`no chunk for ${module}`);
      else asked.add(chunk.fileName);
    }
    for (const page of [...(route.pages ?? []), ...(route.background ?? [])]) {
      const chunk = chunkOf(page);
      if (!chunk) problems.push(`no chunk for ${page}`);
      else {
        closure(chunk, chunks, loaded);
        closure(chunk, chunks, reachable, true, asked);
      }
    }
    const files = [...loaded].map((f) => chunks.get(f)!);
    const mayLoad = [...reachable].map((f) => chunks.get(f)!);
    const gzipBytes = files.reduce((sum, c) => sum + c.gzipBytes, 0);
    const transferBytes = route.maxTransferBytes === undefined ? 0 : transferOf(files);
    if (route.maxGzipBytes !== undefined && gzipBytes > route.maxGzipBytes) {
      problems.push(
        `loads ${kb(gzipBytes)} of JavaScript (gzip), over its budget of ${kb(route.maxGzipBytes)}`,
      );
    }
    if (route.maxTransferBytes !== undefined && transferBytes > route.maxTransferBytes) {
      problems.push(
        `transfers ${kb(transferBytes)} of JavaScript (${files.length} files with their headers), ` +
          `over its budget of ${kb(route.maxTransferBytes)} by ${transferBytes - route.maxTransferBytes} bytes`,
      );
    }
    for (const rule of options.restricted ?? []) {
      if (rule.allowedOn(route)) continue;
      const offenders = mayLoad.filter((c) => c.modules.some((m) => rule.test.test(relative(m))));
      if (offenders.length > 0) {
        problems.push(`loads ${rule.name} (${offenders.map((c) => c.fileName).join(', ')})`);
      }
    }
    return { route: route.route, chunks: [...loaded], gzipBytes, transferBytes, problems };
  });
}

/** What `files` take on the wire: each as the server sends it, with its response headers. */
function transferOf(files: ChunkInfo[]): number {
  return files.reduce((sum, c) => sum + c.servedBytes() + RESPONSE_HEADER_BYTES, 0);
}

function formatReport(reports: RouteReport[], chunks: Map<string, ChunkInfo>): string {
  // What every route loads is listed once; each route then lists what it adds.
  const shared = reports
    .map((r) => new Set(r.chunks))
    .reduce((a, b) => new Set([...a].filter((f) => b.has(f))));
  const name = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');
  const sizeOf = (files: string[]) => files.reduce((n, f) => n + chunks.get(f)!.gzipBytes, 0);
  const rows = reports.map((r) => {
    const own = r.chunks.filter((f) => !shared.has(f)).sort((a, b) => sizeOf([b]) - sizeOf([a]));
    const listed = own.slice(0, 6).map((f) => `${name(f)} ${kb(sizeOf([f]))}`);
    if (own.length > 6) listed.push(`${own.length - 6} more, ${kb(sizeOf(own.slice(6)))}`);
    const transfer = r.transferBytes > 0 ? kb(r.transferBytes) : '';
    return [r.route, String(r.chunks.length), kb(r.gzipBytes), transfer, listed.join(', ')];
  });
  const header = [
    'route',
    'chunks',
    'JS gzip',
    'on the wire',
    'its largest chunks beyond the shared ones',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const sharedFiles = [...shared];
  return [
    'JavaScript each route loads on arrival (its entry and page, with what they import, and what',
    'they load without input); on the wire: as served (brotli) with each file’s headers:',
    line(header),
    ...rows.map(line),
    `Shared by every route: ${sharedFiles.map(name).sort().join(', ')} (${kb(sizeOf(sharedFiles))}).`,
  ].join('\n');
}

/**
 * Bundle budgets, enforced by the build (docs/product/quality.md#bundle-budgets): for each route, the
 * JavaScript its page loads on arrival (its entry and its page module, with
 * everything they import, and what they load without input), measured gzipped
 * or as the browser transfers it (brotli and headers). A route over its budget, or
 * able to load code it may not, on arrival or later (the admin console, the
 * charts, another screen's data), fails the build; every build prints what
 * each route loads.
 */
export function bundleBudget(options: BudgetOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        // A chunk of stylesheets only: Vite drops it from the output, and nothing fetches it.
        if (item.moduleIds.length > 0 && item.moduleIds.every((id) => /\.css($|\?)/.test(id))) {
          continue;
        }
        chunks.set(item.fileName, {
          fileName: item.fileName,
          isEntry: item.isEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          facade: item.facadeModuleId,
          modules: item.moduleIds,
          gzipBytes: gzipSync(item.code, { level: 9 }).length,
          servedBytes: servedBytesOf(item.code),
        });
      }
      const reports = checkRoutes(chunks, root, options);
      (options.print ?? console.log)(formatReport(reports, chunks));
      const problems = reports.flatMap((r) => r.problems.map((p) => `${r.route} ${p}`));
      if (problems.length > 0) {
        this.error(`Bundle budget exceeded:\n  ${problems.join('\n  ')}`);
      }
    },
  };
}
