import type { AuthSession } from './session-store';

/** The timers the scheduler uses; tests pass a clock they move by hand. */
export type SchedulerClock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const browserClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type RefreshSchedulerOptions = {
  refresh(session: AuthSession): Promise<AuthSession>;
  /** A new session came back (docs/product/sign-in.md#session-events: TOKEN_REFRESHED). */
  onRefreshed(session: AuthSession): void;
  /** A refusal that retrying cannot fix: the session is removed (then SIGNED_OUT). */
  onFailed(error: unknown): void;
  /** Network failures, 5xx and 429 are worth retrying; 401 and 403 are not. */
  isRetryable(error: unknown): boolean;
  clock?: SchedulerClock;
  /** How long before expiry to refresh. */
  marginMs?: number;
  /** docs/product/sign-in.md#refresh-backoff: the back-off starts at 200 ms and doubles. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
};

export const REFRESH_MARGIN_MS = 60_000;
export const INITIAL_BACKOFF_MS = 200;
export const MAX_BACKOFF_MS = 30_000;

/**
 * Refreshes a server session before its access token expires (docs/product/sign-in.md#session-refresh:
 * "refreshed automatically before expiry, removed on a non-retryable refresh
 * failure"). One scheduler per app; `start` replaces whatever was scheduled.
 */
export class RefreshScheduler {
  private readonly clock: SchedulerClock;
  private timer: unknown = null;
  private current: AuthSession | null = null;
  /** Bumped by every start/stop, so that an answer for an older session is ignored. */
  private generation = 0;

  constructor(private readonly options: RefreshSchedulerOptions) {
    this.clock = options.clock ?? browserClock;
  }

  /** Schedules the refresh of `session`; a session without expiry or refresh token needs none. */
  start(session: AuthSession): void {
    if (
      this.current &&
      this.current.access_token === session.access_token &&
      this.current.refresh_token === session.refresh_token
    ) {
      return;
    }
    this.stop();
    if (!session.refresh_token || session.expires_at === undefined) return;
    this.current = session;
    const margin = this.options.marginMs ?? REFRESH_MARGIN_MS;
    const due = session.expires_at * 1000 - margin - this.clock.now();
    this.schedule(Math.max(0, due), this.generation, 0);
  }

  stop(): void {
    this.generation += 1;
    this.current = null;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number, generation: number, failures: number) {
    this.timer = this.clock.setTimeout(() => void this.run(generation, failures), delayMs);
  }

  private async run(generation: number, failures: number) {
    this.timer = null;
    const session = this.current;
    if (!session || generation !== this.generation) return;
    try {
      const next = await this.options.refresh(session);
      if (generation !== this.generation) return;
      this.current = null;
      this.options.onRefreshed(next);
      this.start(next);
    } catch (error) {
      if (generation !== this.generation) return;
      if (!this.options.isRetryable(error)) {
        this.stop();
        this.options.onFailed(error);
        return;
      }
      const initial = this.options.initialBackoffMs ?? INITIAL_BACKOFF_MS;
      const max = this.options.maxBackoffMs ?? MAX_BACKOFF_MS;
      this.schedule(Math.min(initial * 2 ** failures, max), generation, failures + 1);
    }
  }
}
