import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { adminKeys } from '../shared/query-keys';
import { useLiveAudit, type LiveState } from './use-live-audit';

/** The Overview and Analytics counts are read again at most this often while events arrive. */
const COUNTS_REFRESH_MS = 5_000;

/** Calls `fn` at most once per `ms`, the last call of a burst included. */
function throttle(fn: () => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    call() {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          last = Date.now();
          fn();
        },
        Math.max(0, last + ms - Date.now()),
      );
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Reads the console's counts of the trail (Overview, Analytics) again, at most every 5 s
 * (docs/product/audit-trail.md#live-trail).
 */
export function useCountsRefresh(): () => void {
  const queryClient = useQueryClient();
  const [refresh] = useState(() =>
    throttle(
      () => void queryClient.invalidateQueries({ queryKey: adminKeys.insights.all }),
      COUNTS_REFRESH_MS,
    ),
  );
  useEffect(() => refresh.cancel, [refresh]);
  return refresh.call;
}

const EVERY_EVENT: AuditFilter = {};

/**
 * Keeps the console's counts of the trail moving while a screen that shows them is open
 * (docs/product/admin-console.md#overview), through the live stream the trail uses: unfiltered,
 * from now on. Each batch of events reads the counts again, and so does every (re)opening of the
 * stream, for what was recorded before it listened.
 */
export function useLiveCounts(): LiveState {
  const refresh = useCountsRefresh();
  const live = useLiveAudit({ filter: EVERY_EVENT, after: null, paused: false, onEvents: refresh });
  useEffect(() => {
    if (live.state === 'live') refresh();
  }, [live.state, refresh]);
  return live.state;
}
