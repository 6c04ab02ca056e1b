import { useEffect, useSyncExternalStore } from 'react';
import type { PublicConfig } from '@shared/public-config';
import { api } from '@/lib/api';

/**
 * The public part of the server's configuration (GET /api/config). The server
 * writes it into every page it serves (`<script id="public-config"
 * type="application/json">`), so it is known at once; a page served another
 * way (the dev server) fetches it. No query library: the landing page uses
 * this too and loads as little as it can.
 */

type State = { data?: PublicConfig; error?: Error };

const ELEMENT_ID = 'public-config';
/** What a pre-rendered page was rendered with: nothing (demo mode, default links). */
const PRE_RENDERED: State = {};

function readEmbedded(): PublicConfig | undefined {
  const text = globalThis.document?.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return undefined;
  }
}

const embedded = readEmbedded();
let state: State = { data: embedded };
let inflight: Promise<PublicConfig> | null = null;
const listeners = new Set<() => void>();

function setState(next: State) {
  state = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What the page carried when it was loaded, read once: known synchronously,
 * so that what depends on it (the way in) is chosen once at start-up.
 */
export function pageConfig(): PublicConfig | undefined {
  return embedded;
}

/** The configuration, fetched once if the page did not carry it. */
function loadPublicConfig(): Promise<PublicConfig> {
  if (state.data) return Promise.resolve(state.data);
  inflight ??= api('GET', '/api/config', { token: null })
    .then(
      (data) => {
        setState({ data });
        return data;
      },
      (error: unknown) => {
        setState({ error: error instanceof Error ? error : new Error(String(error)) });
        throw error;
      },
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Replaces the configuration (tests). */
export function setPublicConfig(data: PublicConfig | undefined) {
  setState(data ? { data } : {});
}

export function usePublicConfig() {
  // A pre-rendered page hydrates with what it was rendered with, then takes the real values.
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => PRE_RENDERED,
  );
  const missing = !current.data && !current.error;
  useEffect(() => {
    if (missing) loadPublicConfig().catch(() => {});
  }, [missing]);
  // Unknown after a failed fetch: the page goes on as in demo mode (the defaults).
  return { data: current.data, isPending: missing };
}

/** Demo or production mode, as the page knows it (`pending` while it fetches the configuration). */
export type PublicMode = 'demo' | 'production' | 'pending';

function modeOf(current: State): PublicMode {
  if (current.data) return current.data.demoMode ? 'demo' : 'production';
  // Unknown after a failed fetch: the page goes on as in demo mode.
  return current.error ? 'demo' : 'pending';
}

/**
 * The mode alone, for a page that renders differently in each: a pre-rendered page is served in
 * demo mode only (docs/decisions/008-pre-rendered-public-pages.md), so it is rendered, and
 * hydrates, as demo mode; in demo mode nothing renders again once hydrated, since the value is
 * the same.
 */
export function usePublicMode(): PublicMode {
  const mode = useSyncExternalStore(
    subscribe,
    () => modeOf(state),
    (): PublicMode => 'demo',
  );
  useEffect(() => {
    if (mode === 'pending') loadPublicConfig().catch(() => {});
  }, [mode]);
  return mode;
}
