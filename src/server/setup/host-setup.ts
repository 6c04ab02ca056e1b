import type { SystemAdminResult } from '@shared/schemas/setup';
import type { AppDeps } from '../core/context';
import { createSystemAdmins } from './system-admins';

/**
 * `npm run setup:admins` (scripts/ops/setup-admins.ts): the system
 * administrators created on the host, without HTTP, by the function the setup
 * endpoint calls (docs/operations.md#setup-admins). Access to the database is
 * the proof here, in place of the setup key: whoever can open it could rewrite
 * the key's stored hash or any row, so asking for the key would stop nobody.
 */

/** Who is on the audit record of a creation made on the host: no account, session or address. */
export const HOST_SETUP_ACTOR = {
  userId: null,
  sessionId: null,
  ipAddress: null,
  userAgent: 'npm run setup:admins',
} as const;

export type HostSetupReport = {
  results: SystemAdminResult[];
  /** What the script prints: one line per account, each generated password once. */
  text: string;
  /** False when an account could not be created (its address taken, or an error). */
  ok: boolean;
};

const LINE: Record<SystemAdminResult['status'], (r: SystemAdminResult) => string> = {
  created: (r) => `created         ${r.email}  password: ${r.password}`,
  already_exists: (r) => `already exists  ${r.email}  (left as it is, no new password)`,
  address_taken: (r) => `address taken   ${r.email}  ${r.error}`,
  error: (r) => `error           ${r.email}  ${r.error}`,
};

/** Creates the missing system administrators as the setup endpoint does, and words the result. */
export async function setUpSystemAdminsOnHost(deps: AppDeps): Promise<HostSetupReport> {
  const results = await createSystemAdmins(deps, HOST_SETUP_ACTOR);
  const lines = results.map((r) => LINE[r.status](r));
  if (results.some((r) => r.status === 'created')) {
    lines.push(
      '',
      'Save these passwords now: they are shown once, stored only as hashes, and must be changed at first sign-in.',
    );
  }
  const ok = results.every((r) => r.status === 'created' || r.status === 'already_exists');
  return { results, text: lines.join('\n'), ok };
}
