import { describe, expect, it } from 'vitest';
import { EVENT_LABELS } from '../../src/client/features/admin/audit-trail/audit-details';
import { AUDIT_EVENTS } from '../../src/server/audit/event-types';

describe('audit event labels', () => {
  it('the console names every event the server records in words', () => {
    const unnamed = Object.values(AUDIT_EVENTS).filter((type) => !(type in EVENT_LABELS));
    expect(unnamed).toEqual([]);
  });
});
