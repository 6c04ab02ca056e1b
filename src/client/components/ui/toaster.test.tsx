import { act, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => toast.dismiss());
  vi.useRealTimers();
});

const shown = () => document.querySelectorAll('[data-sonner-toast][data-visible="true"]').length;

describe('Toaster (docs/product/public-site.md#toasts)', () => {
  it('shows at most 3 toasts at once', async () => {
    render(<Toaster />);
    await act(async () => {
      for (const n of [1, 2, 3, 4]) toast(`Toast ${n}`);
    });
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]').length).toBe(4));
    expect(shown()).toBe(3);
  });

  it('keeps a toast for 4000 ms', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    await act(async () => {
      toast('Demo logout successful');
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(document.querySelector('[data-sonner-toast]')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(document.querySelector('[data-sonner-toast][data-removed="true"]')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(document.querySelector('[data-sonner-toast][data-removed="true"]')).not.toBeNull();
  });
});
