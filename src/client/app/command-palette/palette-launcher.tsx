import { SearchIcon } from 'lucide-react';
import {
  createContext,
  lazy,
  Suspense,
  use,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { clsx } from 'clsx';

type PaletteProps = { open: boolean; onOpenChange: (open: boolean) => void };
/**
 * The palette's module, loaded on first use: the app's (app-palette.ts), or the landing page's,
 * which brings the query client that page does without. Each page names its own, so that a page
 * carries the import of its palette only.
 */
export type PaletteLoader = () => Promise<{ default: ComponentType<PaletteProps> }>;

type PaletteContextValue = { open: () => void; preload: () => void };
const PaletteContext = createContext<PaletteContextValue | null>(null);

/** ⌘K on a Mac, Ctrl+K elsewhere (docs/product/public-site.md#command-palette). */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.metaKey || event.ctrlKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/**
 * The command palette of the app's pages: ⌘K / Ctrl+K or the search buttons open it. Its code
 * loads on first use (or when a search button is hovered or focused), never with the page.
 */
export function CommandPaletteProvider({
  children,
  load: loadPalette,
}: {
  children: ReactNode;
  load: PaletteLoader;
}) {
  const [CommandPalette] = useState(() => lazy(loadPalette));
  // null until first opened: the palette's code is loaded from then on.
  const [isOpen, setOpen] = useState<boolean | null>(null);
  const [value] = useState<PaletteContextValue>(() => ({
    open: () => setOpen(true),
    preload: () => void loadPalette(),
  }));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  return (
    <PaletteContext value={value}>
      {children}
      {isOpen !== null ? (
        <Suspense fallback={null}>
          <CommandPalette open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </PaletteContext>
  );
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * A button that opens the palette: `wide` in the sidebar (with the shortcut shown), `icon` in a
 * collapsed sidebar or the phone header. Nothing outside a CommandPaletteProvider.
 */
export function PaletteButton({
  variant,
  className,
}: {
  variant: 'wide' | 'icon';
  className?: string;
}) {
  const palette = use(PaletteContext);
  if (!palette) return null;
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  return (
    <button
      type="button"
      onClick={palette.open}
      onPointerEnter={palette.preload}
      onFocus={palette.preload}
      aria-keyshortcuts="Meta+K Control+K"
      aria-label={variant === 'icon' ? 'Search screens, tabs and users' : undefined}
      title={variant === 'icon' ? `Search (${shortcut})` : undefined}
      className={clsx(
        'flex items-center gap-2 rounded-md text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600',
        variant === 'wide'
          ? 'h-9 w-full border border-slate-200 bg-white px-3'
          : 'size-9 justify-center',
        className,
      )}
    >
      <SearchIcon className="size-4 shrink-0" aria-hidden />
      {variant === 'wide' ? (
        <>
          <span className="flex-1 text-left">Search…</span>
          <kbd className="rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-500">
            {shortcut}
          </kbd>
        </>
      ) : null}
    </button>
  );
}
