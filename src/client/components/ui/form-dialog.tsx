import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

export type FormDialogProps = {
  /** Controlled when given; otherwise the dialog keeps its own state, opened by the trigger. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog; left out when the dialog is opened from elsewhere. */
  trigger?: ReactNode;
  /** Names the dialog. */
  title: ReactNode;
  /** Describes the dialog. */
  description: ReactNode;
  /**
   * Laid out under the header; mounted only while the dialog is open, so each opening starts
   * afresh. As a function, it is given `close` for its own Cancel and after a successful submit.
   */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Buttons laid out under the body; a body that holds its own buttons leaves it out. */
  footer?: ReactNode;
  className?: string;
};

/** A dialog with a title, a description, a body and buttons, optionally opened by a trigger. */
export function FormDialog({
  open: controlledOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  className,
}: FormDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  // Opened from elsewhere (a row's button, a request that needs a step-up): closing gives the
  // focus back to what had it, as a trigger would get it, unless that is gone by then.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && !trigger && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open, trigger]);
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        className={className}
        onCloseAutoFocus={(event) => {
          const back = opener.current;
          opener.current = null;
          if (trigger || !back?.isConnected) return;
          event.preventDefault();
          back.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {typeof children === 'function' ? children(() => setOpen(false)) : children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}
