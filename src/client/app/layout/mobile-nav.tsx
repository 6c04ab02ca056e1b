import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

// The drawer (a modal dialog) loads on first use: a phone that never opens it never fetches it.
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer'));

/** On narrow screens the sidebar opens as a drawer from a menu button. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
      >
        <MenuIcon className="size-5" aria-hidden />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileNavDrawer
            open={open}
            onOpenChange={setOpen}
            onClosed={() => trigger.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
