import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordColumn } from './record-table';
import { TableCard, type TableCardProps } from './table-card';

type Row = { id: string; name: string };
const columns: RecordColumn<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    cell: (r) => <button>Open {r.name}</button>,
  },
];
const base: TableCardProps<Row> = {
  title: 'Your Things',
  description: 'Things you own.',
  rows: [{ id: 'a', name: 'Alpha' }],
  columns,
  rowKey: (r) => r.id,
  label: 'Your things',
  loadingLabel: 'Loading things',
  errorMessage: 'Things could not be loaded.',
  empty: { title: 'No things', description: 'Things appear here.' },
};

describe('TableCard', () => {
  it('shows the title, description and the rows under their columns', () => {
    render(<TableCard {...base} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your Things' })).toBeTruthy();
    expect(screen.getByText('Things you own.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your things' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Actions']);
    expect(headers[1]!.querySelector('.sr-only')?.textContent).toBe('Actions');
    expect(within(table).getByRole('button', { name: 'Open Alpha' })).toBeTruthy();
  });

  it('shows placeholder rows while pending, not the table', () => {
    render(<TableCard {...base} pending />);
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry when the rows are missing', () => {
    const onRetry = vi.fn();
    render(<TableCard {...base} rows={undefined} onRetry={onRetry} />);
    expect(within(screen.getByRole('alert')).getByText('Things could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty state when there are no rows', () => {
    render(<TableCard {...base} rows={[]} />);
    expect(screen.getByText('No things')).toBeTruthy();
    expect(screen.getByText('Things appear here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('puts the actions beside the heading and renders its children in the card', () => {
    render(
      <TableCard {...base} actions={<button>Clear all</button>}>
        <p>A dialog</p>
      </TableCard>,
    );
    const heading = screen.getByRole('heading', { name: 'Your Things' });
    const header = heading.parentElement!.parentElement!;
    expect(within(header).getByRole('button', { name: 'Clear all' })).toBeTruthy();
    expect(screen.getByText('A dialog')).toBeTruthy();
  });
});
