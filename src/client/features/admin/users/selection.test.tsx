import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { adminUser } from '@/test/admin-users';
import { useUserSelection } from './selection';
import { UsersTable } from './users-table';

const person = (n: number, full_name: string | null) => adminUser(n, { full_name });

const PAGE_1 = [person(1, 'Ada Lovelace'), person(2, null)];
const PAGE_2 = [person(3, 'Grace Hopper')];

/** The Users card's selection wiring, with Load more and a search box stand-in. */
function Harness() {
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(1);
  const rows = pages === 1 ? PAGE_1 : [...PAGE_1, ...PAGE_2];
  const { selection, toggle, toggleRows } = useUserSelection(search);
  return (
    <>
      <p>{selection.size} selected</p>
      <button onClick={() => setPages(2)}>Load more users</button>
      <button onClick={() => setSearch('grace')}>Search</button>
      <UsersTable
        users={rows}
        caption="Platform users"
        selection={selection}
        onToggle={toggle}
        onToggleRows={toggleRows}
      />
    </>
  );
}

function renderHarness() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  return user;
}

const header = () => screen.getByRole('checkbox', { name: 'Select all loaded users' });
const row = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

describe('the Users table selection', () => {
  it('labels each row by name, or by email when unnamed', () => {
    renderHarness();
    expect(row('Ada Lovelace')).toBeTruthy();
    expect(row('person2@example.com')).toBeTruthy();
  });

  it('selects the loaded rows from the header, shown as mixed when only some are', async () => {
    const user = renderHarness();
    await user.click(row('Ada Lovelace'));
    expect(header().getAttribute('aria-checked')).toBe('mixed');
    expect(screen.getByText('1 selected')).toBeTruthy();

    await user.click(header());
    expect(header().getAttribute('aria-checked')).toBe('true');
    expect(row('person2@example.com').getAttribute('aria-checked')).toBe('true');

    await user.click(header());
    expect(header().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it('toggles a focused checkbox with Space', async () => {
    const user = renderHarness();
    row('Ada Lovelace').focus();
    await user.keyboard(' ');
    expect(row('Ada Lovelace').getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(row('Ada Lovelace').getAttribute('aria-checked')).toBe('false');
  });

  it('keeps the selection through Load more and clears it on a new search', async () => {
    const user = renderHarness();
    await user.click(header());
    await user.click(screen.getByRole('button', { name: 'Load more users' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(row('Ada Lovelace').getAttribute('aria-checked')).toBe('true');
    expect(row('Grace Hopper').getAttribute('aria-checked')).toBe('false');
    expect(header().getAttribute('aria-checked')).toBe('mixed');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(row('Ada Lovelace').getAttribute('aria-checked')).toBe('false');
  });
});
