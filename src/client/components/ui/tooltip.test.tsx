import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger>First</TooltipTrigger>
        <TooltipContent>First tip</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger>Second</TooltipTrigger>
        <TooltipContent>Second tip</TooltipContent>
      </Tooltip>
    </TooltipProvider>,
  );
}

const hover = (name: string) =>
  fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
const close = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('TooltipProvider (docs/product/public-site.md#tooltips)', () => {
  it('opens after a 700 ms delay', async () => {
    renderTwo();
    hover('First');
    await act(() => vi.advanceTimersByTimeAsync(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('tooltip').textContent).toBe('First tip');
  });

  it('skips the delay when moving to another trigger within 300 ms', async () => {
    renderTwo();
    hover('First');
    await act(() => vi.advanceTimersByTimeAsync(700));
    close();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(250));
    hover('Second');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('tooltip').textContent).toBe('Second tip');
  });

  it('waits the full delay again once 300 ms have passed', async () => {
    renderTwo();
    hover('First');
    await act(() => vi.advanceTimersByTimeAsync(700));
    close();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(301));
    hover('Second');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
