import { LOAD_ERRORS } from './load-failure';

/**
 * A console table's load state as TableCard props: no rows once the load
 * failed (the error with its retry shows), placeholder rows announced as
 * `loading` while pending.
 */
export function loadState<T extends { id: string }>(
  rows: T[] | undefined,
  {
    isPending,
    error,
    onRetry,
    loading,
  }: { isPending: boolean; error: Error | null; onRetry: () => void; loading: string },
) {
  return {
    rows: error ? undefined : rows,
    rowKey: (row: T) => row.id,
    pending: isPending,
    loadingLabel: loading,
    errorMessage: LOAD_ERRORS.admin,
    onRetry,
  };
}
