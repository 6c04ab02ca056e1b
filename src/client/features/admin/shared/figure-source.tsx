import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';

/**
 * Where a section's figures come from: counted from this server now, or sample figures that
 * tell the product's story. A live number never sits beside a sample one without saying which
 * is which (docs/product/admin-console.md#overview).
 */
export type FigureSource = 'live' | 'sample';

const FIGURE_SOURCES = {
  live: { badge: 'Live', tone: 'success', note: 'Counted from this server as you look.' },
  sample: { badge: 'Sample', tone: 'neutral', note: 'Sample figures for the demo, not measured.' },
} as const satisfies Record<FigureSource, { badge: string; tone: string; note: string }>;

/** A section's heading with its source: the badge, then a one-line note saying what it means. */
export function SourcedHeading({
  id,
  source,
  children,
}: {
  /** The heading's id, for the section's aria-labelledby; the note gets `${id}-source`. */
  id: string;
  source: FigureSource;
  children: ReactNode;
}) {
  const { badge, tone, note } = FIGURE_SOURCES[source];
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {children}
      </h2>
      <Badge tone={tone} data-source={source}>
        {badge}
      </Badge>
      <p id={`${id}-source`} className="text-sm text-slate-600">
        {note}
      </p>
    </div>
  );
}
