import { Loader2Icon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldControl, FieldDescription, FieldGroup, FieldLabel } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export type AuthFieldSpec<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  placeholder?: string;
  /** The keyboard a phone shows (`numeric` for a code). */
  inputMode?: 'numeric' | 'text';
  /** A line under the label that tells what to type. */
  description?: string;
};

/** The email field of the demo forms: any address is accepted. */
export function demoEmailField<T extends { email: string }>(): AuthFieldSpec<T> {
  return {
    name: 'email' as Path<T>,
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
  };
}

/**
 * The forms of the sign-in portal and the password change: labelled inputs and
 * one submit button. Their rules speak through the form's one message
 * (docs/product/sign-in.md#mock-texts): the first rule broken, in the order of
 * the fields, else the failure of the last submission; the field group shows
 * it and ties it to every field.
 */
export function AuthForm<T extends FieldValues>({
  resolver,
  defaultValues,
  fields,
  onSubmit,
  disabled = false,
  submitLabel,
  busyText,
  icon,
  wide = true,
  focusFirst = false,
  destructive = false,
  children,
}: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  fields: readonly AuthFieldSpec<T>[];
  /** Submits valid values; answers the failure to show, or null. */
  onSubmit: (values: T) => Promise<string | null>;
  disabled?: boolean;
  submitLabel: string;
  busyText: string;
  icon?: ReactNode;
  /** A large button across the form (the portal) rather than a plain one. */
  wide?: boolean;
  /** Moves the focus to the first field when the form appears (a step that follows another). */
  focusFirst?: boolean;
  /** The submit button warns: the change removes something. */
  destructive?: boolean;
  /** Laid out before the fields (a read-only value the form is about). */
  children?: ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // Busy from the call on, not from validation: the portal's other way in is disabled with it.
  const [submitting, setSubmitting] = useState(false);
  const { control, register, handleSubmit, formState } = useForm<T>({ resolver, defaultValues });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirst) form.current?.querySelector('input')?.focus();
  }, [focusFirst]);
  const { errors } = formState;
  const broken = fields
    .map((f) => (get(errors, f.name) as { message?: string } | undefined)?.message)
    .find(Boolean);
  const message = broken ?? failure;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    const failed = await onSubmit(values);
    setSubmitting(false);
    setFailure(failed);
  });

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={submitting} className="grid gap-4">
      {children}
      <FieldGroup message={message}>
        {fields.map(({ name, label, description, ...input }) => (
          <FormField key={name} control={control} name={name}>
            <FieldLabel>{label}</FieldLabel>
            {description ? <FieldDescription>{description}</FieldDescription> : null}
            <FieldControl>
              <Input className="h-10" {...input} {...register(name)} />
            </FieldControl>
          </FormField>
        ))}
      </FieldGroup>
      <Button
        type="submit"
        size={wide ? 'lg' : 'default'}
        variant={destructive ? 'destructive' : undefined}
        disabled={disabled || submitting}
        className={wide ? 'w-full' : undefined}
      >
        <Progress busy={submitting} busyText={busyText} icon={icon}>
          {submitLabel}
        </Progress>
      </Button>
    </form>
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
