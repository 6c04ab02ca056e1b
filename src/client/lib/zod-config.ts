import { z } from 'zod';

/**
 * Our content security policy forbids eval, and zod probes for it (new
 * Function) when it builds an object schema, which the browser reports as a
 * CSP violation. Imported first in main.tsx, before any schema is built.
 */
z.config({ jitless: true });
