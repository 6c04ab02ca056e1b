/**
 * The console's step-up (docs/product/sign-in.md#step-up): an action the server answers
 * 403 `step_up_required` waits while one dialog asks the user to confirm it is them, then is
 * sent again. The dialog registers itself here; without one, the action fails as answered.
 */
import { ApiError, refusalHook } from '@/lib/api';

export type StepUpMethod = 'totp' | 'passkey';

/**
 * Opens the dialog; resolves true once a step-up passed, false when the user cancelled.
 * `simulated`: demo mode's step-up, checked in the page against the tab's simulated factor.
 */
type StepUpHandler = (methods: readonly StepUpMethod[], simulated: boolean) => Promise<boolean>;

let handler: StepUpHandler | null = null;
let asking: Promise<boolean> | null = null;

/** Registers the dialog that asks (one at a time); answers the function that unregisters it. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  refusalHook.retry = retryAfterStepUp;
  return () => {
    if (handler === next) handler = null;
  };
}

/** A `step_up_required` refusal asks the dialog; Cancel fails the request as cancelled. */
async function retryAfterStepUp(status: number, json: unknown): Promise<boolean> {
  const error = (json as { error?: { code?: unknown; methods?: StepUpMethod[] } } | undefined)
    ?.error;
  if (status !== 403 || error?.code !== 'step_up_required') return false;
  if (await confirmStepUp(error.methods ?? [], false)) return true;
  throw stepUpCancelled();
}

/** The refusal a cancelled step-up leaves, as the action's own failure. */
export const stepUpCancelled = () => new ApiError(403, 'step_up_cancelled', STEP_UP_CANCELLED);

/** Asks once for several actions refused together: they all wait for the same dialog. */
export function confirmStepUp(
  methods: readonly StepUpMethod[],
  simulated: boolean,
): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  asking ??= handler(methods, simulated).finally(() => {
    asking = null;
  });
  return asking;
}

/** What a cancelled step-up leaves: the action was not done, and nothing changed. */
const STEP_UP_CANCELLED = 'Cancelled: nothing was changed.';
