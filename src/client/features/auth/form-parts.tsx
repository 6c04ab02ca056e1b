import { Loader2Icon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FieldControl, FieldLabel, FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * A labelled input of an auth form. Its rules speak through the form's one
 * message (docs/product/sign-in.md#mock-texts), which the field group shows and
 * ties to every field.
 */
export function AuthField<T extends FieldValues>({
  control,
  label,
  ...props
}: Omit<ComponentProps<'input'>, 'name' | 'id'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <FormField control={control} name={props.name}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        <Input className="h-10" {...props} />
      </FieldControl>
    </FormField>
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
