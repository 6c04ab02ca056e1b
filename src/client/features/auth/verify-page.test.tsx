import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFY_LINK_INVALID } from '@shared/schemas/auth';
import { NavigationProvider, type AppLinkProps } from '@/lib/navigation';
import { jsonResponse } from '@/test/admin-users';
import VerifyPage from './verify-page';

let tokenCount = 0;
/** A token of its own per test: the page asks once per link. */
const newToken = () => `verifytoken${String(++tokenCount).padStart(32, '0')}`;

/** The server's answers to verify, in turn; the bodies it was sent. */
function stubVerify(...answers: [number, unknown][]) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const [status, body] = answers[Math.min(bodies.length, answers.length) - 1]!;
    if (status === 0) throw new TypeError('Failed to fetch');
    return jsonResponse(status, body);
  });
  return bodies;
}

function DocumentLink({ to, replace: _replace, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

function renderPage(hash: string) {
  render(
    <StrictMode>
      <NavigationProvider
        value={{
          location: { pathname: '/auth/verify', search: '', hash },
          Link: DocumentLink,
          navigate: vi.fn(),
        }}
      >
        <VerifyPage />
      </NavigationProvider>
    </StrictMode>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Verify address page', () => {
  it('sends the fragment’s token once, then says the address is verified with a Sign in link', async () => {
    const token = newToken();
    const bodies = stubVerify([200, { email: 'ada@example.com' }]);
    renderPage(`#token=${token}`);
    expect(screen.getByRole('status').textContent).toBe('Verifying your address...');
    expect(await screen.findByRole('heading', { name: 'Address verified' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('ada@example.com');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    // Twice rendered in StrictMode, asked once: the link works once.
    expect(bodies).toEqual([{ token }]);
  });

  it('shows a used, expired or unknown link with the server’s words', async () => {
    stubVerify([400, { error: { code: 'verify_link_invalid', message: VERIFY_LINK_INVALID } }]);
    renderPage(`#token=${newToken()}`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(VERIFY_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('says a link without a token is incomplete, without asking the server', () => {
    const bodies = stubVerify([200, { email: 'x@example.com' }]);
    renderPage('');
    expect(screen.getByRole('alert').textContent).toMatch(/has no token in it/);
    expect(bodies).toEqual([]);
  });

  it('offers to try again when the server cannot be reached', async () => {
    stubVerify([0, null], [200, { email: 'ada@example.com' }]);
    renderPage(`#token=${newToken()}`);
    expect(await screen.findByText('The link could not be checked')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Address verified' })).toBeTruthy();
  });
});
