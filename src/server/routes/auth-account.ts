import { eq } from 'drizzle-orm';
import {
  changePasswordBodySchema,
  meResponseSchema,
  SIGN_UP_ACCEPTED,
  signUpAcceptedSchema,
  signUpBodySchema,
  tooManyAttemptsMessage,
} from '@shared/schemas/auth';
import { recordAuthEvent, requestMeta, requireProductionMode } from '../auth/auth-audit';
import { checkCredentials, findAccount, SIGN_IN_WINDOW_MS } from '../auth/credentials-check';
import { revokeSessionsOf } from '../auth/server-sessions';
import { AUDIT_EVENTS } from '../audit/event-types';
import { passwordCredentials, platformRoleAssignments, platformUsers } from '../db/schema';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { ApiError, isUniqueViolation } from '../http/errors';
import { hashPassword } from '../security/passwords';
import { activeRoles } from '../security/principal';
import { isSystemAdminAddress } from '../setup/system-admins';
import { consumeRateLimit } from '../security/rate-limit';

const app = createRouter();
app.use('/auth/*', requireProductionMode());

/** The account's own password, and sign-up when ALLOW_SIGNUP=true. */
export const authAccountRoutes = app
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/password',
      operationId: 'changePassword',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingPasswordChange: true,
      summary: 'Change the password (required first when it was generated)',
      description: 'Every other session of the account ends; this one stays signed in.',
      request: {
        body: jsonBody(changePasswordBodySchema, {
          current_password: 'correct horse battery staple',
          new_password: 'a longer passphrase of my own',
        }),
      },
      responses: { 200: jsonResponse(meResponseSchema, 'Password changed') },
      errors: [409, 429],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const { current_password, new_password } = c.req.valid('json');
      const now = deps.now();
      // The current password goes through the sign-in's limits: the same
      // pair, address and account counts, taken before the password is checked.
      const check = await checkCredentials(
        deps,
        principal.email,
        current_password,
        requestMeta(c).ip,
      );
      if (check.outcome === 'limited') {
        c.header('Retry-After', String(check.retryAfterSeconds));
        throw new ApiError(429, 'rate_limited', tooManyAttemptsMessage(check.retryAfterSeconds));
      }
      if (check.outcome !== 'ok') {
        throw new ApiError(400, 'invalid_current_password', 'Your current password is not correct');
      }
      const passwordHash = await hashPassword(new_password);
      const ended = await deps.db.transaction(async (tx) => {
        await tx
          .update(passwordCredentials)
          .set({ passwordHash, mustChange: false, updatedAt: now })
          .where(eq(passwordCredentials.userId, principal.userId));
        const count = await revokeSessionsOf(tx, principal.userId, now, principal.sessionId);
        await recordAuthEvent(tx, c, {
          eventType: AUDIT_EVENTS.passwordChanged,
          severity: 'medium',
          userId: principal.userId,
          tokenTail: principal.tokenTail,
          details: { was_required: principal.mustChangePassword, other_sessions_ended: count },
        });
        return count;
      });
      c.header('X-Sessions-Ended', String(ended));
      return c.json(
        {
          user: {
            id: principal.userId,
            email: principal.email,
            user_metadata: { full_name: principal.fullName ?? '' },
            roles: await activeRoles(deps.db, principal.userId),
          },
          session_id: principal.sessionId,
          must_change_password: false,
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-up',
      operationId: 'signUp',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Create an account with the user role (only when ALLOW_SIGNUP=true)',
      description:
        "The answer, and the time it takes, are the same for a free address, one that already has an account and a reserved one (the system administrators'): the caller then signs in with the password it chose.",
      request: {
        body: jsonBody(signUpBodySchema, {
          full_name: 'New Member',
          email: 'new.member@example.com',
          password: 'a longer passphrase of my own',
        }),
      },
      responses: {
        202: jsonResponse(
          signUpAcceptedSchema,
          'Taken in: the same answer whether or not the address already had an account',
        ),
      },
      errors: [403, 409, 429],
    }),
    async (c) => {
      const deps = c.get('deps');
      if (!deps.config.allowSignup) {
        throw new ApiError(403, 'signup_disabled', 'Sign-up is turned off on this server');
      }
      const input = c.req.valid('json');
      const meta = requestMeta(c);
      const now = deps.now();
      const limit = await consumeRateLimit(
        deps.db,
        { bucket: `signup:ip:${meta.ip ?? 'unknown'}`, limit: 5, windowMs: SIGN_IN_WINDOW_MS },
        now,
      );
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        throw new ApiError(
          429,
          'rate_limited',
          `Too many sign-ups from this address. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
        );
      }
      // The same answer, after the same work (one scrypt hash, one transaction with
      // its audit record), whether the address was free, taken or reserved.
      const email = input.email.trim().toLowerCase();
      const passwordHash = await hashPassword(input.password);
      const existing = await findAccount(deps.db, email);
      const refusal = isSystemAdminAddress(email) ? 'reserved' : existing ? 'email_taken' : null;
      const recordRefusal = (reason: string) =>
        recordAuthEvent(deps.db, c, {
          eventType: AUDIT_EVENTS.signUpFailure,
          severity: reason === 'reserved' ? 'medium' : 'low',
          userId: null,
          details: { email: input.email, reason },
        });
      if (refusal) {
        await recordRefusal(refusal);
      } else {
        try {
          await deps.db.transaction(async (tx) => {
            const [user] = await tx
              .insert(platformUsers)
              .values({
                email: input.email,
                fullName: input.full_name,
                isActive: true,
                createdAt: now,
              })
              .returning();
            await tx
              .insert(platformRoleAssignments)
              .values({ userId: user!.id, role: 'user', isActive: true, grantedAt: now });
            await tx
              .insert(passwordCredentials)
              .values({ userId: user!.id, passwordHash, mustChange: false, updatedAt: now });
            await recordAuthEvent(tx, c, {
              eventType: AUDIT_EVENTS.signUpSuccess,
              severity: 'low',
              userId: user!.id,
              details: { email: input.email },
            });
          });
        } catch (err) {
          // Another sign-up took the address a moment earlier.
          if (!isUniqueViolation(err)) throw err;
          await recordRefusal('email_taken');
        }
      }
      return c.json({ message: SIGN_UP_ACCEPTED }, 202);
    },
  );
