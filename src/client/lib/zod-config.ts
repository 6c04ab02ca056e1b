import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` unless told not to, and
 * probes for that ability when a schema is built. Our CSP forbids eval, and
 * the browser reports even the caught probe as a violation. Imported first
 * by app-root.tsx and auth-root.tsx, before any schema exists; the setting
 * is zod's core's, shared by its full and its small build.
 */
config({ jitless: true });
