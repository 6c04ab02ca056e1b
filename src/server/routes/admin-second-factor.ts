import {
  resetSecondFactorBodySchema,
  secondFactorPolicySchema,
  secondFactorResetSchema,
} from '@shared/schemas/mfa';
import {
  resetSecondFactor,
  secondFactorPolicy,
  setSecondFactorPolicy,
} from '../admin/second-factor-admin';
import { requireStepUp } from '../auth/step-up';
import { requireProductionMode } from '../auth/auth-audit';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';
import { requestMeta } from '../security/request-meta';

const app = createRouter();
app.use(
  '/admin/settings/second-factor-policy',
  requireProductionMode(
    'Demo mode is on: the two-step sign-in policy is simulated in the browser.',
  ),
);
app.use(
  '/admin/users/:id/reset-second-factor',
  requireProductionMode('Demo mode is on: two-step sign-in is simulated in the browser.'),
);

const stepUpNote =
  'Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).';

/**
 * Who must have a second factor (docs/product/sign-in.md#second-factor-policy)
 * and a super administrator's reset of another account's factors
 * (docs/product/admin-console.md#reset-second-factor).
 */
export const adminSecondFactorRoutes = app
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/settings/second-factor-policy',
      operationId: 'getSecondFactorPolicy',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Who must have a second factor: not_required, administrators or everyone',
      responses: { 200: jsonResponse(secondFactorPolicySchema, 'The policy') },
      errors: [409],
    }),
    async (c) => c.json({ policy: await secondFactorPolicy(c.get('deps').db) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/admin/settings/second-factor-policy',
      operationId: 'setSecondFactorPolicy',
      tag: 'admin',
      access: 'super_admin',
      summary: 'Set who must have a second factor (super_admin)',
      description: `An account the policy covers that has no second factor then reaches only its own account's basics and the set-up until it has one (403 \`second_factor_enrolment_required\`). A change is on the audit trail (high). ${stepUpNote}`,
      request: { body: jsonBody(secondFactorPolicySchema, { policy: 'administrators' }) },
      responses: { 200: jsonResponse(secondFactorPolicySchema, 'The policy now') },
      errors: [409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'change_second_factor_policy');
      const { policy } = c.req.valid('json');
      return c.json({ policy: await setSecondFactorPolicy(deps, principal, policy, meta) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/users/{id}/reset-second-factor',
      operationId: 'resetSecondFactor',
      tag: 'admin',
      access: 'super_admin',
      summary: "Reset another account's two-step sign-in (super_admin), saying why",
      description: `Removes the account's authenticator app, recovery codes and passkeys, ends its sessions, and makes it set up a second factor again at its next sign-in. Never one's own account (400 \`own_account\`). On the audit trail (high) with the reason. ${stepUpNote}`,
      request: {
        params: idParam('user'),
        body: jsonBody(resetSecondFactorBodySchema, { reason: 'Lost their phone' }),
      },
      responses: { 200: jsonResponse(secondFactorResetSchema, 'What was removed and ended') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      // One's own account is refused (and recorded) whatever the step-up.
      if (id !== principal.userId)
        await requireStepUp(deps, principal, meta, 'reset_second_factor');
      return c.json(await resetSecondFactor(deps, principal, id, reason, meta), 200);
    },
  );
