import { confirmStepUp, stepUpCancelled } from '@/lib/step-up';
import { demoMfa } from './demo-mfa';

/**
 * Demo mode's step-up (docs/product/sign-in.md#demo-step-up) before a simulated sensitive
 * action: while the tab's simulated app or passkey is on and has not been proved in the last
 * minutes, the console's one "Confirm it's you" dialog asks, checked in the page. Resolves
 * when the action may go on; rejects as cancelled (nothing changed) when the dialog is closed.
 */
export async function demoStepUp(): Promise<void> {
  const methods = demoMfa.stepUpMethods();
  if (methods.length === 0) return;
  if (!(await confirmStepUp(methods, true))) throw stepUpCancelled();
}
