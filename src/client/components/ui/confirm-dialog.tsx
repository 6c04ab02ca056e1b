import type { ReactNode, RefObject } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { buttonVariants } from './button-variants';

export type ConfirmDialogProps = {
  open: boolean;
  /** Called with false on Cancel, Escape and after the confirm button. */
  onOpenChange: (open: boolean) => void;
  /** Names the dialog. */
  title: ReactNode;
  /** Describes the dialog. */
  description: ReactNode;
  /** Laid out between the description and the buttons. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** While the confirmed action runs: both buttons are disabled and the confirm button says so. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** The action removes or takes something away: the confirm button is the red one. */
  destructive?: boolean;
  /** Takes the focus back when the dialog closes (the button that opened it). */
  returnFocus?: RefObject<HTMLElement | null>;
};

/** Asks before an action is taken: Cancel (focused first) or the confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  busyLabel,
  destructive = false,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={
          returnFocus
            ? (event) => {
                event.preventDefault();
                returnFocus.current?.focus();
              }
            : undefined
        }
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            {...(destructive && {
              'data-variant': 'destructive',
              className: buttonVariants({ variant: 'destructive' }),
            })}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
