import { describe, expect, it } from 'vitest';
import { filterSummary } from './sink-words';

describe('filterSummary', () => {
  it('says every event when nothing is filtered', () => {
    expect(filterSummary({ event_types: [], severities: [] })).toBe('Every event');
  });
  it('names the types and the severities in words', () => {
    expect(
      filterSummary({
        event_types: ['auth.*', 'admin.user.updated'],
        severities: ['high', 'critical'],
      }),
    ).toBe('auth.*, admin.user.updated · High, Critical');
  });
  it('says every type when only severities are chosen', () => {
    expect(filterSummary({ event_types: [], severities: ['critical'] })).toBe(
      'Every type · Critical',
    );
  });
});
