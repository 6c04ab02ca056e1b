import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatCount } from '@/lib/number-format';

export type ChartRow = Record<string, string | number>;
export type ChartSeries = { key: string; label: string; color?: string };

/**
 * Brand, then the status hues (docs/product/public-site.md#status-colours), in an order that stays
 * distinct. Palette variables, so that a chart follows the theme (docs/product/public-site.md#dark-mode).
 */
export const CHART_COLORS = [
  'var(--color-indigo-600)',
  'var(--color-emerald-600)',
  'var(--color-amber-600)',
  'var(--color-rose-600)',
  'var(--color-sky-600)',
  'var(--color-slate-500)',
];

/** Gridlines, axis labels and the tooltip box, from the same palette. */
export const CHART_GRID = 'var(--color-slate-200)';
export const CHART_TEXT = 'var(--color-slate-600)';
export const CHART_TOOLTIP_STYLE = {
  backgroundColor: 'var(--color-white)',
  borderColor: 'var(--color-slate-200)',
  color: 'var(--color-slate-900)',
};

export const seriesColor = (series: ChartSeries, index: number) =>
  series.color ?? CHART_COLORS[index % CHART_COLORS.length]!;

/** What a chart's box shows while its plot loads: the box keeps its size. */
export function ChartPlaceholder() {
  return (
    <div
      aria-hidden
      className="h-full w-full animate-pulse rounded-md bg-slate-100 motion-reduce:animate-none"
    />
  );
}

/**
 * True once the element has come near the screen. A chart below the fold
 * loads nothing (its plot brings the charting library) until the reader
 * scrolls towards it; pre-rendered, it is not drawn (no observer there).
 */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * A chart with its title and, below it, the same figures as a table behind a
 * disclosure: every number a chart shows can also be read (docs/product/public-site.md#readable-numbers).
 */
export function ChartCard({
  title,
  description,
  data,
  xKey,
  xLabel,
  series,
  format = formatCount,
  children,
}: {
  title: string;
  description?: string;
  data: ChartRow[];
  xKey: string;
  xLabel: string;
  series: ChartSeries[];
  format?: (value: number) => string;
  children: ReactNode;
}) {
  const summary = `${title}: ${series.map((s) => s.label).join(', ')} by ${xLabel.toLowerCase()}`;
  const [box, near] = useNearScreen<HTMLDivElement>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <div ref={box} role="img" aria-label={summary} className="h-64 w-full">
          {near ? children : <ChartPlaceholder />}
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-indigo-700 hover:underline">
            Show data table
          </summary>
          <Table className="mt-2">
            <TableHeader>
              <TableRow>
                <TableHead>{xLabel}</TableHead>
                {series.map((s) => (
                  <TableHead key={s.key} className="text-right">
                    {s.label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((row) => (
                <TableRow key={String(row[xKey])}>
                  <TableCell>{row[xKey]}</TableCell>
                  {series.map((s) => {
                    const v = row[s.key];
                    return (
                      <TableCell key={s.key} className="text-right">
                        {typeof v === 'number' ? format(v) : v}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      </CardContent>
    </Card>
  );
}
