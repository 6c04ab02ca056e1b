import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

export type RecordColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
};

/** True while the element's content is wider than the element itself. */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    // Fires once on observe, then on every size change of the box or the table.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/**
 * Rows of sample records under named columns. The table scrolls sideways inside
 * its own box on a narrow screen; while it does, the box is a named, focusable
 * region so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function RecordTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  const [boxRef, scrolls] = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={boxRef}
      className="relative w-full overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table aria-label={label} className="w-full caption-bottom text-sm tabular-nums">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((c) => (
              <TableHead key={c.header} className={cn(c.align === 'right' && 'text-right')}>
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell
                  key={c.header}
                  className={cn(c.align === 'right' && 'text-right', c.className)}
                >
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  );
}
