import * as z from './zodText';

// Every schema module imports z from here, so this runs before the first schema is built. In the browser the
// CSP forbids eval: without jitless, zod probes `Function('')` and the browser reports a CSP violation.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
