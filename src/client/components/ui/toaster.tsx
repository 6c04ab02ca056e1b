import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { showCarriedToasts } from '@/lib/carried-toasts';
import { useThemeChoice } from '@/lib/theme';

/**
 * docs/product/public-site.md#toasts: 3 visible, 4000 ms, 356 px wide, 14 px gap.
 * The removal delay (200 ms) is sonner's own constant. The documented 20 px swipe
 * threshold was sonner 1's; sonner 2 fixed it at 45 px with no option to change
 * it, which only affects swiping a toast away on a touch screen.
 * No richColors: its palette fails the colour-contrast check. It shows first
 * the toasts the previous page carried here (lib/carried-toasts.ts). Its colours follow the
 * theme (docs/product/public-site.md#dark-mode).
 */
export function Toaster() {
  const theme = useThemeChoice();
  // After sonner's own toaster has subscribed to its toasts (a child's effects run first).
  useEffect(showCarriedToasts, []);
  return (
    <Sonner
      visibleToasts={3}
      duration={4000}
      gap={14}
      position="bottom-right"
      closeButton
      toastOptions={{
        style: { width: 356, maxWidth: 'calc(100vw - 2rem)' },
        // A long word in a message (an address, a pasted value) wraps inside the toast.
        classNames: { title: 'wrap-anywhere', description: 'wrap-anywhere' },
      }}
      theme={theme}
    />
  );
}
