import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OverviewTab } from './overview-tab';

// Signed out: the console's cards ask nothing of the server.
vi.mock('@/lib/auth/auth-provider', () => ({ useAuth: () => ({ session: null }) }));

const section = (name: string) => screen.getByRole('region', { name });
/** The note a section is described by. */
const noteOf = (region: HTMLElement) =>
  document.getElementById(region.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Overview', () => {
  it('says which figures are samples and which are live, each section once', () => {
    render(
      <MemoryRouter>
        <OverviewTab />
      </MemoryRouter>,
    );
    const ecosystem = section('Ecosystem');
    expect(within(ecosystem).getByText('Active Users')).toBeTruthy();
    expect(within(ecosystem).getByText('2,847')).toBeTruthy();
    expect(noteOf(ecosystem)).toBe('Sample figures for the demo, not measured.');
    expect(within(ecosystem).getByText('Sample')).toBeTruthy();

    const console_ = section('Console');
    expect(within(console_).getByText('Live')).toBeTruthy();
    expect(noteOf(console_)).toBe('Counted from this server as you look.');
    expect(within(console_).queryByText('Sample')).toBeNull();

    const health = section('System health');
    expect(within(health).getByText('Sample')).toBeTruthy();
    expect(noteOf(health)).toBe('Sample figures for the demo, not measured.');
    expect(within(health).getByText('API Gateway')).toBeTruthy();
  });
});
