import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { plural } from './format';

/** Below sm the table's header (and its checkbox) is hidden: this one stands in. */
export function SelectLoaded({
  state,
  disabled,
  onToggle,
}: {
  state: boolean | 'indeterminate';
  disabled: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 sm:hidden">
      <Checkbox id={id} checked={state} disabled={disabled} onCheckedChange={onToggle} />
      <label htmlFor={id} className="text-sm text-slate-700">
        Select all loaded users
      </label>
    </div>
  );
}

/**
 * With every loaded row selected and more users matching, offers to select
 * them all: every user the search and filters match, up to `max`, gathered
 * in the list's order (docs/product/admin-console.md#users-filters-ui).
 */
export function SelectAllMatching({
  loaded,
  selected,
  total,
  exact,
  max,
  busy,
  onSelectAll,
}: {
  loaded: number;
  selected: number;
  total: number;
  exact: boolean;
  max: number;
  busy: boolean;
  onSelectAll: () => void;
}) {
  const all = exact && total <= max;
  const n = all ? total : max;
  if (selected > loaded) {
    return (
      <p className="text-sm text-slate-700" role="status">
        {all
          ? `All ${plural(selected, 'matching user')}`
          : `The first ${plural(selected, 'matching user')}`}{' '}
        selected, loaded or not.
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
      All {plural(loaded, 'loaded user')} selected.
      <Button
        variant="link"
        size="sm"
        className="h-auto px-0"
        disabled={busy}
        onClick={onSelectAll}
      >
        {busy
          ? 'Selecting…'
          : all
            ? `Select all ${plural(n, 'matching user')}`
            : `Select the first ${plural(n, 'matching user')}`}
      </Button>
    </p>
  );
}
