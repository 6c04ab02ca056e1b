import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryToastsToNextPage, showCarriedToasts } from './carried-toasts';

vi.mock('sonner', () => {
  const toast = Object.assign(vi.fn(), {
    success: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
    getToasts: vi.fn(() => []),
  });
  return { toast };
});

beforeEach(() => {
  sessionStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => sessionStorage.clear());

describe('toasts carried to the next page', () => {
  it('keeps the toasts on screen when the page goes, and shows them once on the next', () => {
    vi.mocked(toast.getToasts).mockReturnValue([
      { id: 1, type: 'success', title: 'Signed in', description: 'Welcome' },
      { id: 2, dismiss: true },
      { id: 3, title: 'Plain' },
    ]);
    carryToastsToNextPage();
    window.dispatchEvent(new Event('pagehide'));

    showCarriedToasts();
    expect(toast.success).toHaveBeenCalledWith('Signed in', { description: 'Welcome' });
    expect(toast).toHaveBeenCalledWith('Plain', { description: undefined });
    expect(toast.success).toHaveBeenCalledTimes(1);

    showCarriedToasts();
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('carries nothing from a page that goes without asking to', () => {
    vi.mocked(toast.getToasts).mockReturnValue([{ id: 1, type: 'error', title: 'Failed' }]);
    window.dispatchEvent(new Event('pagehide'));
    showCarriedToasts();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem('carried-toasts', '{not json');
    showCarriedToasts();
    sessionStorage.setItem('carried-toasts', JSON.stringify([{ type: 'loading', title: 1 }]));
    showCarriedToasts();
    expect(toast).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
