import { EllipsisIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type RowAction = {
  label: string;
  onSelect: () => void;
  /** An icon before the label, in the button and the menu item alike (`aria-hidden`). */
  icon?: ReactNode;
  /** The button's look from `sm` up: ghost (default) or outline for the row's main action. */
  variant?: 'ghost' | 'outline';
};

/**
 * A record's actions at the end of its row: buttons from the `sm` breakpoint up, and on a phone
 * one "⋯" button opening the same actions as a menu, so that a 320 px row keeps its width for
 * the record's name and facts (docs/product/quality.md#phone-tables). `name` names the record
 * in each button's accessible name ("Rotate HireHub orders API", "Actions for …").
 */
export function RowActions({ name, actions }: { name: string; actions: readonly RowAction[] }) {
  return (
    <>
      <div className="flex justify-end gap-2 max-sm:hidden">
        {actions.map((a) => (
          <Button key={a.label} variant={a.variant ?? 'ghost'} size="sm" onClick={a.onSelect}>
            {a.icon}
            {a.label}
            <span className="sr-only"> {name}</span>
          </Button>
        ))}
      </div>
      <div className="sm:hidden">
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Actions for ${name}`}
              title="Actions"
            >
              <EllipsisIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {actions.map((a) => (
              <DropdownMenuItem key={a.label} onSelect={a.onSelect}>
                {a.icon}
                {a.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  );
}
