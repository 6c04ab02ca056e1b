import type { ReactNode } from 'react';

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
    <label
      htmlFor={id}
      className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 transition-colors duration-150 hover:bg-slate-50 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600"
    >
      <input
        type="radio"
        id={id}
        name={group}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span id={`${id}-title`} className="font-medium text-slate-900">
            {title}
          </span>
          {badge}
        </span>
        <span id={`${id}-description`} className="mt-0.5 block text-sm text-slate-600">
          {description}
        </span>
      </span>
    </label>
  );
}
