import { Settings2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TOOLBAR_LABEL } from './toolbar-label';
import { OPTIONAL_COLUMNS, type Density, type UsersView } from './view-prefs';

/** The Users table's "View" menu: optional columns and row density (docs/product/admin-console.md#users-view). */
export function ViewMenu({
  view,
  onChange,
}: {
  view: UsersView;
  onChange: (next: UsersView) => void;
}) {
  // Not modal: the table behind stays readable (and is not hidden from screen
  // readers) while columns change; Escape or a click outside closes the menu.
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label="View options"
          title="View options"
          className="shrink-0"
        >
          <Settings2Icon className="size-4" aria-hidden />
          <span className={TOOLBAR_LABEL}>View</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Columns</DropdownMenuLabel>
        {OPTIONAL_COLUMNS.map((c) => (
          <DropdownMenuCheckboxItem
            key={c}
            checked={!view.hidden.includes(c)}
            // The menu stays open so several columns can be changed in a row.
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(on) =>
              onChange({
                ...view,
                hidden: on
                  ? view.hidden.filter((h) => h !== c)
                  : OPTIONAL_COLUMNS.filter((o) => o === c || view.hidden.includes(o)),
              })
            }
          >
            {c}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Density</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={view.density}
          onValueChange={(d) => onChange({ ...view, density: d as Density })}
        >
          <DropdownMenuRadioItem value="comfortable" onSelect={(e) => e.preventDefault()}>
            Comfortable
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="compact" onSelect={(e) => e.preventDefault()}>
            Compact
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
