import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Checkbox } from './checkbox';
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from './field';
import { FormField } from './form-field';
import { Input } from './input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { Switch } from './switch';
import { Textarea } from './textarea';

const schema = z.object({
  email: z.string().min(1, 'Enter your email'),
  note: z.string().min(3, 'Write at least 3 characters'),
  role: z.string().min(1, 'Choose a role'),
  agree: z.boolean().refine((v) => v, 'Accept the terms'),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;

function Sample() {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', note: '', role: '', agree: false, active: true },
  });
  const { control } = form;
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <FormField control={control} name="email">
        <FieldLabel>Email</FieldLabel>
        <FieldControl>
          <Input {...form.register('email')} />
        </FieldControl>
        <FieldDescription>Where we write to you.</FieldDescription>
        <FieldError />
      </FormField>
      <FormField control={control} name="note">
        <FieldLabel>Note</FieldLabel>
        <FieldControl>
          <Textarea {...form.register('note')} />
        </FieldControl>
        <FieldError />
      </FormField>
      <FormField control={control} name="role">
        <FieldLabel>Role</FieldLabel>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <FieldControl>
                <SelectTrigger>
                  <SelectValue placeholder="Pick one" />
                </SelectTrigger>
              </FieldControl>
              <SelectContent>
                <SelectItem value="admin">Admin</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
        <FieldError />
      </FormField>
      <FormField control={control} name="agree">
        <FieldLabel>I agree</FieldLabel>
        <Controller
          control={control}
          name="agree"
          render={({ field }) => (
            <FieldControl>
              <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
            </FieldControl>
          )}
        />
        <FieldError />
      </FormField>
      <FormField control={control} name="active">
        <FieldLabel>Active</FieldLabel>
        <FieldDescription>An inactive account cannot sign in.</FieldDescription>
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FieldControl>
              <Switch checked={field.value} onCheckedChange={field.onChange} />
            </FieldControl>
          )}
        />
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('Field', () => {
  it('names each control by its label and describes it by its description', () => {
    render(<Sample />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveProperty('id');
    expect(email.getAttribute('aria-describedby')).toBe(
      document.querySelector('[data-slot=field-description]')?.id,
    );
    expect(screen.getByRole('textbox', { name: 'Note' }).hasAttribute('aria-describedby')).toBe(
      false,
    );
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeTruthy();
    const active = screen.getByRole('switch', { name: 'Active' });
    const hint = document.getElementById(active.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('An inactive account cannot sign in.');
  });

  it('is invalid and described by its error only while the error stands', async () => {
    const user = userEvent.setup();
    render(<Sample />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    const note = screen.getByRole('textbox', { name: 'Note' });
    const role = screen.getByRole('combobox', { name: 'Role' });
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    const active = screen.getByRole('switch', { name: 'Active' });
    for (const control of [email, note, role, agree, active]) {
      expect(control.hasAttribute('aria-invalid')).toBe(false);
    }

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe('Where we write to you. Enter your email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(note)).toBe('Write at least 3 characters');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(role)).toBe('Choose a role');
    expect(role.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(agree)).toBe('Accept the terms');
    expect(agree.getAttribute('aria-invalid')).toBe('true');
    expect(active.hasAttribute('aria-invalid')).toBe(false);

    await user.type(email, 'a@b.c');
    await user.type(note, 'long enough');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email.hasAttribute('aria-invalid')).toBe(false));
    expect(describedBy(email)).toBe('Where we write to you.');
    expect(note.hasAttribute('aria-invalid')).toBe(false);
    expect(note.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('Enter your email')).toBeNull();
  });

  it('describes every field of a group by the group’s one message', () => {
    const { rerender } = render(<Group message={null} />);
    const a = screen.getByRole('textbox', { name: 'First' });
    expect(a.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<Group message="Both are required" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Both are required');
    for (const name of ['First', 'Second']) {
      const control = screen.getByRole('textbox', { name });
      expect(control.getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(a.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Second' }).hasAttribute('aria-invalid')).toBe(
      false,
    );
  });

  it('lends its wiring to a card of its own, label and description included', () => {
    render(
      <ul>
        <Field name="card" asChild>
          <li>
            <FieldLabel asChild>
              <label className="own">Nightly</label>
            </FieldLabel>
            <FieldControl>
              <input type="radio" />
            </FieldControl>
            <FieldDescription asChild>
              <span>Runs at night.</span>
            </FieldDescription>
          </li>
        </Field>
      </ul>,
    );
    const radio = screen.getByRole('radio', { name: 'Nightly' });
    expect(describedBy(radio)).toBe('Runs at night.');
    expect(screen.getByRole('listitem').dataset.slot).toBe('field');
    expect(screen.getByText('Nightly').className).toBe('own');
  });

  it('refuses parts outside a Field', () => {
    expect(() => render(<FieldLabel>Alone</FieldLabel>)).toThrow(/inside a Field/);
  });
});

function Group({ message }: { message: string | null }) {
  return (
    <FieldGroup message={message}>
      <Field name="first" invalid={!!message}>
        <FieldLabel>First</FieldLabel>
        <FieldControl>
          <Input />
        </FieldControl>
      </Field>
      <Field name="second">
        <FieldLabel>Second</FieldLabel>
        <FieldControl>
          <Input />
        </FieldControl>
      </Field>
    </FieldGroup>
  );
}

/** The text of the elements a control's aria-describedby names, as a screen reader joins it. */
function describedBy(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}
