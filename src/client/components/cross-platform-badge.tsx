import { Link2Icon } from 'lucide-react';
import type { EcosystemPlatform } from '@shared/ecosystem-platforms';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The ecosystem product a record belongs to. */
export function PlatformBadge({ platform }: { platform: EcosystemPlatform }) {
  return <Badge tone="brand">{platform}</Badge>;
}

/**
 * Marks a record that also lives on other ecosystem products: a badge naming
 * them, or a quiet dash (read out as "None") when it lives on one product only.
 */
export function CrossPlatformBadge({
  platforms,
  className,
}: {
  platforms: EcosystemPlatform | readonly EcosystemPlatform[] | null;
  /** `max-w-none` where the badges have a line of their own (a table cell keeps them narrow). */
  className?: string;
}) {
  const list = platforms === null ? [] : typeof platforms === 'string' ? [platforms] : platforms;
  if (list.length === 0) {
    return (
      <span className="text-slate-500">
        <span aria-hidden>—</span>
        <span className="sr-only">None</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex max-w-60 flex-wrap gap-1', className)}>
      {list.map((p) => (
        <Badge key={p} tone="brand">
          <Link2Icon className="size-3" aria-hidden />
          {p}
        </Badge>
      ))}
    </span>
  );
}
