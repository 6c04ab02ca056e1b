/**
 * npx tsx bench/long-tasks.ts — what runs in the long tasks of a page's load.
 *
 * Loads each page in Chromium with the CPU four times slower (as Lighthouse's mobile
 * configuration simulates), records a trace until the app has taken the page over
 * (`<html data-ready>`) and the main thread has been quiet for a while, and lists every task
 * longer than 50 ms: when it started after the first paint, how long it took, and what ran in
 * it (script evaluation per chunk, timers, frames, style and layout), then the source files
 * that took the CPU in those tasks when the build has source maps (`npx vite build --sourcemap`
 * before the pre-render, for a profiling build). A shared machine changes the milliseconds, not
 * which part is heavy: compare parts, not runs.
 *
 *   TRACE_URL=http://127.0.0.1:4840   a running server (scripts/dev/e2e-server.mjs or dist/server)
 *   TRACE_PAGES=/auth,/demo/admin     pages (default: the pages of bench/web.ts)
 *   TRACE_RUNS=1                      loads per page
 *   CHROME_PATH=…                     the Chromium to drive (default /usr/bin/chromium)
 */
import { readFileSync, existsSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = process.env.TRACE_URL ?? 'http://127.0.0.1:4840';
const PAGES = (process.env.TRACE_PAGES ?? '/,/auth,/demo,/demo/admin,/demo/hirehub,/demo/health')
  .split(',')
  .filter(Boolean);
const RUNS = Number(process.env.TRACE_RUNS ?? 1);
const THROTTLE = 4;

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type EventData = {
  url?: string;
  functionName?: string;
  type?: string;
  startTime?: number;
  timeDeltas?: number[];
  cpuProfile?: {
    nodes?: { id: number; callFrame: CallFrame; parent?: number }[];
    samples?: number[];
  };
};
/** The arguments of the trace events read here (each event has a few of them). */
type TraceArgs = { data?: EventData; beginData?: EventData; fileName?: string; name?: string };

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: TraceArgs;
  id?: string;
};

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

async function record(url: string): Promise<TraceEvent[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-sandbox', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      events.push(...(e.value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES.split(',') },
    });
    await page.goto(url, { waitUntil: 'load' });
    await page
      .waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, {
        timeout: 30_000,
      })
      .catch(() => console.warn(`${url}: never ready`));
    await page.waitForTimeout(4000);
    await cdp.send('Tracing.end');
    await done;
    return events;
  } finally {
    await browser.close();
  }
}

/** The renderer's main thread of the page: the one that parsed the page's document. */
function mainThread(events: TraceEvent[], url: string) {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(url),
  );
  if (!parse) throw new Error(`no thread parsed ${url}`);
  return { pid: parse.pid, tid: parse.tid };
}

const shortUrl = (url: string | undefined) => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return u.pathname.replace(/^\/assets\//, '');
  } catch {
    return url;
  }
};

/** What a nested event was, in a few words. */
function label(e: TraceEvent): string | null {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  switch (e.name) {
    case 'EvaluateScript':
      return `evaluate ${shortUrl(data.url)}`;
    case 'v8.evaluateModule':
      return `evaluate module`;
    case 'v8.compileModule':
    case 'v8.compile':
    case 'CompileScript':
      return `compile ${shortUrl(data.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `call ${data.functionName || '(anonymous)'} ${shortUrl(data.url)}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return `event ${data.type}`;
    case 'Layout':
      return 'layout';
    case 'UpdateLayoutTree':
      return 'style';
    case 'Paint':
    case 'PrePaint':
      return 'paint';
    case 'ParseHTML':
      return 'parse HTML';
    case 'RunMicrotasks':
      return 'microtasks';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'gc';
    default:
      return null;
  }
}

