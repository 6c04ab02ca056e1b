import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { adminUser, jsonResponse } from '@/test/admin-users';
import { BulkBar } from './bulk-actions';
import { BulkResult, needsReport, type BulkReport } from './bulk-result';

const person = (n: number) => adminUser(n);
const json = jsonResponse;

afterEach(() => vi.unstubAllGlobals());

describe('the bulk bar', () => {
  it('sends a large selection 100 users per request and reports every refusal by name', async () => {
    const users = Array.from({ length: 150 }, (_, i) => person(i + 1));
    const sent: { user_ids: string[]; action: unknown }[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { user_ids: string[]; action: unknown };
      sent.push(body);
      // The first user of each batch is refused, the rest applied.
      const [first, ...rest] = body.user_ids;
      return json(200, {
        applied: rest.map((id) => ({ id })),
        unchanged: [],
        refused: [{ id: first, reason: 'You cannot deactivate your own account' }],
      });
    });
    const onDone = vi.fn<(report: BulkReport) => void>();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BulkBar
          selection={new Map(users.map((u) => [u.id, u]))}
          onClear={() => {}}
          onDone={onDone}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('150 users selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Deactivate 150 users?');
    expect(dialog.textContent).toContain('Users that cannot be changed are skipped and listed.');
    expect(dialog.textContent).toContain('100 users at a time');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent.map((b) => b.user_ids.length)).toEqual([100, 50]);
    expect(sent.every((b) => JSON.stringify(b.action) === '{"kind":"deactivate"}')).toBe(true);
    const report = onDone.mock.calls[0]![0];
    expect(report.outcome.applied).toHaveLength(148);
    expect(report.refusals.map((r) => r.user?.full_name)).toEqual(['Person 1', 'Person 101']);

    render(<BulkResult report={report} onDismiss={() => {}} />);
    const result = screen.getByRole('alert');
    expect(result.textContent).toContain('Deactivate 150 users: 148 changed, 2 refused.');
    expect(result.textContent).toContain(
      'Person 101 (person101@example.com): You cannot deactivate your own account',
    );
  });

  it('confirms Deactivate and Revoke role with the destructive button, the others plainly', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BulkBar
          selection={new Map([[person(1).id, person(1)]])}
          onClear={() => {}}
          onDone={() => {}}
        />
      </QueryClientProvider>,
    );
    for (const [open, confirm, red] of [
      ['Activate', 'Activate', false],
      ['Deactivate', 'Deactivate', true],
      ['Grant role…', 'Grant', false],
      ['Revoke role…', 'Revoke', true],
    ] as const) {
      await user.click(screen.getByRole('button', { name: open }));
      const dialog = await screen.findByRole('alertdialog');
      const button = Array.from(dialog.querySelectorAll('button')).find(
        (b) => b.textContent === confirm,
      )!;
      expect(button.className.includes('bg-rose-600'), confirm).toBe(red);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
    }
  });

  it('keeps the result panel for skipped or unsent users only', () => {
    const report = (outcome: Partial<BulkReport['outcome']>, refused = 0): BulkReport => ({
      kind: 'activate',
      what: 'Activate 2 users',
      outcome: { applied: [], unchanged: [], refused: [], failure: null, ...outcome },
      refusals: Array.from({ length: refused }, (_, i) => ({
        id: String(i),
        user: undefined,
        reason: 'No',
      })),
    });
    expect(needsReport(report({}))).toBe(false);
    expect(needsReport(report({}, 1))).toBe(true);
    expect(needsReport(report({ failure: { message: 'Lost', notSent: 1 } }))).toBe(true);
  });
});
