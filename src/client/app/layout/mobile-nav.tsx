import { MenuIcon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { SidebarNav } from './sidebar';

/** On narrow screens the sidebar opens as a drawer from a menu button. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
        aria-label="Open navigation"
      >
        <MenuIcon className="size-5" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 md:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl md:hidden">
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title asChild>
              <Link to="/" onClick={() => setOpen(false)} className="font-semibold text-slate-900">
                Talent Ecosystem
              </Link>
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
          <nav aria-label="Main" className="flex-1 overflow-y-auto p-2 pb-20">
            <SidebarNav onNavigate={() => setOpen(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
