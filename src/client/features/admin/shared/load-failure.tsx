import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { ApiError } from '@/lib/api';

/** docs/product/admin-console.md#load-errors: the words a console screen says when its data cannot be read. */
export const LOAD_ERRORS = {
  admin: 'Failed to load admin data securely',
  securityAudit: 'Failed to load security audit data',
} as const;

/** True when the caller is simply not signed in (the public /demo twin). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** What a screen needs of each query it reads: whether it failed, and how to read it again. */
export type Loadable = { error: unknown; refetch: () => unknown };

/** The screen's queries that failed, not counting a visitor who is merely signed out. */
export function failedLoads(queries: readonly Loadable[]): Loadable[] {
  return queries.filter((q) => q.error && !isSignedOut(q.error));
}

/**
 * A console screen's one error (docs/product/admin-console.md#load-errors): shown in place of
 * everything the screen would show, with its own message and Try again, which reads every failed
 * query again.
 */
export function LoadError({
  message,
  failed,
  children,
}: {
  message: string;
  failed: readonly Loadable[];
  children?: ReactNode;
}) {
  return (
    <ErrorState
      title="Error"
      message={message}
      onRetry={() => {
        for (const q of failed) void q.refetch();
      }}
    >
      {children}
    </ErrorState>
  );
}
