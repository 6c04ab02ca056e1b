import type { RefObject } from 'react';
import { StatusBadge } from '@/components/status-badge';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { actorOf, detailEntries, formatFullTime, rawEvent, rowLabel } from './audit-details';
import { describeGroup, isGroup, type TrailRow } from './audit-groups';

const SOURCE_WORDS: Record<string, string> = {
  console: 'Console (browser)',
  startup: 'Start-up (browser)',
  server: 'Server',
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One event in full (docs/product/audit-trail.md#audit-detail): what happened in words, when in
 * local time, who, from where, every detail, and the event as stored (its keys and ISO times).
 * Closing it gives the focus back to `returnFocus`, the row's button that opened it.
 */
export function AuditEventSheet({
  row,
  onClose,
  returnFocus,
}: {
  row: TrailRow | null;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const e = row?.event;
  return (
    <Sheet open={!!row} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        {row && e ? (
          <>
            <SheetHeader>
              <SheetTitle>{rowLabel(e)}</SheetTitle>
              <SheetDescription>{formatFullTime(e.recorded_at)}</SheetDescription>
            </SheetHeader>
            <dl className="grid gap-3" aria-label="Event">
              <Field label="Severity">
                <StatusBadge status={e.severity} />
              </Field>
              <Field label="Actor">{actorOf(e)}</Field>
              {isGroup(row) ? (
                <Field label="Start-ups">
                  {describeGroup(row)}, the first {formatFullTime(row.oldest)}
                </Field>
              ) : null}
              <Field label="Recorded by">
                {e.reported_by === 'browser' ? 'Reported by a browser' : 'The server'}
              </Field>
              {e.claimed_at ? (
                <Field label="Browser's time">{formatFullTime(e.claimed_at)}</Field>
              ) : null}
              <Field label="Source">{SOURCE_WORDS[e.source] ?? e.source}</Field>
              {e.ip_address ? <Field label="Address">{e.ip_address}</Field> : null}
              {e.session_id ? <Field label="Session">{e.session_id}</Field> : null}
              {e.user_agent ? <Field label="Browser">{e.user_agent}</Field> : null}
            </dl>
            <section aria-labelledby="audit-detail-heading" className="grid gap-2">
              <h3 id="audit-detail-heading" className="text-sm font-semibold text-slate-900">
                Details
              </h3>
              {Object.keys(e.details).length === 0 ? (
                <p className="text-sm text-slate-600">No details.</p>
              ) : (
                <dl className="grid gap-2">
                  {detailEntries(e.details).map(([label, value], i) => (
                    <Field key={i} label={label}>
                      {value}
                    </Field>
                  ))}
                </dl>
              )}
            </section>
            <details className="rounded-md border border-slate-200">
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600">
                Raw event
              </summary>
              <pre
                aria-label="Raw event"
                tabIndex={0}
                className="max-h-96 overflow-auto border-t border-slate-200 bg-slate-50 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-800"
              >
                {rawEvent(e)}
              </pre>
            </details>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
