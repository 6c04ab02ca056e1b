import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, parseView, serializeView, useUsersView, viewKey } from './view-prefs';

afterEach(() => localStorage.clear());

describe('the stored Users view', () => {
  it('reads back what was kept', () => {
    const view = { hidden: ['Roles', 'Last Login'] as const, density: 'compact' as const };
    expect(parseView(serializeView({ ...view, hidden: [...view.hidden] }))).toEqual({
      hidden: ['Roles', 'Last Login'],
      density: 'compact',
    });
  });

  it('falls back to the defaults for nothing, bad JSON or another shape', () => {
    for (const raw of [null, '', '{', 'null', '42', '"x"', '[]', '{"hidden":"Roles"}']) {
      expect(parseView(raw)).toEqual(DEFAULT_VIEW);
    }
  });

  it('falls back to the defaults for an older or newer version', () => {
    expect(parseView(JSON.stringify({ v: 2, hidden: ['Roles'], density: 'compact' }))).toEqual(
      DEFAULT_VIEW,
    );
    expect(parseView(JSON.stringify({ hidden: ['Roles'], density: 'compact' }))).toEqual(
      DEFAULT_VIEW,
    );
  });

  it('drops unknown columns and never hides the ones that always show', () => {
    const raw = JSON.stringify({
      v: 1,
      hidden: ['User', 'Actions', 'Nickname', 'Status', 'Status'],
      density: 'compact',
    });
    expect(parseView(raw)).toEqual({ hidden: ['Status'], density: 'compact' });
  });

  it('keeps the columns when only the density is unknown', () => {
    const raw = JSON.stringify({ v: 1, hidden: ['Roles'], density: 'airy' });
    expect(parseView(raw)).toEqual({ hidden: ['Roles'], density: 'comfortable' });
  });

  it('keeps each administrator under their own key', () => {
    expect(viewKey('admin-a')).toBe('ted.admin.users.view.admin-a');
    expect(viewKey('admin-a')).not.toBe(viewKey('admin-b'));
  });
});

describe('useUsersView', () => {
  it('writes the change under the signed-in administrator and not for another', () => {
    const a = renderHook(() => useUsersView('admin-a'));
    act(() => a.result.current[1]({ hidden: ['Roles'], density: 'compact' }));
    expect(a.result.current[0]).toEqual({ hidden: ['Roles'], density: 'compact' });
    expect(parseView(localStorage.getItem('ted.admin.users.view.admin-a'))).toEqual({
      hidden: ['Roles'],
      density: 'compact',
    });
    const b = renderHook(() => useUsersView('admin-b'));
    expect(b.result.current[0]).toEqual(DEFAULT_VIEW);
  });

  it('reads a bad stored value as the defaults without an error', () => {
    localStorage.setItem('ted.admin.users.view.admin-c', '{not json');
    const c = renderHook(() => useUsersView('admin-c'));
    expect(c.result.current[0]).toEqual(DEFAULT_VIEW);
  });
});
