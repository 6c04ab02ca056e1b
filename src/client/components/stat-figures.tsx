import type { LucideIcon } from 'lucide-react';
import { StatGrid, StatTile } from '@/components/stat-tile';

/** A headline figure of a dashboard, declared in its data module. */
export type StatFigure = { label: string; value: string; hint?: string; icon: LucideIcon };

/**
 * The row of stat tiles every dashboard opens with: two across on a phone, so
 * the tabs stay near the top of the first screen.
 */
export function StatFigures({ stats }: { stats: readonly StatFigure[] }) {
  return (
    <StatGrid className="grid-cols-2 gap-3 sm:gap-4">
      {stats.map(({ label, value, hint, icon: Icon }) => (
        <StatTile
          key={label}
          label={label}
          value={value}
          hint={hint}
          icon={<Icon />}
          className="p-4 sm:p-5"
        />
      ))}
    </StatGrid>
  );
}
