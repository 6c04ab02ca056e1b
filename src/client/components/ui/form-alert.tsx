import { AlertCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The one look of a form's message after a submission: a refused request, or
 * a rule the whole form shares. Announced when it appears; renders nothing
 * while there is nothing to say.
 */
export function FormAlert({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children?: ReactNode;
}) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <p
      id={id}
      role="alert"
      data-slot="form-alert"
      className={cn(
        'flex items-start gap-2 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm wrap-anywhere text-rose-800',
        className,
      )}
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
