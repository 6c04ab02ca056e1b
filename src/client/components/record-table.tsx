import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';

export type RecordColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
  /** The header is read by screen readers only (a column of row actions, say). */
  hideHeader?: boolean;
};

/**
 * Rows of sample records under named columns, in the product's one table
 * layout (components/ui/table): a table that scrolls inside its own box, and
 * a card per row on a phone.
 */
export function RecordTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label?: string;
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((c) => (
            <TableHead key={c.header} className={cn(c.align === 'right' && 'text-right')}>
              {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
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
    </Table>
  );
}
