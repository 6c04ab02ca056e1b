import {
  sinkCreateBodySchema,
  sinkListSchema,
  sinkSchema,
  sinkTestResultSchema,
  sinkUpdateBodySchema,
  sinkWithSecretSchema,
} from '@shared/schemas/audit-sinks';
import { wakeSinkDelivery } from '../audit/sinks/deliverer';
import {
  createSink,
  deleteSink,
  listSinks,
  resumeSink,
  rotateSinkSecret,
  sendTestDelivery,
  updateSink,
} from '../audit/sinks/registry';
import { requireProductionMode } from '../auth/auth-audit';
import { requireStepUp } from '../auth/step-up';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';
import { requestMeta } from '../security/request-meta';

const app = createRouter();
app.use(
  '/admin/audit/sinks/*',
  requireProductionMode('Demo mode is on: audit events are not delivered to outside systems.'),
);
app.use(
  '/admin/audit/sinks',
  requireProductionMode('Demo mode is on: audit events are not delivered to outside systems.'),
);

const stepUpNote =
  'Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).';

const secretNote =
  'The answer holds the signing secret: it is shown this once and never again (rotate to get a new one).';

/**
 * Audit sinks (docs/product/audit-trail.md#audit-sinks): outside endpoints that receive the
 * trail's events as signed JSON batches (docs/operations.md#audit-delivery-to-sinks).
 */
export const adminAuditSinkRoutes = app
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit/sinks',
      operationId: 'listAuditSinks',
      tag: 'admin',
      access: 'super_admin',
      summary: 'The registered audit sinks and how far each has been delivered (super_admin)',
      responses: { 200: jsonResponse(sinkListSchema, 'Every sink, oldest first; no secrets') },
      errors: [409],
    }),
    async (c) => c.json(await listSinks(c.get('deps').db), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/audit/sinks',
      operationId: 'createAuditSink',
      tag: 'admin',
      access: 'super_admin',
      summary: 'Register an audit sink (super_admin)',
      description: `The URL must use https (plain http only for localhost, 127.0.0.0/8 or [::1]) and may not name a private or link-local address. \`event_types\` are exact types or prefixes like \`auth.*\`; empty lists keep every event. Delivery starts with the events after the trail's head now, the sink's own creation event first. On the audit trail (high). ${secretNote} ${stepUpNote}`,
      request: {
        body: jsonBody(sinkCreateBodySchema, {
          name: 'SIEM',
          url: 'https://siem.example.com/audit',
          event_types: ['auth.*'],
          severities: ['high', 'critical'],
          enabled: true,
        }),
      },
      responses: { 201: jsonResponse(sinkWithSecretSchema, 'The sink, with its secret') },
      errors: [409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'register_audit_sink');
      const sink = await createSink(deps, principal, c.req.valid('json'), meta);
      wakeSinkDelivery(deps);
      return c.json(sink, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/admin/audit/sinks/{id}',
      operationId: 'updateAuditSink',
      tag: 'admin',
      access: 'super_admin',
      summary: "Change an audit sink's name, URL, filters or switch (super_admin)",
      description: `A disabled sink keeps its place: enabled again, it delivers from where it stopped. A change is on the audit trail (high) with what changed. ${stepUpNote}`,
      request: {
        params: idParam('sink'),
        body: jsonBody(sinkUpdateBodySchema, { enabled: false }),
      },
      responses: { 200: jsonResponse(sinkSchema, 'The sink now') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'change_audit_sink');
      const sink = await updateSink(
        deps,
        principal,
        c.req.valid('param').id,
        c.req.valid('json'),
        meta,
      );
      wakeSinkDelivery(deps);
      return c.json(sink, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'delete',
      path: '/admin/audit/sinks/{id}',
      operationId: 'deleteAuditSink',
      tag: 'admin',
      access: 'super_admin',
      summary: 'Remove an audit sink (super_admin)',
      description: `Nothing more is delivered to it. On the audit trail (high). ${stepUpNote}`,
      request: { params: idParam('sink') },
      responses: { 204: { description: 'Removed' } },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'remove_audit_sink');
      await deleteSink(deps, principal, c.req.valid('param').id, meta);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/audit/sinks/{id}/rotate-secret',
      operationId: 'rotateAuditSinkSecret',
      tag: 'admin',
      access: 'super_admin',
      summary: "Replace an audit sink's signing secret (super_admin)",
      description: `Deliveries from now on are signed with the new secret. On the audit trail (high). ${secretNote} ${stepUpNote}`,
      request: { params: idParam('sink') },
      responses: { 200: jsonResponse(sinkWithSecretSchema, 'The sink, with its new secret') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'rotate_audit_sink_secret');
      return c.json(await rotateSinkSecret(deps, principal, c.req.valid('param').id, meta), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/audit/sinks/{id}/resume',
      operationId: 'resumeAuditSink',
      tag: 'admin',
      access: 'super_admin',
      summary: 'Resume a paused audit sink from where it stopped (super_admin)',
      description:
        'Clears the failures and delivers again at once, starting with the batch that failed. On the audit trail (medium).',
      request: { params: idParam('sink') },
      responses: { 200: jsonResponse(sinkSchema, 'The sink now') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const sink = await resumeSink(
        deps,
        c.get('principal')!,
        c.req.valid('param').id,
        requestMeta(c),
      );
      wakeSinkDelivery(deps);
      return c.json(sink, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/audit/sinks/{id}/test',
      operationId: 'testAuditSink',
      tag: 'admin',
      access: 'super_admin',
      summary: 'Send an audit sink a signed test delivery and say what it answered (super_admin)',
      description:
        'The body is `{ "sink_id", "test": true, "events": [] }`, signed like every delivery; the cursor does not move. On the audit trail with the outcome (medium).',
      request: { params: idParam('sink') },
      responses: { 200: jsonResponse(sinkTestResultSchema, "The receiver's answer") },
      errors: [404, 409],
    }),
    async (c) =>
      c.json(
        await sendTestDelivery(
          c.get('deps'),
          c.get('principal')!,
          c.req.valid('param').id,
          requestMeta(c),
        ),
        200,
      ),
  );
