import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { FormDialog } from './form-dialog';

/** Keeps its own open state; the body closes it through the `close` it is given. */
function Harness() {
  return (
    <FormDialog
      trigger={<Button aria-label="Edit Jonas">Edit</Button>}
      title="Edit user"
      description="Change the account details of jonas@example.com."
    >
      {(close) => (
        <>
          <label>
            Email
            <input type="email" />
          </label>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
        </>
      )}
    </FormDialog>
  );
}

/** Opened and closed by its owner; the buttons go in the footer. */
function Controlled({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Review</Button>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Approve Credential Access"
        description="Jonas asks for the API key."
        footer={
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        }
      >
        <p>Reason</p>
      </FormDialog>
    </>
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

  it('focuses the first field of its body', async () => {
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

  it('opened by its owner, gives focus back to what had it, on Cancel and on Escape', async () => {
    render(<Controlled onOpenChange={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Review' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is opened and closed by its owner when controlled, footer after the body', async () => {
    const onOpenChange = vi.fn();
    render(<Controlled onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Credential Access' });
    expect(dialog.textContent).toMatch(/Reason.*Cancel/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts its body afresh at each opening', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'x@example.com');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jonas' }));
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');
  });
});
