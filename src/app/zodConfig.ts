import { z } from 'zod';

// The CSP forbids eval. Without this, zod probes `Function('')` when the first schema is built, and the browser
// reports a CSP violation. Imported first in main.tsx so it runs before any schema module.
z.config({ jitless: true });
