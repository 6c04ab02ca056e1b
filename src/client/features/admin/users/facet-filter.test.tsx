import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FacetFilter, FacetToggle, formatFacetCount, type FacetOption } from './facet-filter';

const ROLES: FacetOption[] = [
  { key: 'user', label: 'User', count: { count: 1234, exact: true } },
  { key: 'platform_admin', label: 'Platform Admin', count: { count: 1, exact: true } },
  { key: 'super_admin', label: 'Super Admin', count: { count: 10_000, exact: false } },
  { key: 'none', label: 'No role', count: { count: 0, exact: true } },
];

/** The facet with its selection kept as the Users card keeps it. */
function Harness({ options = ROLES, note }: { options?: FacetOption[]; note?: string }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <FacetFilter
        title="Role"
        options={options}
        selected={selected}
        note={note}
        onToggle={(key, on) => setSelected((s) => (on ? [...s, key] : s.filter((k) => k !== key)))}
        onClear={() => setSelected([])}
      />
      <output>{selected.join(',') || 'none'}</output>
    </>
  );
}

const trigger = (name: string | RegExp = /^Role filter/) => screen.getByRole('button', { name });
const option = (name: string) => screen.getByRole('menuitemcheckbox', { name });
const chosen = () => screen.getByRole('status', { hidden: true }).textContent;

describe('formatFacetCount', () => {
  it('groups thousands and marks a capped count', () => {
    expect(formatFacetCount({ count: 1234, exact: true })).toBe('1,234');
    expect(formatFacetCount({ count: 10_000, exact: false })).toBe('10,000+');
    expect(formatFacetCount({ count: 0, exact: true })).toBe('0');
  });
});

describe('a facet filter', () => {
  it('names each option with its count, for the eye and for a screen reader', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(trigger());
    expect(option('User, 1,234 users')).toBeTruthy();
    expect(option('Platform Admin, 1 user')).toBeTruthy();
    expect(option('Super Admin, 10,000+ users')).toBeTruthy();
    expect(option('No role, 0 users')).toBeTruthy();
    expect(screen.getByRole('menu').textContent).toContain('10,000+');
  });

  it('is worked by keyboard alone: open, move, toggle, close back to the button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(trigger()).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(option('User, 1,234 users')).toBe(document.activeElement);

    await user.keyboard('{ArrowDown}');
    expect(option('Platform Admin, 1 user')).toBe(document.activeElement);
    await user.keyboard(' ');
    // The menu stays open so several options can be chosen in a row.
    expect(option('Platform Admin, 1 user').getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(option('Super Admin, 10,000+ users').getAttribute('aria-checked')).toBe('true');
    expect(chosen()).toBe('platform_admin,super_admin');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger('Role filter, 2 selected')).toBe(document.activeElement);
  });

  it('shows the number chosen on the button and clears them from the menu', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(trigger());
    expect(screen.queryByRole('menuitem', { name: /Clear/ })).toBeNull();
    await user.click(option('User, 1,234 users'));
    expect(trigger('Role filter, 1 selected').textContent).toContain('1');
    await user.click(screen.getByRole('menuitem', { name: 'Clear role filter' }));
    expect(chosen()).toBe('none');
    expect(trigger('Role filter')).toBeTruthy();
  });

  it('names options by their label alone while counts are missing, and shows a note', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        options={[{ key: '', label: 'No organization', count: undefined }]}
        note="More organizations than listed: search by name to find another."
      />,
    );
    await user.click(trigger());
    expect(option('No organization')).toBeTruthy();
    expect(screen.getByText(/More organizations than listed/)).toBeTruthy();
  });
});

describe('a facet toggle', () => {
  it('is a pressed button named with its count', async () => {
    const user = userEvent.setup();
    function Toggle() {
      const [on, setOn] = useState(false);
      return (
        <FacetToggle
          label="Never signed in"
          pressed={on}
          count={{ count: 10_000, exact: false }}
          onPressedChange={setOn}
        />
      );
    }
    render(<Toggle />);
    const button = screen.getByRole('button', { name: 'Never signed in, 10,000+ users' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    button.focus();
    await user.keyboard(' ');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});
