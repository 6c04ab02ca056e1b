import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

function UserRow({ name }: { name: string }) {
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>Active</TableCell>
      <TableCell>
        <button type="button">Edit</button>
      </TableCell>
    </TableRow>
  );
}

describe('Table', () => {
  it('labels every body cell with its column header, for the phone layout', () => {
    render(
      <Table aria-label="Users">
        <TableHeader>
          <TableRow>
            {['User', 'Status'].map((h) => (
              <TableHead key={h}>{h}</TableHead>
            ))}
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <UserRow name="Ada" />
          <>
            <TableRow>
              <TableCell colSpan={3}>No more users</TableCell>
            </TableRow>
          </>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    const [, ada, empty] = within(table).getAllByRole('row');
    expect(
      within(ada!)
        .getAllByRole('cell')
        .map((c) => c.dataset.label),
    ).toEqual(['User', 'Status', 'Actions']);
    // A cell across the row stands alone, without a label.
    expect(within(empty!).getByRole('cell').dataset.label).toBe('');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
  });

  it('keeps a label the caller gave', () => {
    render(
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell data-label="Order id">ORD-1</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('cell').dataset.label).toBe('Order id');
  });
});
