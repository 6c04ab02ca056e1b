import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** An identifier (ORD-48217, an IP, a key): one line, never broken at its hyphen. */
export function Id({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cn('font-mono text-xs whitespace-nowrap', className)}>{children}</span>;
}

/**
 * A long value (an email, a URL) on one line, cut with an ellipsis where it
 * does not fit. The whole value stays in the page for screen readers and shows
 * as a tooltip on hover.
 */
export function Truncated({ value, className }: { value: string; className?: string }) {
  return (
    <span title={value} className={cn('block max-w-64 truncate', className)}>
      {value}
    </span>
  );
}
