import { Slot } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';
import { FormAlert } from './form-alert';
import { Label } from './label';

/*
 * A form field in the manner of shadcn's Field: a label, one control, an
 * optional description and an error, tied together by ids derived from the
 * field's name. The control gets `id`, `aria-invalid` (only while invalid) and
 * an `aria-describedby` naming the description, the error and the message of
 * its group, each only while it is on the page.
 */

type Part = 'description' | 'error';

type FieldContextValue = {
  controlId: string;
  descriptionId: string;
  errorId: string;
  invalid: boolean;
  error: string | undefined;
  parts: Record<Part, boolean>;
  mark: (part: Part, present: boolean) => void;
};

const FieldContext = createContext<FieldContextValue | null>(null);

/** The message a group of fields shares (shown once, describing each of them). */
const GroupMessageContext = createContext<string | null>(null);

function useField(component: string): FieldContextValue {
  const context = useContext(FieldContext);
  if (!context) throw new Error(`${component} must be used inside a Field`);
  return context;
}

export type FieldProps = ComponentProps<'div'> & {
  /** The form field's name: the ids of the control, description and error derive from it. */
  name: string;
  /** The field's error, shown by FieldError; a field with an error is invalid. */
  error?: string;
  /** Invalid without a message of its own (its group's message says why). */
  invalid?: boolean;
  /** Lends the field's attributes to its one child element (a list item, a card) instead of a div. */
  asChild?: boolean;
};

export function Field({
  name,
  error,
  invalid,
  asChild = false,
  className,
  children,
  ...props
}: FieldProps) {
  const base = `${useId()}${name.replace(/[^\w-]/g, '-')}`;
  const [parts, setParts] = useState<Record<Part, boolean>>({ description: false, error: false });
  const mark = useCallback(
    (part: Part, present: boolean) =>
      setParts((prev) => (prev[part] === present ? prev : { ...prev, [part]: present })),
    [],
  );
  const isInvalid = invalid ?? !!error;
  const value = useMemo<FieldContextValue>(
    () => ({
      controlId: base,
      descriptionId: `${base}-description`,
      errorId: `${base}-error`,
      invalid: isInvalid,
      error,
      parts,
      mark,
    }),
    [base, isInvalid, error, parts, mark],
  );
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <FieldContext value={value}>
      <Comp
        data-slot="field"
        data-invalid={isInvalid || undefined}
        className={asChild ? className : cn('grid gap-2', className)}
        {...props}
      >
        {children}
      </Comp>
    </FieldContext>
  );
}

/** The control's label; with `asChild`, lends `htmlFor` to a label element of its own look. */
export function FieldLabel({
  asChild = false,
  ...props
}: Omit<ComponentProps<typeof Label>, 'htmlFor'> & { asChild?: boolean }) {
  const { controlId } = useField('FieldLabel');
  return asChild ? (
    <Slot.Root data-slot="field-label" {...props} {...{ htmlFor: controlId }} />
  ) : (
    <Label data-slot="field-label" htmlFor={controlId} {...props} />
  );
}

/** Wraps the one control (Input, Textarea, a Select's trigger, Checkbox, Switch) and wires it. */
export function FieldControl({ children }: { children: ReactNode }) {
  const { controlId, descriptionId, errorId, invalid, parts } = useField('FieldControl');
  const groupMessageId = useContext(GroupMessageContext);
  const describedBy = [
    parts.description && descriptionId,
    parts.error && errorId,
    groupMessageId,
  ].filter(Boolean);
  return (
    <Slot.Root
      id={controlId}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
    >
      {children}
    </Slot.Root>
  );
}

/** Marks a part as present while it is mounted, so the control names it. */
function usePart(part: Part, present: boolean, mark: FieldContextValue['mark']) {
  useLayoutEffect(() => {
    if (!present) return;
    mark(part, true);
    return () => mark(part, false);
  }, [part, present, mark]);
}

export function FieldDescription({
  asChild = false,
  className,
  ...props
}: ComponentProps<'p'> & { asChild?: boolean }) {
  const { descriptionId, mark } = useField('FieldDescription');
  usePart('description', true, mark);
  const Comp = asChild ? Slot.Root : 'p';
  return (
    <Comp
      id={descriptionId}
      data-slot="field-description"
      className={asChild ? className : cn('text-xs text-slate-600', className)}
      {...props}
    />
  );
}

/** The field's error: its children, or else the Field's error message; nothing while valid. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  const { errorId, error, mark } = useField('FieldError');
  const content = children ?? error;
  const shown = content !== undefined && content !== null && content !== '';
  usePart('error', shown, mark);
  if (!shown) return null;
  return (
    <p
      id={errorId}
      data-slot="field-error"
      className={cn('text-sm wrap-anywhere text-rose-700', className)}
      {...props}
    >
      {content}
    </p>
  );
}

/**
 * Fields that share one message (a form whose rules speak as one sentence, or
 * a refused submission): the message appears once, after the fields, in a
 * FormAlert, and describes every field of the group while it is shown.
 */
export function FieldGroup({
  message,
  children,
}: {
  message?: string | null;
  children: ReactNode;
}) {
  const id = `${useId()}message`;
  return (
    <GroupMessageContext value={message ? id : null}>
      {children}
      <FormAlert id={id}>{message}</FormAlert>
    </GroupMessageContext>
  );
}
