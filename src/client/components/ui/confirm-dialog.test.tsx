import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Harness({ onConfirm, ...props }: Partial<ConfirmDialogProps> & { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="End this session?"
      description="The session will be signed out."
      confirmLabel="End Session"
      onConfirm={onConfirm}
      {...props}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title and described by its description', () => {
    render(<Harness onConfirm={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'End this session?' });
    const described = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('The session will be signed out.');
  });

  it('focuses Cancel first, so that Enter does not confirm by accident', () => {
    render(<Harness onConfirm={vi.fn()} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('closes on Cancel without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls back on confirm, then closes', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'End Session' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('takes its own cancel label and a body between description and buttons', () => {
    render(
      <Harness onConfirm={vi.fn()} cancelLabel="Keep it">
        <blockquote>Needed for the sync window</blockquote>
      </Harness>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'End this session?' });
    expect(dialog.textContent).toContain('Needed for the sync window');
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });

  it('disables both buttons and says so while busy', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} busy busyLabel="Ending…" />);
    const confirm = screen.getByRole('button', { name: 'Ending…' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
