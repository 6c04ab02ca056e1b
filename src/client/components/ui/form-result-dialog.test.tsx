import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { FormResultDialog } from './form-result-dialog';

/** A form that makes a link; the link is then shown in the same dialog. */
function Harness() {
  return (
    <FormResultDialog<string>
      trigger={<Button>Invite</Button>}
      title={(link) => (link ? 'Invitation link' : 'Invite user')}
      description={(link) => (link ? 'Send it yourself.' : 'They get a one-time link.')}
      form={(done, close) => (
        <>
          <Button onClick={() => done('https://example.com/invite/abc')}>Create</Button>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
        </>
      )}
      result={(link, close) => (
        <>
          <output>{link}</output>
          <Button onClick={close}>Done</Button>
        </>
      )}
    />
  );
}

describe('FormResultDialog', () => {
  it('gives way to what the form made, and forgets it once closed', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const shown = screen.getByRole('dialog', { name: 'Invitation link' });
    expect(shown.textContent).toContain('https://example.com/invite/abc');
    expect(screen.getByText('Send it yourself.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The next opening starts a new form: the link is not shown again.
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeTruthy();
    expect(screen.queryByText('https://example.com/invite/abc')).toBeNull();
  });

  it('forgets it when closed with Escape too', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeTruthy();
  });
});
