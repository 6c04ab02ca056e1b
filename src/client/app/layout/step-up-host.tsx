import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler, type StepUpMethod } from '@/lib/step-up';

// Loaded when first asked for: most visits never need it.
const StepUpDialog = lazy(() => import('@/features/auth/step-up-dialog'));

type Asking = { methods: readonly StepUpMethod[]; simulated: boolean };

/**
 * Registers the console's one step-up dialog (docs/product/sign-in.md#step-up): an action the
 * server answers `step_up_required` waits for it, then is sent again, or fails as cancelled.
 * Demo mode's simulated actions ask the same dialog, checked in the page.
 */
export function StepUpHost() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const settle = useRef<((passed: boolean) => void) | null>(null);

  useEffect(
    () =>
      setStepUpHandler(
        (methods, simulated) =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setAsking({ methods, simulated });
          }),
      ),
    [],
  );

  const done = (passed: boolean) => {
    settle.current?.(passed);
    settle.current = null;
    setAsking(null);
  };

  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog methods={asking.methods} simulated={asking.simulated} onDone={done} />
    </Suspense>
  );
}
