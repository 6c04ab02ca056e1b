import type { ReactNode } from 'react';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';

/** A radio choice shown as a card: its title names it, its description explains it. */
export function OptionCard<V extends string>({
  group,
  value,
  checked,
  onSelect,
  title,
  description,
  badge,
}: {
  group: string;
  value: V;
  checked: boolean;
  onSelect: (value: V) => void;
  title: string;
  description: ReactNode;
  badge?: ReactNode;
}) {
  const id = `${group}-${value}`;
  return (
    <Field name={id} asChild>
      <FieldLabel asChild>
        <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 transition-colors duration-150 hover:bg-slate-50 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600">
          <FieldControl>
            <input
              type="radio"
              name={group}
              value={value}
              checked={checked}
              onChange={() => onSelect(value)}
              aria-labelledby={`${id}-title`}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
            />
          </FieldControl>
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span id={`${id}-title`} className="font-medium text-slate-900">
                {title}
              </span>
              {badge}
            </span>
            <FieldDescription asChild>
              <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
            </FieldDescription>
          </span>
        </label>
      </FieldLabel>
    </Field>
  );
}
