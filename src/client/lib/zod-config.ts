import { z } from 'zod';

// zod compiles object parsers with `new Function` when it can. Our CSP forbids
// eval, and merely probing for it raises a CSP violation, so turn that off
// before any schema is created. Imported first by main.tsx.
z.config({ jitless: true });
