import { ApiError } from '@/lib/api';
import { consoleAudit } from '@/lib/audit/browser';

/**
 * The console's own audit events (docs/product/audit-trail.md#console-events). A change that succeeds is
 * recorded by the server in the same transaction as the change itself; what
 * only the console sees is that it was opened, and that the server refused an
 * action for lack of rights, which is worth a high-severity record at once.
 */
export function logPanelAccess(details: { path: string; tab: string }) {
  consoleAudit().log('admin.panel.access', { details });
}

export function logRefusedAction(action: string, targetUserId: string, error: unknown) {
  if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
  consoleAudit().log('security.violation', {
    severity: 'high',
    details: { action, target_user_id: targetUserId, status: error.status, reason: error.message },
  });
}
