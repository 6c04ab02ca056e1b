import { Toaster as Sonner } from 'sonner';

/**
 * SPEC.md §9 toast defaults: 3 visible, 4000 ms, 356 px wide, 14 px gap.
 * (Swipe threshold 20 px and removal delay 200 ms are sonner's own constants.)
 * No richColors: its palette fails the colour-contrast check.
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={3}
      duration={4000}
      gap={14}
      position="bottom-right"
      closeButton
      toastOptions={{ style: { width: 356, maxWidth: 'calc(100vw - 2rem)' } }}
      theme="light"
    />
  );
}
