import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoMfa, DEMO_WRONG_CODE } from '@/lib/auth/demo-mfa';
import StepUpDialog from './step-up-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('the simulated step-up of demo mode (docs/product/sign-in.md#demo-step-up)', () => {
  it('is labelled, checks codes in the page and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await demoMfa.confirmTotp('123456');
    const onDone = vi.fn();
    render(<StepUpDialog methods={['totp']} simulated onDone={onDone} />);
    expect(screen.getByRole('note').textContent).toMatch(/^Demo: this step is simulated/);
    const field = screen.getByLabelText('Authenticator code');
    await userEvent.type(field, 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DEMO_WRONG_CODE);
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(fetch).not.toHaveBeenCalled();
    await demoMfa.removeTotp('123456');
  });

  it('passes with a simulated passkey, with no browser prompt', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const passkey = await demoMfa.passkeys.add('Laptop');
    const onDone = vi.fn();
    render(<StepUpDialog methods={['passkey']} simulated onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    await demoMfa.passkeys.remove(passkey.id, { passkey: true });
  });
});
