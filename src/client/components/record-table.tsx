import { Fragment, type ReactNode } from 'react';
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
  /**
   * Where the column sits in a phone's compact row (docs/product/quality.md#phone-tables):
   * `main` the row's first lines, `sub` a part of the line under them, `end` at the row's
   * right (a status, the actions). Once a column of the table has one, the others are read by
   * screen readers only on a phone.
   */
  phone?: 'main' | 'sub' | 'end';
  /** What a `sub` column shows in that line, when its cell is not plain words; '' for nothing. */
  phoneText?: (row: T) => string;
  /**
   * An `end` column that goes under the name and facts below 360 px even when it is the row's
   * only end: a long status ("Pending verification") that would leave the name a third of it.
   */
  narrowUnder?: boolean;
};

/** A phone's compact row: one line of flex, not a card of label and value lines. */
const PHONE_ROW = 'max-sm:flex! max-sm:items-center max-sm:gap-3 max-sm:py-2!';
const PHONE_PLACE = {
  main: 'max-sm:min-w-0 max-sm:flex-1 max-sm:p-0! max-sm:before:hidden!',
  end: 'max-sm:shrink-0 max-sm:p-0! max-sm:before:hidden!',
  none: 'max-sm:sr-only!',
} as const;
/**
 * Below 360 px a row with a status and an action at its end would leave its name and facts a
 * third of the line (85 of 222 px): the name and facts take the line beside the last end
 * column (the action), and the other end columns (the status) go under them.
 */
const NARROW_ROW = 'max-[360px]:flex-wrap max-[360px]:gap-y-1!';
/** The other end columns: a line of their own under the name and facts. */
const NARROW_UNDER = 'max-[360px]:order-last max-[360px]:basis-full';

/**
 * Rows of sample records under named columns, in the product's one table
 * layout (components/ui/table): a table that scrolls inside its own box, and
 * on a phone a card per row or, once its columns say where they sit
 * (`phone`), one compact row each.
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
  const compact = columns.some((c) => c.phone);
  const ends = columns.filter((c) => c.phone === 'end');
  const under = (c: RecordColumn<T>) =>
    c.phone === 'end' && (c.narrowUnder === true || (ends.length > 1 && c !== ends.at(-1)));
  const narrow = compact && ends.some(under);
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
          <TableRow key={rowKey(row)} className={cn(compact && PHONE_ROW, narrow && NARROW_ROW)}>
            {columns.map((c) => (
              <TableCell
                key={c.header}
                className={cn(
                  c.align === 'right' && 'text-right',
                  c.className,
                  compact &&
                    PHONE_PLACE[c.phone === 'main' || c.phone === 'end' ? c.phone : 'none'],
                  under(c) && NARROW_UNDER,
                )}
              >
                {c.cell(row)}
                {compact && c.phone === 'main' ? <PhoneLine row={row} columns={columns} /> : null}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The line under a compact row's first lines: its `sub` columns, joined. Screen readers read
 * those columns in their own cells, so the line is for the eye only; it wraps rather than cut
 * a fact off at 320 px, where a status beside it leaves it half the row, and it wraps between
 * facts ("12 min ago" stays whole) unless a fact is wider than the whole line.
 */
function PhoneLine<T>({ row, columns }: { row: T; columns: readonly RecordColumn<T>[] }) {
  const parts = columns
    .filter((c) => c.phone === 'sub')
    .map((c) => (c.phoneText ? c.phoneText(row) : textOfCell(c.cell(row))))
    .filter((t) => t !== '');
  if (parts.length === 0) return null;
  return (
    <span
      aria-hidden
      data-slot="phone-line"
      className="hidden text-xs font-normal wrap-anywhere text-slate-600 max-sm:block"
    >
      {parts.map((part, at) => (
        <Fragment key={at}>
          {at > 0 ? ' ' : null}
          <span className="inline-block max-w-full">
            {part}
            {at < parts.length - 1 ? ' ·' : null}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

/** A cell's words when it is plain text or a number. */
function textOfCell(node: ReactNode): string {
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}
