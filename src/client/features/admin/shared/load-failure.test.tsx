import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { failedLoads, LoadError, LOAD_ERRORS } from './load-failure';

const query = (error: unknown) => ({ error, refetch: vi.fn() });

describe('failedLoads', () => {
  it('keeps the failed queries, not the loaded ones nor a signed-out visitor’s', () => {
    const down = query(new ApiError(500, 'internal', 'Something went wrong'));
    const lost = query(new TypeError('Failed to fetch'));
    const loaded = query(null);
    const signedOut = query(new ApiError(401, 'unauthorized', 'Sign in'));
    expect(failedLoads([down, loaded, signedOut, lost])).toEqual([down, lost]);
  });
});

describe('LoadError', () => {
  it('is one alert with the screen’s message, and Try again reads every failed query again', async () => {
    const failed = [query(new Error('a')), query(new Error('b'))];
    render(<LoadError message={LOAD_ERRORS.securityAudit} failed={failed} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Failed to load security audit data');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    for (const q of failed) expect(q.refetch).toHaveBeenCalledTimes(1);
  });
});
