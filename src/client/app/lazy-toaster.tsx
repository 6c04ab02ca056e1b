import { lazy, Suspense } from 'react';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster (sonner), fetched once it is rendered rather than with the page:
 * no page needs it before its first toast.
 */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
