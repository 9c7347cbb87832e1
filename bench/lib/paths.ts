/** Where the bench runs its processes and writes its results. */
import { fileURLToPath } from 'node:url';

/** The repository root (with a trailing slash). */
export const root = fileURLToPath(new URL('../..', import.meta.url));
