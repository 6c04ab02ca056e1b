import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A labelled input; `invalid` and `describedBy` tie it to the form's message. */
export function AuthField({
  id,
  label,
  invalid,
  describedBy,
  ...props
}: ComponentProps<'input'> & {
  id: string;
  label: string;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="h-10"
        {...props}
      />
    </div>
  );
}

/** The one message of a form: a validation rule or a failure (docs/product/sign-in.md#mock-texts). */
export function FormMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800"
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

/** Button content that turns into a spinner and progress text while the mock runs. */
export function Progress({
  busy,
  busyText,
  icon,
  children,
}: {
  busy: boolean;
  busyText: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return busy ? (
    <>
      <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden />
      {busyText}
    </>
  ) : (
    <>
      {icon}
      {children}
    </>
  );
}