type Mapped = { file: string; name: string };
const maps = new Map<string, SourceMap | null>();
function sourceOf(url: string, line: number, column: number): Mapped | null {
  const asset = shortUrl(url);
  if (!asset.endsWith('.js')) return null;
  if (!maps.has(asset)) {
    const file = path.join(root, 'dist/client/assets', `${asset}.map`);
    maps.set(
      asset,
      existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null,
    );
  }
  const map = maps.get(asset);
  if (!map) return { file: asset, name: '' };
  const entry = map.findEntry(line, column) as {
    originalSource?: string;
    name?: string;
  };
  if (!entry?.originalSource) return { file: asset, name: '' };
  const file = entry.originalSource
    .replace(/^.*node_modules\//, 'node_modules/')
    .replace(/^.*\/src\//, 'src/');
  return { file, name: entry.name ?? '' };
}

/** Self time per source file within [start, end] (µs), from the CPU profile's samples. */
function cpuBySource(events: TraceEvent[], pid: number, windows: [number, number][]) {
  const nodes = new Map<number, { callFrame: CallFrame; parent?: number }>();
  const samples: { node: number; ts: number }[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk') continue;
    const cpu = e.args?.data?.cpuProfile;
    for (const n of cpu?.nodes ?? []) nodes.set(n.id, { callFrame: n.callFrame, parent: n.parent });
    const deltas: number[] = e.args?.data?.timeDeltas ?? [];
    const ids: number[] = cpu?.samples ?? [];
    let ts = samples.length ? samples[samples.length - 1]!.ts : 0;
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ node: id, ts });
    });
  }
  const start = events.find((e) => e.pid === pid && e.name === 'Profile')?.args?.data?.startTime;
  if (start === undefined) return new Map<string, number>();
  const totals = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    const ts = start + s.ts;
    if (!windows.some(([a, b]) => ts >= a && ts <= b)) continue;
    const next = samples[i + 1];
    const dt = next ? next.ts - s.ts : 0;
    const frame = nodes.get(s.node)?.callFrame;
    if (!frame) continue;
    let key: string;
    if (!frame.url) key = frame.functionName || '(native)';
    else {
      const mapped = sourceOf(frame.url, frame.lineNumber, frame.columnNumber);
      key = mapped ? mapped.file : shortUrl(frame.url);
    }
    totals.set(key, (totals.get(key) ?? 0) + dt);
  }
  return totals;
}

function analyse(pathname: string, events: TraceEvent[]) {
  const { pid, tid } = mainThread(events, `${BASE}${pathname}`);
  const own = events.filter((e) => e.pid === pid && e.tid === tid);
  const fcp = own.find((e) => e.name === 'firstContentfulPaint')?.ts;
  // Lighthouse counts blocking time from the first contentful paint on.
  const tasks = own
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        (e.dur ?? 0) > 50_000 &&
        (fcp === undefined || e.ts + e.dur! > fcp),
    )
    .sort((a, b) => a.ts - b.ts);
  console.log(
    `\n## ${pathname}: ${tasks.length} tasks > 50 ms (CPU ×${THROTTLE}), total blocking ${Math.round(
      tasks.reduce((s, t) => s + (t.dur! - 50_000), 0) / 1000,
    )} ms over 50 ms`,
  );
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inside = own.filter(
      (e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
    );
    const parts = new Map<string, number>();
    for (const e of inside) {
      const name = label(e);
      if (!name) continue;
      // Top-level parts only: skip events nested in another labelled event.
      const parent = inside.find(
        (p) =>
          p !== e &&
          label(p) &&
          p.ts <= e.ts &&
          p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
          (p.dur ?? 0) > (e.dur ?? 0),
      );
      if (parent) continue;
      parts.set(name, (parts.get(name) ?? 0) + (e.dur ?? 0));
    }
    const top = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([n, d]) => `${n} ${Math.round(d / 1000)}`)
      .join('; ');
    const after = fcp === undefined ? '' : ` (+${Math.round((task.ts - fcp) / 1000)} ms)`;
    console.log(`- ${Math.round(task.dur! / 1000)} ms${after}: ${top}`);
    const cpu = [...cpuBySource(events, pid, [[task.ts, end]])]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([file, us]) => `${file.replace(/^node_modules\//, '')} ${Math.round(us / 1000)}`);
    if (cpu.length) console.log(`    ${cpu.join('; ')}`);
  }
  const bySource = cpuBySource(
    events,
    pid,
    tasks.map((t) => [t.ts, t.ts + t.dur!]),
  );
  const heavy = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (heavy.length) {
    console.log('  CPU in those tasks by source (ms):');
    for (const [file, us] of heavy) console.log(`    ${Math.round(us / 1000)}\t${file}`);
  }
}

for (const pathname of PAGES) {
  for (let run = 0; run < RUNS; run++) analyse(pathname, await record(`${BASE}${pathname}`));
}
