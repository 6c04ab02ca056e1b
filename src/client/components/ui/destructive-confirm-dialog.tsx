import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

/**
 * Asks before an action that removes or takes away something (deactivates, revokes): the
 * confirm button is the destructive (red) one, so it never looks like an ordinary step.
 * Cancel is focused first, as in ConfirmDialog.
 */
export function DestructiveConfirmDialog(props: Omit<ConfirmDialogProps, 'destructive'>) {
  return <ConfirmDialog {...props} destructive />;
}
