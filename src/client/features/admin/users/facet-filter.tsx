import { PlusCircleIcon, XIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

/** A facet option's count: exact, or the cap with `exact` false ("10,000+"). */
/**
 * A count that is zero or about to change: lighter than the others, yet at least 4.5:1 on the
 * menu, and back to the full tone on the highlighted row or hovered button, whose background is
 * darker.
 */
const FAINT_COUNT = 'text-slate-500 in-focus:text-slate-600 group-hover:text-slate-600';

export type FacetCount = { count: number; exact: boolean };

/** "1,234", or "10,000+" when the server stopped counting. */
export const formatFacetCount = ({ count, exact }: FacetCount) =>
  `${count.toLocaleString('en-US')}${exact ? '' : '+'}`;

/** "1 user", "1,234 users", "10,000+ users": the count as a screen reader hears it. */
const spokenCount = (c: FacetCount) =>
  `${formatFacetCount(c)} ${c.count === 1 && c.exact ? 'user' : 'users'}`;

export type FacetOption = {
  /** The option's value; '' stands for "none" where a facet has it. */
  key: string;
  label: string;
  /** Undefined while the counts load or when they could not be loaded. */
  count: FacetCount | undefined;
};

/**
 * One facet of the Users toolbar (docs/product/admin-console.md#users-filters-ui):
 * a button naming the facet and how many of its values are selected, opening
 * a menu of checkable options, each with its count. The menu is Radix's: Enter,
 * Space or the arrows open it, the arrows move, Space toggles an option and
 * keeps the menu open, Escape closes it and returns focus to the button.
 */
export function FacetFilter({
  title,
  options,
  selected,
  onToggle,
  onClear,
  status,
  stale = false,
  note,
}: {
  title: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onToggle: (key: string, on: boolean) => void;
  onClear: () => void;
  /** What the counts are doing, said in the menu while they are not there. */
  status?: 'loading' | 'error' | 'ready';
  /** The counts are the previous filter's, shown faint until the new ones arrive. */
  stale?: boolean;
  /** A line under the options (there are more than listed, say). */
  note?: string;
}) {
  const n = selected.length;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          // Named apart from the column header that sorts by the same field.
          aria-label={n > 0 ? `${title} filter, ${n} selected` : `${title} filter`}
          className={cn('border-dashed', n > 0 && 'border-solid border-indigo-300')}
        >
          {/* Set, the count takes the icon's place: a toolbar with every facet set stays one row. */}
          {n === 0 ? <PlusCircleIcon aria-hidden /> : null}
          {title}
          {n > 0 ? (
            <Badge tone="brand" className="-mr-1 px-1.5 tabular-nums">
              {n}
            </Badge>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Filter by {title.toLowerCase()}</DropdownMenuLabel>
        {options.map((o) => {
          const on = selected.includes(o.key);
          return (
            <DropdownMenuCheckboxItem
              key={o.key}
              checked={on}
              // The name a screen reader says carries the count, not only the label.
              aria-label={o.count ? `${o.label}, ${spokenCount(o.count)}` : o.label}
              textValue={o.label}
              // Stay open so several options can be chosen in a row.
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(checked) => onToggle(o.key, checked === true)}
            >
              <span className={cn('min-w-0 flex-1 wrap-anywhere', o.key === '' && 'italic')}>
                {o.label}
              </span>
              {o.count ? (
                <span
                  aria-hidden
                  className={cn(
                    'ml-2 shrink-0 text-xs tabular-nums transition-colors',
                    (o.count.count === 0 && !on) || stale ? FAINT_COUNT : 'text-slate-600',
                  )}
                >
                  {formatFacetCount(o.count)}
                </span>
              ) : null}
            </DropdownMenuCheckboxItem>
          );
        })}
        {status === 'loading' && options.length === 0 ? (
          <p className="px-2 py-1.5 text-xs text-slate-600" role="status">
            Loading {title.toLowerCase()} options…
          </p>
        ) : null}
        {status === 'error' ? (
          <p className="px-2 py-1.5 text-xs text-rose-800" role="status">
            The counts could not be loaded.
          </p>
        ) : null}
        {note ? <p className="max-w-64 px-2 py-1.5 text-xs text-slate-600">{note}</p> : null}
        {n > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onClear} className="justify-center">
              <XIcon aria-hidden />
              Clear {title.toLowerCase()} filter
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A filter that is on or off ("Never signed in"), with the count it would show. */
export function FacetToggle({
  label,
  pressed,
  count,
  stale = false,
  onPressedChange,
}: {
  label: string;
  pressed: boolean;
  count: FacetCount | undefined;
  stale?: boolean;
  onPressedChange: (pressed: boolean) => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={pressed}
      aria-label={count ? `${label}, ${spokenCount(count)}` : label}
      className={cn(
        'group border-dashed',
        pressed &&
          'border-solid border-indigo-300 bg-indigo-50 text-indigo-900 hover:bg-indigo-100',
      )}
      onClick={() => onPressedChange(!pressed)}
    >
      <span
        aria-hidden
        className={cn(
          'size-3 rounded-sm border',
          pressed ? 'border-indigo-600 bg-indigo-600' : 'border-slate-400',
        )}
      />
      {label}
      {count ? (
        <span
          aria-hidden
          className={cn('tabular-nums transition-colors', stale ? FAINT_COUNT : 'text-slate-600')}
        >
          {formatFacetCount(count)}
        </span>
      ) : null}
    </Button>
  );
}
