import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/admin-users';
import {
  consentQuestion,
  INTERACTION_GONE,
  moreConsentQuestion,
  OidcSignOnStep,
} from './oidc-step';

const UID = 'k3Jd9s-interaction';

function stubServer(found: boolean, consent: { new_scopes: string[] } | null = null) {
  const sent: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({
      method,
      url,
      ...(init?.body ? { body: JSON.parse(String(init.body)) as unknown } : {}),
    });
    if (!found) {
      return jsonResponse(404, { error: { code: 'not_found', message: 'No such sign-in' } });
    }
    if (method === 'POST') return jsonResponse(200, { redirect_to: '/oidc/auth/k3Jd9s' });
    return jsonResponse(200, {
      app_name: 'HireHub',
      client_id: 'hirehub',
      scopes: ['openid', 'email', 'roles'],
      redirect_uri: 'https://hirehub.example.com/cb',
      consent_required: consent !== null,
      new_scopes: consent?.new_scopes ?? [],
    });
  });
  return sent;
}

const renderStep = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <OidcSignOnStep uid={UID} />
      </QueryClientProvider>
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('OidcSignOnStep', () => {
  it('names the application and what it receives, and continues once asked', async () => {
    const sent = stubServer(true);
    renderStep();
    expect(await screen.findByRole('heading', { name: 'HireHub' })).toBeTruthy();
    expect(screen.getByText('Your email address')).toBeTruthy();
    expect(screen.getByText('Your roles in the ecosystem')).toBeTruthy();
    expect(screen.getByText('https://hirehub.example.com/cb')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Signing you in to HireHub…')).toBeTruthy();
    expect(sent).toContainEqual({
      method: 'POST',
      url: `/api/oidc/interactions/${UID}`,
      body: { decision: 'allow' },
    });
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('asks the first time whether to allow it, and allows once asked', async () => {
    const sent = stubServer(true, { new_scopes: ['openid', 'email', 'roles'] });
    renderStep();
    expect(await screen.findByText(consentQuestion('HireHub'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByText('new')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Allow and continue' }));
    expect(await screen.findByText('Signing you in to HireHub…')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/oidc/interactions/${UID}`, body: { decision: 'allow' } },
    ]);
  });

  it('marks what is asked for the first time when more is asked, and can decline', async () => {
    const sent = stubServer(true, { new_scopes: ['roles'] });
    renderStep();
    expect(await screen.findByText(moreConsentQuestion('HireHub'))).toBeTruthy();
    expect(screen.getAllByText('new')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined. Going back to HireHub…')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/oidc/interactions/${UID}`, body: { decision: 'decline' } },
    ]);
  });

  it('says a request that is gone is gone, without a retry', async () => {
    stubServer(false);
    renderStep();
    expect(await screen.findByText(INTERACTION_GONE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
