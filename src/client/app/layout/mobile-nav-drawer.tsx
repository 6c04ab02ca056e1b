import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { AppLink } from '@/lib/navigation';
import { SidebarNav } from './sidebar';

/** The phone's navigation drawer, opened by MobileNav's menu button. */
export default function MobileNavDrawer({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the menu button, which is not a Radix trigger. */
  onClosed: () => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-scrim/40 md:hidden" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl md:hidden"
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title asChild>
              <AppLink to="/" onClick={close} className="font-semibold text-slate-900">
                Talent Ecosystem
              </AppLink>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
              aria-label="Close navigation"
            >
              <XIcon className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            Main navigation
          </DialogPrimitive.Description>
          <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
            <SidebarNav onNavigate={close} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
