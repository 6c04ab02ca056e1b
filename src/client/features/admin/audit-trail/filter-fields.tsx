import { useState, type FormEvent, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/**
 * A text-like filter (actor, from, to): typed freely, written to the address
 * on Enter or when the field is left. Keyed by the address's value, so Back
 * and Forward reset what it shows.
 */
export function DraftField({
  id,
  label,
  hint,
  type,
  value,
  invalid,
  describedBy,
  placeholder,
  className,
  onCommit,
}: {
  id: string;
  label: string;
  hint?: string;
  type: 'text' | 'datetime-local';
  value: string;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  className?: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <form
      className={cn('grid content-start gap-1', className)}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        commit();
      }}
    >
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
      {hint ? (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      ) : null}
    </form>
  );
}

/** A labelled select of the filter row. */
export function FilterSelect({
  id,
  label,
  value,
  className,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  className?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </div>
  );
}
