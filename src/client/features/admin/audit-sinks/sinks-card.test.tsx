import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sink } from '@shared/schemas/audit-sinks';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/admin-users';
import { resetDemoSinks } from './demo-sinks';
import { SECRET_SHOWN_ONCE } from './secret-shown-once';
import { SinksCard } from './sinks-card';

const SINK_ID = '00000000-0000-4000-8000-0000000000a1';
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const sink = (overrides: Partial<Sink> = {}): Sink => ({
  id: SINK_ID,
  name: 'SIEM',
  url: 'https://siem.example.com/audit',
  event_types: [],
  severities: [],
  enabled: true,
  state: 'active',
  delivered_seq: 40,
  lag: 0,
  failures: 0,
  last_error: null,
  last_error_at: null,
  paused_at: null,
  next_attempt_at: null,
  last_delivered_at: null,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
  ...overrides,
});

type Sent = { method: string; url: string; body: unknown };

/** A server with these sinks, a trail `lag` events ahead of them, and what it was sent. */
function stubServer(sinks: Sink[], lag = 0) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (method === 'POST' && url === '/api/admin/audit/sinks') {
      return jsonResponse(201, { ...sink({ name: body.name, url: body.url }), secret: SECRET });
    }
    if (method === 'POST' && url.endsWith('/resume')) {
      return jsonResponse(200, sink());
    }
    // One answer carries every sink's lag: there is no request per sink.
    return jsonResponse(200, {
      sinks: sinks.map((s) => ({ ...s, lag })),
      head_seq: (sinks[0]?.delivered_seq ?? 0) + lag,
    });
  });
  return sent;
}

function renderCard(demo = false) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SinksCard demo={demo} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetDemoSinks();
});

describe('SinksCard', () => {
  it('lists each sink with what it receives and how far it has come', async () => {
    const sent = stubServer(
      [
        sink({ event_types: ['auth.*'], severities: ['high', 'critical'] }),
        sink({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Log store' }),
      ],
      3,
    );
    renderCard();
    const row = (await screen.findByText('SIEM')).closest('tr')!;
    expect(within(row).getByText('auth.* · High, Critical')).toBeTruthy();
    expect(within(row).getByText('Delivering')).toBeTruthy();
    expect(within(row).getByText('3 events waiting')).toBeTruthy();
    // The list's one answer carries every sink's progress: no request per sink.
    const other = screen.getByText('Log store').closest('tr')!;
    expect(within(other).getByText('3 events waiting')).toBeTruthy();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/admin/audit/sinks']);
  });

  it('shows a paused sink with its failures and last error, and resumes it', async () => {
    const sent = stubServer([
      sink({
        state: 'paused',
        failures: 8,
        last_error: 'The receiver answered 500',
        paused_at: '2026-11-02T08:00:00.000Z',
      }),
    ]);
    renderCard();
    const row = (await screen.findByText('SIEM')).closest('tr')!;
    expect(within(row).getByText('Paused')).toBeTruthy();
    expect(within(row).getByText(/^Stopped after 8 failed attempts/)).toBeTruthy();
    expect(within(row).getByText('The receiver answered 500')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(sent.some((s) => s.method === 'POST' && s.url.endsWith(`${SINK_ID}/resume`))).toBe(
        true,
      ),
    );
  });

  it('adds a sink with its filters, then shows the secret once', async () => {
    const sent = stubServer([]);
    renderCard();
    await screen.findByText('No sinks yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add sink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add sink' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Splunk');
    await userEvent.type(
      within(dialog).getByLabelText('Endpoint URL'),
      'https://splunk.example.com/hec',
    );
    await userEvent.type(
      within(dialog).getByLabelText('Event types (optional)'),
      'auth.*, admin.user.updated',
    );
    await userEvent.click(within(dialog).getByLabelText('Critical'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add sink' }));

    const created = await screen.findByRole('dialog', { name: 'Sink added' });
    expect(within(created).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    expect(within(created).getByText(SECRET_SHOWN_ONCE)).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      name: 'Splunk',
      url: 'https://splunk.example.com/hec',
      event_types: ['auth.*', 'admin.user.updated'],
      severities: ['critical'],
      enabled: true,
    });
  });

  it('refuses an http address that is not this machine before asking the server', async () => {
    const sent = stubServer([]);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add sink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add sink' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Plain');
    await userEvent.type(within(dialog).getByLabelText('Endpoint URL'), 'http://siem.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add sink' }));
    expect(await within(dialog).findByText(/The URL must use https/)).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('in demo mode adds a simulated sink, labelled, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderCard(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add sink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add sink' });
    expect(within(dialog).getByText(/^Demo: sinks are simulated/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Demo SIEM');
    await userEvent.type(within(dialog).getByLabelText('Endpoint URL'), 'https://siem.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add sink' }));
    await screen.findByRole('dialog', { name: 'Sink added' });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const row = (await screen.findByText('Demo SIEM')).closest('tr')!;
    expect(within(row).getByText('Up to date')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
