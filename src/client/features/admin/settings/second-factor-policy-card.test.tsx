import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformRole } from '@shared/constants';
import type { SecondFactorPolicy } from '@shared/mfa-constants';
import type { PublicConfig } from '@shared/public-config';
import { demoMfa } from '@/lib/auth/demo-mfa';
import { setPublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/query-client';
import { setStepUpHandler } from '@/lib/step-up';
import { jsonResponse } from '@/test/admin-users';
import { setDemoPolicy } from './demo-policy';
import { POLICY_TEXT, SecondFactorPolicyCard } from './second-factor-policy-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const config = (demoMode: boolean): PublicConfig => ({
  demoMode,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
});

type Sent = { method: string; body: unknown };

/**
 * A server holding `policy`, the caller's roles, and whether the PUT needs a step-up first
 * (answered 403 `step_up_required` until the step-up handler said yes).
 */
function stubServer(policy: SecondFactorPolicy, roles: PlatformRole[], stepUp = false) {
  const sent: Sent[] = [];
  let needsStepUp = stepUp;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.startsWith('/api/auth/me')) {
      return jsonResponse(200, {
        user: { id: 'u1', email: 'ada@example.com', user_metadata: {}, roles },
        session_id: 's1',
        must_change_password: false,
      });
    }
    sent.push({ method, body });
    if (method === 'PUT') {
      if (needsStepUp) {
        return jsonResponse(403, {
          error: { code: 'step_up_required', message: 'Confirm it’s you', methods: ['totp'] },
        });
      }
      policy = body.policy;
    }
    return jsonResponse(200, { policy });
  });
  return {
    sent,
    passStepUp: () => {
      needsStepUp = false;
    },
  };
}

function renderCard(demoMode: boolean) {
  setPublicConfig(config(demoMode));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SecondFactorPolicyCard />
    </QueryClientProvider>,
  );
}

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
/** The words beside a choice: "(now)" marks the policy in force. */
const choice = (name: string) => radio(name).closest('label')!.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setDemoPolicy('not_required');
});

describe('the two-step sign-in policy in production mode', () => {
  it('lets a Super Admin change it, asking for a step-up the server wants first', async () => {
    const server = stubServer('administrators', ['user', 'super_admin'], true);
    const asked: boolean[] = [];
    const unregister = setStepUpHandler(async (_methods, simulated) => {
      asked.push(simulated);
      server.passStepUp();
      return true;
    });
    renderCard(false);
    await waitFor(() => expect((radio('Required for administrators') as HTMLInputElement).checked));
    const save = screen.getByRole('button', { name: POLICY_TEXT.save });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.click(radio('Required for everyone'));
    await userEvent.click(save);
    await waitFor(() => expect(choice('Required for everyone')).toContain('(now)'));
    expect(asked).toEqual([false]);
    expect(server.sent.filter((s) => s.method === 'PUT')).toEqual([
      { method: 'PUT', body: { policy: 'everyone' } },
      { method: 'PUT', body: { policy: 'everyone' } },
    ]);
    unregister();
  });

  it('keeps the policy and says so when the step-up is cancelled', async () => {
    stubServer('not_required', ['user', 'super_admin'], true);
    const unregister = setStepUpHandler(async () => false);
    renderCard(false);
    await userEvent.click(await screen.findByRole('radio', { name: /^Required for everyone/ }));
    await userEvent.click(screen.getByRole('button', { name: POLICY_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cancelled: nothing was changed.');
    expect(choice('Not required')).toContain('(now)');
    unregister();
  });

  it('shows a Platform Admin the policy read-only', async () => {
    const server = stubServer('administrators', ['user', 'platform_admin']);
    renderCard(false);
    expect(await screen.findByText(POLICY_TEXT.readOnly)).toBeTruthy();
    expect(screen.getByText('Required for administrators')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: POLICY_TEXT.save })).toBeNull();
    expect(server.sent.every((s) => s.method === 'GET')).toBe(true);
  });
});

describe('the two-step sign-in policy in demo mode', () => {
  it('is simulated in the page: labelled, nothing sent, no step-up without a demo factor', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const handler = vi.fn(async () => true);
    const unregister = setStepUpHandler(handler);
    renderCard(true);
    expect(screen.getByText(POLICY_TEXT.demo)).toBeTruthy();
    await userEvent.click(radio('Required for administrators'));
    await userEvent.click(screen.getByRole('button', { name: POLICY_TEXT.save }));
    await waitFor(() => expect(choice('Required for administrators')).toContain('(now)'));
    expect(handler).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    unregister();
  });

  it('asks the simulated step-up while the demo app is on and not proved lately', async () => {
    vi.stubGlobal('fetch', vi.fn());
    vi.useFakeTimers({ toFake: ['Date'] });
    await demoMfa.confirmTotp('123456');
    // Six minutes on: the code that confirmed the app is no longer a fresh proof.
    vi.setSystemTime(Date.now() + 6 * 60_000);
    let answer = false;
    const asked: boolean[] = [];
    const unregister = setStepUpHandler(async (methods, simulated) => {
      expect(methods).toEqual(['totp']);
      asked.push(simulated);
      return answer;
    });
    renderCard(true);
    await userEvent.click(radio('Required for everyone'));
    await userEvent.click(screen.getByRole('button', { name: POLICY_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cancelled: nothing was changed.');
    expect(choice('Not required')).toContain('(now)');
    answer = true;
    await userEvent.click(screen.getByRole('button', { name: POLICY_TEXT.save }));
    await waitFor(() => expect(choice('Required for everyone')).toContain('(now)'));
    expect(asked).toEqual([true, true]);
    unregister();
    await demoMfa.removeTotp('123456');
  });
});
