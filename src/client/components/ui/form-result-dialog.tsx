import { useState, type ReactNode } from 'react';
import { FormDialog, type FormDialogProps } from './form-dialog';

type FormResultDialogProps<T> = Pick<
  FormDialogProps,
  'open' | 'onOpenChange' | 'trigger' | 'className'
> & {
  /** The dialog's name: the form's, then (given what it made) the result's. */
  title: (result: T | null) => ReactNode;
  description: (result: T | null) => ReactNode;
  /** The form; `done` hands over what it made, `close` is its Cancel. */
  form: (done: (result: T) => void, close: () => void) => ReactNode;
  /** What the form made, shown once (a link, a secret); `close` ends it. */
  result: (result: T, close: () => void) => ReactNode;
};

/**
 * A form that, once it succeeds, gives way to what it made, shown once in the same dialog (an
 * invitation's link, a secret). Closing forgets the result: the next opening starts a new form.
 */
export function FormResultDialog<T>({
  onOpenChange,
  title,
  description,
  form,
  result: shown,
  ...dialog
}: FormResultDialogProps<T>) {
  const [result, setResult] = useState<{ value: T } | null>(null);
  return (
    <FormDialog
      {...dialog}
      onOpenChange={(next) => {
        if (!next) setResult(null);
        onOpenChange?.(next);
      }}
      title={title(result?.value ?? null)}
      description={description(result?.value ?? null)}
    >
      {(close) =>
        result ? shown(result.value, close) : form((value) => setResult({ value }), close)
      }
    </FormDialog>
  );
}
