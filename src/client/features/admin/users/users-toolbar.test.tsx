import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserFacets } from '@shared/schemas/user-list';
import { DEFAULT_LIST, type UsersListState } from './list-params';
import { UsersToolbar } from './users-toolbar';

const FACETS: UserFacets = {
  role: [
    { value: 'user', count: 10_000, exact: false },
    { value: 'platform_admin', count: 12, exact: true },
    { value: 'super_admin', count: 1, exact: true },
    { value: 'none', count: 3, exact: true },
  ],
  status: [
    { value: 'active', count: 9_500, exact: true },
    { value: 'inactive', count: 40, exact: true },
  ],
  organization: [
    { value: 'Acme', count: 2_345, exact: true },
    { value: null, count: 7, exact: true },
  ],
  organization_more: true,
  never_signed_in: { count: 321, exact: true },
};

const answered = (data: UserFacets | undefined, more: Partial<UseQueryResult> = {}) =>
  ({
    data,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    ...more,
  }) as UseQueryResult<UserFacets>;

function renderToolbar(view: Partial<UsersListState> = {}, facets = answered(FACETS)) {
  const onChange = vi.fn<(change: Partial<UsersListState>) => void>();
  const user = userEvent.setup();
  render(
    <UsersToolbar
      view={{ ...DEFAULT_LIST, ...view }}
      text=""
      onText={() => {}}
      onChange={onChange}
      facets={facets}
      viewMenu={null}
      exportButton={null}
    />,
  );
  return { user, onChange };
}

const item = (name: string) => screen.getByRole('menuitemcheckbox', { name });

describe('the Users toolbar', () => {
  it('lists organizations with their counts, none as No organization, and says there are more', async () => {
    const { user, onChange } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Organization filter' }));
    expect(item('Acme, 2,345 users')).toBeTruthy();
    expect(item('No organization, 7 users')).toBeTruthy();
    expect(screen.getByText(/More organizations than listed/)).toBeTruthy();
    await user.click(item('No organization, 7 users'));
    expect(onChange).toHaveBeenLastCalledWith({ orgs: [null] });
  });

  it('keeps a chosen organization the counts no longer list, so it can be cleared', async () => {
    const { user, onChange } = renderToolbar({ orgs: ['Gone Ltd'] });
    await user.click(screen.getByRole('button', { name: 'Organization filter, 1 selected' }));
    expect(item('Gone Ltd').getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'Clear organization filter' }));
    expect(onChange).toHaveBeenLastCalledWith({ orgs: [] });
  });

  it('shows capped counts as 10,000+ and adds a role to the ones chosen', async () => {
    const { user, onChange } = renderToolbar({ roles: ['none'] });
    await user.click(screen.getByRole('button', { name: 'Role filter, 1 selected' }));
    expect(item('User, 10,000+ users')).toBeTruthy();
    await user.click(item('Super Admin, 1 user'));
    expect(onChange).toHaveBeenLastCalledWith({ roles: ['none', 'super_admin'] });
  });

  it('offers Clear filters only while a filter is set, and it keeps the search and order', async () => {
    const { user, onChange } = renderToolbar({ never: true, status: ['inactive'] });
    expect(
      screen
        .getByRole('button', { name: 'Never signed in, 321 users' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({ roles: [], status: [], orgs: [], never: false });
  });

  it('has no Clear filters without a filter', () => {
    renderToolbar({ q: 'ada', sort: 'name', dir: 'asc' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says the counts are loading without hiding the options', async () => {
    const { user } = renderToolbar({}, answered(undefined, { isFetching: true }));
    await user.click(screen.getByRole('button', { name: 'Organization filter' }));
    expect(screen.getByText('Loading organization options…')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Role filter' }));
    expect(item('Platform Admin')).toBeTruthy();
  });

  it('says when the counts could not be loaded', async () => {
    const { user } = renderToolbar({}, answered(undefined, { isError: true }));
    await user.click(screen.getByRole('button', { name: 'Status filter' }));
    expect(item('Active')).toBeTruthy();
    expect(screen.getByText('The counts could not be loaded.')).toBeTruthy();
  });

  it('changes the order from the Sort menu, starting at the default direction', async () => {
    const { user, onChange } = renderToolbar();
    await user.click(screen.getByRole('button', { name: /^Sort: Newest, Newest first/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Last login' }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'last_login', dir: 'desc' });
    await user.click(screen.getByRole('menuitemradio', { name: 'Oldest first' }));
    expect(onChange).toHaveBeenLastCalledWith({ dir: 'asc' });
  });
});
