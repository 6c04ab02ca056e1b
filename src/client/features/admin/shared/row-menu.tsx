import { EllipsisIcon } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/**
 * Which of a row's dialogs is open, for a row whose actions sit behind one "⋯" button: a menu
 * item names the dialog with `after(dialog)`, which opens once the menu has closed and handed
 * the focus back to the button; a dialog without a trigger of its own gives the focus back to
 * nothing, so on closing (`setOpen(null)`) it is put back on the button here.
 */
export function useRowMenu<Dialog extends string>() {
  const [open, setOpenState] = useState<Dialog | null>(null);
  const next = useRef<Dialog | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const setOpen = (dialog: Dialog | null) => {
    setOpenState(dialog);
    if (!dialog) setTimeout(() => triggerRef.current?.focus());
  };
  return {
    open,
    setOpen,
    triggerRef,
    after: (dialog: Dialog) => () => {
      next.current = dialog;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!next.current) return;
      event.preventDefault();
      triggerRef.current?.focus();
      setOpen(next.current);
      next.current = null;
    },
  };
}

/** The "⋯" button of a row and its menu (`children`: the items), given `useRowMenu()`'s ref and handler. */
export function RowMenu({
  label,
  triggerRef,
  onCloseAutoFocus,
  disabled,
  children,
}: {
  /** The button's name: "Actions for …". */
  label: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onCloseAutoFocus: (event: Event) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={disabled}
          aria-label={label}
          title="Actions"
        >
          <EllipsisIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onCloseAutoFocus={onCloseAutoFocus}>
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
