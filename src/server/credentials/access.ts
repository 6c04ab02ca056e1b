import type { CredentialType } from '@shared/constants';
import { appendAuditEvents } from '../audit/chain/append';
import type { AppDeps } from '../core/context';
import type { Tx } from '../db/client';
import { lockCaller, requireUsableApplication, type ApplicationRow } from './applications';
import { assertAdmin, enforcePolicy, type Caller, type PolicyDenial } from './policy';

/** What one kind of credential access decision (a request, a grant) adds to the shared shape. */
export type AccessDecision<T> = {
  /** The audit event of a refusal, and the details it always carries. */
  refusedEvent: string;
  refusalDetails: Record<string, unknown>;
  appId: string;
  credentialType: CredentialType;
  /** Work before the transaction, once the caller's role is checked. */
  prepare?: () => Promise<unknown>;
  /** Whether the caller already holds an open one for this application and credential. */
  holdsOpen: (tx: Tx, app: ApplicationRow) => Promise<boolean>;
  /** The refusal when they do. */
  duplicate: (app: ApplicationRow) => PolicyDenial;
  /** Writes the new row; returns the answer and the audit record that commits with it. */
  create: (
    tx: Tx,
    app: ApplicationRow,
  ) => Promise<{
    value: T;
    audit: { eventType: string; severity: string; details: Record<string, unknown> };
  }>;
};

/**
 * Asks for credential access (docs/api/credential-policy.md): the caller
 * must be an admin; under a lock on the caller's own row the application must
 * be usable and the caller must hold no open decision for it; the new row and
 * its audit record commit together. Every refusal is on the audit trail.
 */
export function decideAccess<T>(
  deps: AppDeps,
  caller: Caller,
  now: Date,
  decision: AccessDecision<T>,
): Promise<T> {
  return enforcePolicy(deps, caller, decision.refusedEvent, decision.refusalDetails, async () => {
    assertAdmin(caller.principal);
    await decision.prepare?.();
    return deps.db.transaction(async (tx) => {
      await lockCaller(tx, caller.principal.userId);
      const app = await requireUsableApplication(tx, decision.appId, decision.credentialType);
      if (await decision.holdsOpen(tx, app)) throw decision.duplicate(app);
      const { value, audit } = await decision.create(tx, app);
      await appendAuditEvents(
        tx,
        [
          {
            source: 'server',
            eventType: audit.eventType,
            severity: audit.severity,
            ...caller.actor,
            details: audit.details,
          },
        ],
        now,
      );
      return value;
    });
  });
}
