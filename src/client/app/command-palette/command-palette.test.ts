import { describe, expect, it } from 'vitest';
import { paletteFilter } from './command-palette';
import { isPaletteShortcut } from './palette-launcher';

describe('palette filter', () => {
  const score = (label: string, typed: string) => paletteFilter(label, typed, [label]);

  it('matches words by their beginnings, in any order', () => {
    expect(score('Admin Dashboard › Security Audit', 'sec aud')).toBe(1);
    expect(score('Admin Dashboard › Security Audit', 'audit admin')).toBe(1);
    expect(score('TalentSpark › Skills & Certifications', 'cert')).toBe(1);
  });

  it('does not match letters scattered through a label', () => {
    expect(score('IP Filters › Geographic Rules', 'gar')).toBe(0);
    expect(score('System Health', 'sth')).toBe(0);
  });

  it('ranks text inside a word below a word beginning', () => {
    expect(score('HireHub › Fulfillment Centers', 'fill')).toBe(0.5);
  });

  it('keeps every user the server found', () => {
    expect(paletteFilter('user 7b0c', 'garcia', ['isabella@northwind.example'])).toBe(1);
  });
});

describe('palette shortcut', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

  it('is ⌘K or Ctrl+K, and nothing else', () => {
    expect(isPaletteShortcut(key({ key: 'k', metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ key: 'K', ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ key: 'k' }))).toBe(false);
    expect(isPaletteShortcut(key({ key: 'k', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ key: 'j', ctrlKey: true }))).toBe(false);
  });
});
