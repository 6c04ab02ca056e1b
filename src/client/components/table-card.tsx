import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { TableSkeleton } from '@/components/table-skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export type TableCardProps<T> = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons beside the title, acting on the whole table. */
  actions?: ReactNode;
  /** The rows; undefined when they could not be loaded (the error state shows). */
  rows: readonly T[] | undefined;
  columns: readonly RecordColumn<T>[];
  rowKey: (row: T) => string;
  /** The table's accessible name. */
  label?: string;
  /** While true, placeholder rows announced as `loadingLabel`. */
  pending?: boolean;
  loadingLabel?: string;
  skeletonRows?: number;
  /** What went wrong when `rows` is undefined, with a way to try again. */
  errorMessage?: ReactNode;
  onRetry?: () => void;
  /** What the card says when there are no rows. */
  empty: { title: string; description?: ReactNode };
  /** Rendered inside the card after the table: the dialogs its rows open. */
  children?: ReactNode;
};

/**
 * A card holding one table: a title, a description and actions on top, and a
 * body that shows placeholder rows while loading, an error with a retry, an
 * empty state, or the rows under their columns.
 */
export function TableCard<T>({
  title,
  description,
  actions,
  rows,
  columns,
  rowKey,
  label,
  pending = false,
  loadingLabel = 'Loading',
  skeletonRows,
  errorMessage = 'The list could not be loaded.',
  onRetry,
  empty,
  children,
}: TableCardProps<T>) {
  const heading = (
    <>
      <CardTitle>{title}</CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </>
  );
  return (
    <Card>
      {actions ? (
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">{heading}</div>
          {actions}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent>
        {pending ? (
          <TableSkeleton label={loadingLabel} rows={skeletonRows} />
        ) : !rows ? (
          <ErrorState message={errorMessage} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <EmptyState title={empty.title} description={empty.description} />
        ) : (
          <RecordTable label={label} columns={columns} rows={rows} rowKey={rowKey} />
        )}
      </CardContent>
      {children}
    </Card>
  );
}
