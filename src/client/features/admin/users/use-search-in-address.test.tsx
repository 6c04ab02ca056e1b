import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchInAddress } from './use-search-in-address';

const DELAY = 300;

function SearchBox() {
  const [params, setParams] = useSearchParams();
  const { text, onType } = useSearchInAddress(params, setParams, DELAY);
  return <input aria-label="Search users" value={text} onChange={(e) => onType(e.target.value)} />;
}

function start(entry: string) {
  const router = createMemoryRouter([{ path: '/', element: <SearchBox /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Search users' });
  /** The address's search and order, in a fixed order. */
  const address = () => {
    const params = new URLSearchParams(router.state.location.search);
    return `q=${params.get('q') ?? ''} sort=${params.get('sort') ?? ''}`;
  };
  return { router, box, address };
}

describe('the users search and the address', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes typed text once typing pauses, replacing the entry', async () => {
    const { router, box, address } = start('/?sort=email');
    fireEvent.change(box(), { target: { value: 'johnson' } });
    expect(address()).toBe('q= sort=email');
    await act(async () => vi.advanceTimersByTime(DELAY));
    expect(address()).toBe('q=johnson sort=email');
    await act(async () => router.navigate(-1));
    // Replaced, not pushed: there was no entry before this one.
    expect(address()).toBe('q=johnson sort=email');
  });

  it('puts the address’s text in the box on Back and Forward', async () => {
    const { router, box, address } = start('/');
    await act(async () => router.navigate('/?q=johnson'));
    expect(box().value).toBe('johnson');
    await act(async () => vi.advanceTimersByTime(DELAY));
    await act(async () => router.navigate(-1));
    expect(box().value).toBe('');
    await act(async () => vi.advanceTimersByTime(DELAY));
    expect(address()).toBe('q= sort=');
    await act(async () => router.navigate(1));
    expect(box().value).toBe('johnson');
  });

  it('a Forward taken while Back’s text settles keeps the newer entry’s search', async () => {
    const { router, box, address } = start('/');
    await act(async () => router.navigate('/?sort=email'));
    fireEvent.change(box(), { target: { value: 'johnson' } });
    await act(async () => vi.advanceTimersByTime(DELAY));
    expect(address()).toBe('q=johnson sort=email');

    await act(async () => router.navigate(-1));
    expect(box().value).toBe('');
    // The empty text from Back settles in the same moment as Forward lands.
    await act(async () => {
      void router.navigate(1);
      vi.advanceTimersByTime(DELAY);
    });
    await act(async () => vi.advanceTimersByTime(DELAY));
    expect(address()).toBe('q=johnson sort=email');
    expect(box().value).toBe('johnson');
  });

  it('a Forward back to the typed search within the delay puts it in the box again', async () => {
    const { router, box, address } = start('/');
    await act(async () => router.navigate('/?sort=email'));
    fireEvent.change(box(), { target: { value: 'johnson' } });
    await act(async () => vi.advanceTimersByTime(DELAY));
    expect(address()).toBe('q=johnson sort=email');

    // Back and Forward before the box's emptied text settles: the address is not our own write.
    await act(async () => router.navigate(-1));
    expect(box().value).toBe('');
    await act(async () => router.navigate(1));
    expect(address()).toBe('q=johnson sort=email');
    expect(box().value).toBe('johnson');
  });
});
