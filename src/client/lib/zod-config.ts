import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` unless told not to, and
 * probes for that ability when a schema is built. Our CSP forbids eval, and
 * the browser reports even the caught probe as a violation. Imported first
 * by app-root.tsx, before any schema exists.
 */
z.config({ jitless: true });
