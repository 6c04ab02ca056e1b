import { z } from '@hono/zod-openapi';

/**
 * The `{id}` of a path: a UUID, lower-cased as the database writes it, since ids are compared as
 * text and recorded in the audit trail. Naming the resource (`idParam('session')`) words the 400
 * as "The session id must be a UUID" and documents the parameter; without it, zod's own message.
 */
export function idParam(resource?: string) {
  if (resource === undefined) return z.object({ id: z.uuid().toLowerCase() });
  return z.object({
    id: z
      .uuid({ error: `The ${resource} id must be a UUID` })
      .toLowerCase()
      .openapi({ param: { name: 'id', in: 'path' } }),
  });
}
