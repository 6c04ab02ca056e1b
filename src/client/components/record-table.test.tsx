import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordTable, type RecordColumn } from './record-table';

type Row = { id: string; name: string; total: number };
const rows: Row[] = [
  { id: 'a', name: 'Northwind Logistics', total: 1497 },
  { id: 'b', name: 'Brightline Health', total: 1875 },
];
const columns: RecordColumn<Row>[] = [
  { header: 'Customer', cell: (r) => r.name },
  { header: 'Total', cell: (r) => `$${r.total}`, align: 'right' },
];

describe('RecordTable', () => {
  it('renders a named table with one header row and one row per record', () => {
    render(<RecordTable label="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    const all = within(table).getAllByRole('row');
    expect(all).toHaveLength(3);
    expect(
      within(all[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Customer', 'Total']);
    expect(all[2]!.textContent).toBe('Brightline Health$1875');
    expect(within(all[1]!).getAllByRole('cell')[1]!.className).toContain('text-right');
  });

  it('is not a tab stop while it fits', () => {
    render(<RecordTable label="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('region', { name: 'Orders' })).toBeNull();
  });
});
