import { config } from 'zod/v4/core';

// Our CSP has no 'unsafe-eval'. Zod 4 probes for `new Function` when it builds
// an object schema, and the browser reports that probe as a CSP violation even
// though Zod catches it. Jitless mode skips the probe (and the compiled fast
// path, which forms this small do not need). Imported first by main.tsx so it
// runs before any schema is built.
config({ jitless: true });
