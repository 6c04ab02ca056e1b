import type { Hook } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ADMIN_ROLES } from '@shared/constants';
import type { AppDeps, AppEnv } from '../core/context';
import {
  recordActorRefusal,
  recordRefusal,
  requestActor,
  type Actor,
} from '../audit/request-actor';
import { ApiError, describeZodError, errorBody, type ErrorCode } from '../core/errors';
import type { Principal } from '../security/principal';

/**
 * A refusal by the credential access policy (docs/api/credential-policy.md).
 * `rule` names the rule in the audit record.
 */
export class PolicyDenial extends ApiError {
  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    readonly rule: string,
  ) {
    super(status, code, message);
  }
}

/** Who asks for credential access, and the request's part of their audit records. */
export type Caller = { principal: Principal; actor: Actor };

/** The signed-in caller of a route whose declared access admits only signed-in callers. */
export function callerOf(c: Context<AppEnv>): Caller {
  return { principal: c.get('principal')!, actor: requestActor(c) };
}

/**
 * Runs `fn`; a PolicyDenial it throws is written to the audit trail (in its
 * own transaction, after `fn`'s has rolled back) and then rethrown.
 */
export async function enforcePolicy<T>(
  deps: AppDeps,
  caller: Caller,
  eventType: string,
  details: Record<string, unknown>,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PolicyDenial) {
      await recordActorRefusal(deps, caller.actor, eventType, {
        ...details,
        rule: err.rule,
        reason: err.message,
      });
    }
    throw err;
  }
}

/** Credential access needs platform_admin or super_admin. */
export function assertAdmin(principal: Principal): void {
  if (!principal.roles.some((r) => ADMIN_ROLES.includes(r))) {
    throw new PolicyDenial(
      403,
      'forbidden',
      'Credential access requires the Platform Admin or Super Admin role',
      'role',
    );
  }
}

/**
 * A validation hook that also records a refused body: a malformed request for
 * credentials is itself worth an audit record. Anonymous calls are not
 * recorded (they never reach this hook: the declared access check runs first).
 */
export function auditedValidation<I, P extends string, R>(
  eventType: string,
): Hook<I, AppEnv, P, R> {
  return (async (result: Parameters<Hook<I, AppEnv, P, R>>[0], c: Context<AppEnv>) => {
    if (result.success) return;
    const message = describeZodError(result.error);
    if (result.target === 'json' && c.get('principal')) {
      await recordRefusal(c, eventType, { rule: 'validation', reason: message });
    }
    return c.json(errorBody('validation_failed', message), 400);
  }) as unknown as Hook<I, AppEnv, P, R>;
}
