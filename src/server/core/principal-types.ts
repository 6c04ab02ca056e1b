import type { PlatformRole } from '@shared/constants';

/** Who is calling: a signed-in account and the session it called with. */
export type Principal = {
  userId: string;
  email: string;
  fullName: string | null;
  roles: PlatformRole[];
  sessionId: string;
  sessionKind: 'demo' | 'password';
  /** The audit session_id: the last 8 characters of the access token. */
  tokenTail: string;
  /** A generated password must be changed before the admin API answers. */
  mustChangePassword: boolean;
  /**
   * The account must set up a second factor before anything but its own account's basics
   * answers it (docs/product/sign-in.md#enrolment-required).
   */
  mustEnrolSecondFactor: boolean;
  /** When a second factor was last proved in this session, if ever (step-up). */
  secondFactorAt: Date | null;
};

/** Where a request came from, as recorded on the session it opens. */
export type CallerMeta = { ip: string | null; userAgent: string | null };
