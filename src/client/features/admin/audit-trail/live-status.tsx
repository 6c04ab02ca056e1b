import { cn } from '@/lib/utils';
import type { LiveState } from './use-live-audit';

const LABELS: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  paused: 'Paused',
  stopped: 'Not live',
};

const DOTS: Record<LiveState, string> = {
  connecting: 'bg-slate-400',
  live: 'bg-emerald-500',
  reconnecting: 'bg-amber-500',
  paused: 'bg-slate-400',
  stopped: 'bg-rose-500',
};

/** The live view's connection, in words with a coloured dot (docs/product/audit-trail.md#live-trail). */
export function LiveStatus({ state, problem }: { state: LiveState; problem: string | null }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-1 text-xs font-medium text-slate-700"
      title={problem ?? undefined}
      data-live-state={state}
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          DOTS[state],
          state === 'live' && 'motion-safe:animate-pulse',
        )}
      />
      <span>
        <span className="sr-only">Live updates: </span>
        {LABELS[state]}
      </span>
    </span>
  );
}
