import type { ReactNode } from 'react';
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; left out when the dialog is opened from elsewhere. */
  trigger?: ReactNode;
  /** Names the dialog. */
  title: ReactNode;
  /** Describes the dialog. */
  description: ReactNode;
  /** Laid out under the header; mounted only while the dialog is open. */
  children: ReactNode;
  /** Buttons laid out under the body; a body that holds its own buttons leaves it out. */
  footer?: ReactNode;
  className?: string;
};

/** A dialog with a title, a description, a body and buttons, optionally opened by a trigger. */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  className,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}
