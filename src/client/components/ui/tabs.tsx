import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Tabs = TabsPrimitive.Root;

/**
 * The tabs wrap onto another line when a row cannot hold them all (a phone), so
 * every tab is always in sight: none hides past the edge of a sideways scroll.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'flex h-auto w-fit max-w-full flex-wrap items-center gap-1 rounded-lg bg-slate-200/70 p-1 text-slate-700',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Chromium counts a tab focused by a mouse click as keyboard focus (the tab
 * list moves focus itself), so the ring would stay after every click. A tab
 * focused by the pointer shows only its selected state; a key press on it, or
 * focus that arrives from the keyboard, brings the ring back.
 */
const pointerFocused = (el: HTMLElement, on: boolean) => {
  if (on) el.dataset.pointerFocus = '';
  else delete el.dataset.pointerFocus;
};

export function TabsTrigger({
  className,
  onPointerDown,
  onKeyDown,
  onBlur,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors duration-150 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:pointer-events-none disabled:opacity-50 data-[pointer-focus]:focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      onPointerDown={(event) => {
        pointerFocused(event.currentTarget, true);
        onPointerDown?.(event);
      }}
      onKeyDown={(event) => {
        pointerFocused(event.currentTarget, false);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        pointerFocused(event.currentTarget, false);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}

/**
 * The panel is a tab stop (Radix makes it focusable for panels without controls of their own):
 * when the keyboard lands on it, a ring shows where focus went.
 */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-4 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600',
        className,
      )}
      {...props}
    />
  );
}
