import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { RefreshScheduler, type SchedulerClock } from './refresh-scheduler';
import type { AuthSession } from './session-store';

/** A clock moved by hand: timers run only when the test advances it. */
function manualClock(start = 1_700_000_000_000) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  return {
    clock,
    /** Moves time on, running each due timer and letting its promises settle. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        for (let i = 0; i < 10; i++) await Promise.resolve();
      }
      now = until;
    },
    pending: () => [...timers.values()].map((t) => t.at - now),
  };
}

const START = 1_700_000_000_000;

function session(n: number, expiresInSeconds = 900, from = START): AuthSession {
  return {
    user: { id: 'u1', email: 'a@b.example', user_metadata: { full_name: 'A' } },
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_at: Math.floor(from / 1000) + expiresInSeconds,
  };
}

function setup(refresh: (s: AuthSession) => Promise<AuthSession>) {
  const time = manualClock(START);
  const onRefreshed = vi.fn();
  const onFailed = vi.fn();
  const refreshMock = vi.fn(refresh);
  const scheduler = new RefreshScheduler({
    refresh: refreshMock,
    onRefreshed,
    onFailed,
    isRetryable: (e) => e instanceof ApiError && e.retryable,
    clock: time.clock,
  });
  return { time, scheduler, onRefreshed, onFailed, refresh: refreshMock };
}

const network = () => new ApiError(0, 'network', 'offline');

describe('RefreshScheduler', () => {
  it('refreshes one minute before the access token expires, then schedules the next one', async () => {
    const { time, scheduler, onRefreshed, refresh } = setup(async () =>
      session(2, 900, START + 840_000),
    );
    scheduler.start(session(1));
    await time.advance(839_999);
    expect(refresh).not.toHaveBeenCalled();
    await time.advance(1);
    expect(refresh).toHaveBeenCalledWith(session(1));
    expect(onRefreshed).toHaveBeenCalledWith(session(2, 900, START + 840_000));
    expect(time.pending()).toEqual([840_000]);
  });

  it('backs off from 200 ms, doubling, on retryable failures, then succeeds', async () => {
    let calls = 0;
    const { time, scheduler, onRefreshed, onFailed, refresh } = setup(async () => {
      calls += 1;
      if (calls <= 4) throw calls === 3 ? new ApiError(503, 'unavailable', 'x') : network();
      return session(2);
    });
    scheduler.start(session(1, 60)); // due at once
    await time.advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    for (const [wait, total] of [
      [200, 2],
      [400, 3],
      [800, 4],
      [1600, 5],
    ] as const) {
      await time.advance(wait - 1);
      expect(refresh).toHaveBeenCalledTimes(total - 1);
      await time.advance(1);
      expect(refresh).toHaveBeenCalledTimes(total);
    }
    expect(onRefreshed).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('retries after a 429 too, and caps the back-off at 30 s', async () => {
    const { time, scheduler, refresh } = setup(async () => {
      throw new ApiError(429, 'rate_limited', 'slow down');
    });
    scheduler.start(session(1, 0));
    await time.advance(0);
    await time.advance(200 + 400 + 800 + 1600 + 3200 + 6400 + 12_800 + 25_600);
    expect(refresh).toHaveBeenCalledTimes(9);
    expect(time.pending()).toEqual([30_000]);
  });

  it('signs out on a non-retryable refusal (401 or 403) without retrying', async () => {
    for (const status of [401, 403]) {
      const error = new ApiError(status, 'invalid_refresh_token', 'ended');
      const { time, scheduler, onFailed, refresh } = setup(async () => {
        throw error;
      });
      scheduler.start(session(1, 30));
      await time.advance(0);
      expect(onFailed).toHaveBeenCalledWith(error);
      await time.advance(60_000);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(time.pending()).toEqual([]);
    }
  });

  it('does nothing for a session without expiry (a demo session) and after stop', async () => {
    const { time, scheduler, refresh } = setup(async () => session(2));
    scheduler.start({ ...session(1), expires_at: undefined, refresh_token: undefined });
    expect(time.pending()).toEqual([]);
    scheduler.start(session(1));
    scheduler.stop();
    await time.advance(3_600_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('ignores the answer for a session that was replaced while it was being refreshed', async () => {
    let finish!: (s: AuthSession) => void;
    const { time, scheduler, onRefreshed } = setup(
      () => new Promise<AuthSession>((resolve) => (finish = resolve)),
    );
    scheduler.start(session(1, 0));
    await time.advance(0);
    scheduler.start(session(3));
    finish(session(2));
    await time.advance(0);
    expect(onRefreshed).not.toHaveBeenCalled();
  });
});
