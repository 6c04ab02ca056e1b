import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SEVERITIES, type Severity } from '@shared/constants';
import { sinkCreateBodySchema, type Sink, type SinkCreateBody } from '@shared/schemas/audit-sinks';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { SEVERITY_WORDS } from './sink-words';

/** Event types as typed: separated by commas, spaces or lines; empty for every type. */
const typesText = z.string().transform((text) => text.split(/[\s,]+/).filter(Boolean));

const formSchema = z.object({
  name: sinkCreateBodySchema.shape.name,
  url: sinkCreateBodySchema.shape.url,
  event_types: typesText.pipe(sinkCreateBodySchema.shape.event_types.unwrap()),
  severities: z.array(z.enum(SEVERITIES)),
});
type FormInput = z.input<typeof formSchema>;
export type SinkFormValues = Omit<SinkCreateBody, 'enabled'>;

/**
 * A sink's name, address and filters (docs/product/audit-trail.md#audit-sinks), empty for a new
 * one or filled with `initial`'s. The server checks the address again (https, no private
 * address); a refusal shows under the field it is about.
 */
export function SinkForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Sink;
  submitLabel: string;
  /** Resolves once saved; a rejection is shown in the form. */
  onSubmit: (values: SinkFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<FormInput, unknown, SinkFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: initial?.name ?? '',
      url: initial?.url ?? '',
      event_types: initial?.event_types.join(', ') ?? '',
      severities: initial?.severities ?? [],
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const severitiesId = useId();

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not save the sink';
      // The server's 400 here is about the address (the form checked the rest already).
      if (error instanceof ApiError && error.status === 400 && /url/i.test(message)) {
        form.setError('url', { message });
      } else {
        setFailure(message);
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField control={form.control} name="name" className="gap-1.5">
        <FieldLabel>Name</FieldLabel>
        <FieldControl>
          <Input autoComplete="off" placeholder="Security team SIEM" {...form.register('name')} />
        </FieldControl>
        <FieldError />
      </FormField>
      <FormField control={form.control} name="url" className="gap-1.5">
        <FieldLabel>Endpoint URL</FieldLabel>
        <FieldControl>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://siem.example.com/audit"
            {...form.register('url')}
          />
        </FieldControl>
        <FieldDescription>
          Receives each batch as JSON by POST, signed in the X-Audit-Signature header.
        </FieldDescription>
        <FieldError />
      </FormField>
      <FormField control={form.control} name="event_types" className="gap-1.5">
        <FieldLabel>Event types (optional)</FieldLabel>
        <FieldControl>
          <Input
            autoComplete="off"
            placeholder="auth.*, admin.user.*"
            {...form.register('event_types')}
          />
        </FieldControl>
        <FieldDescription>
          Exact types, or prefixes ending in .*, separated by commas. Empty sends every type.
        </FieldDescription>
        <FieldError />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={`${severitiesId}-hint`}>
        <legend className="text-sm font-medium text-slate-900">Severities (optional)</legend>
        <p id={`${severitiesId}-hint`} className="text-sm text-slate-600">
          None ticked sends every severity.
        </p>
        <Controller
          control={form.control}
          name="severities"
          render={({ field }) => (
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {SEVERITIES.map((severity) => (
                <li key={severity} className="flex items-center gap-2">
                  <Checkbox
                    id={`${severitiesId}-${severity}`}
                    checked={field.value.includes(severity)}
                    onCheckedChange={(state) =>
                      field.onChange(
                        SEVERITIES.filter((s: Severity) =>
                          s === severity ? state === true : field.value.includes(s),
                        ),
                      )
                    }
                  />
                  <Label htmlFor={`${severitiesId}-${severity}`} className="font-normal">
                    {SEVERITY_WORDS[severity]}
                  </Label>
                </li>
              ))}
            </ul>
          )}
        />
      </fieldset>
      <FormAlert>{failure}</FormAlert>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
