import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { FormDialog } from './form-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button aria-label="Edit Jonas">Edit</Button>}
      title="Edit user"
      description="Change the account details of jonas@example.com."
      footer={
        <Button variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      }
    >
      <label>
        Email
        <input type="email" />
      </label>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is closed until its trigger opens it', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeTruthy();
  });

  it('is named by its title and described by its description', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    const described = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(
      'Change the account details of jonas@example.com.',
    );
  });

  it('lays out the body before the footer and focuses the first field', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    const field = screen.getByRole('textbox', { name: 'Email' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(field);
    expect(field.compareDocumentPosition(cancel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('closes on Cancel and gives focus back to the trigger', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Edit Jonas' });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens without a trigger when it is opened from elsewhere', () => {
    render(
      <FormDialog open onOpenChange={() => undefined} title="Review" description="A request.">
        <p>Body</p>
      </FormDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Review' }).textContent).toContain('Body');
  });
});
