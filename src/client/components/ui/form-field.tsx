import { get, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from './field';

// Apart from field.tsx, so that screens without react-hook-form do not load it.

/** A Field of a react-hook-form form: its error and invalid state come from the form's state. */
export function FormField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<FieldProps, 'name' | 'error' | 'invalid'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
}) {
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const invalid = !!get(errors, name);
  return <Field name={name} error={error} invalid={invalid} {...props} />;
}
