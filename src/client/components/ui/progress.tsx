import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A 0–100 bar (docs/product/public-site.md#progress-bars). Give it an accessible name via aria-label or aria-labelledby.
 * The filled part is an SVG rectangle whose width is an attribute, not a style: a pre-rendered page
 * carries no style attributes (its CSP admits none).
 */
export function Progress({
  className,
  value,
  indicatorClassName,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root> & { indicatorClassName?: string }) {
  const clamped = Math.max(0, Math.min(100, value ?? 0));
  return (
    <ProgressPrimitive.Root
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      value={clamped}
      {...props}
    >
      <ProgressPrimitive.Indicator asChild>
        <svg className="block h-full w-full" preserveAspectRatio="none" aria-hidden="true">
          <rect
            width={`${clamped}%`}
            height="100%"
            className={cn('fill-indigo-600 transition-[width] duration-200', indicatorClassName)}
          />
        </svg>
      </ProgressPrimitive.Indicator>
    </ProgressPrimitive.Root>
  );
}
