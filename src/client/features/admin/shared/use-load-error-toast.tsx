import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';

export const LOAD_ERROR = {
  title: 'Error',
  description: 'Failed to load security audit data',
} as const;

/** True when the caller is simply not signed in (the public /demo twin). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * docs/product/admin-console.md#audit-load-error: one toast when any of the tab's data fails to
 * load (not when the visitor is merely signed out; the tab says so itself).
 */
export function useLoadErrorToast(errors: unknown[]): void {
  const failed = errors.some((e) => e && !isSignedOut(e));
  useEffect(() => {
    if (failed)
      toast.error(LOAD_ERROR.title, {
        description: LOAD_ERROR.description,
        id: 'security-load-error',
      });
  }, [failed]);
}
