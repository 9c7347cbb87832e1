import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailableError } from './errors';

/** Seconds a client is asked to wait (Retry-After) before it tries again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** How long the database must answer without a failure for an outage to count as over. */
const QUIET_MS = 1_000;

export interface DatabaseOutage {
  /** A request failed for want of the database. */
  failed(err: unknown): void;
  /**
   * Work of the process itself (the outbox, scheduled jobs) failed: when for want of the database the outage
   * takes it (said once for the outage, however often the work polls) and this answers true; the caller logs
   * any other failure itself.
   */
  owns(err: unknown): boolean;
  /** The database answered: an outage under way is over once no failure follows within a second. */
  reachable(): void;
  stop(): void;
}

/**
 * One log line when the database becomes unreachable and one when it is back, with the count of refused
 * requests between: during an outage every request fails the same way, and a stack for each would bury
 * everything else in the log. A failover or a burst of ended connections, where failures and answers interleave
 * for a moment, is one outage. /api/health answers whether the database is up at any moment.
 */
export function databaseOutage(log: FastifyBaseLogger): DatabaseOutage {
  let since: number | null = null;
  let lastFailure = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  const down = (err: unknown) => {
    lastFailure = Date.now();
    if (since !== null) return;
    since = lastFailure;
    // The cause without its stack: where in the code it surfaced says nothing about why.
    const { code, message } = innermost(err);
    log.error({ cause: { code, message } }, 'database unavailable');
  };
  return {
    failed(err) {
      refused++;
      down(err);
    },
    owns(err) {
      if (!isDatabaseUnavailableError(err)) return false;
      down(err);
      return true;
    },
    reachable() {
      if (since === null || timer) return;
      const answeredAt = Date.now();
      timer = setTimeout(() => {
        timer = undefined;
        // A failure after that answer: still out, and the next answer tries again.
        if (since === null || lastFailure > answeredAt) return;
        log.warn({ seconds: Math.round((answeredAt - since) / 100) / 10, refused }, 'database available again');
        since = null;
        refused = 0;
      }, QUIET_MS);
      timer.unref();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** The innermost error of a wrapped one (Drizzle wraps the driver's in a message quoting the whole query). */
function innermost(err: unknown): { code?: unknown; message?: unknown } {
  let e = (err ?? {}) as { code?: unknown; message?: unknown; cause?: unknown };
  for (let depth = 0; e.cause && typeof e.cause === 'object' && depth < 3; depth++) e = e.cause as typeof e;
  return { code: e.code, message: e.message };
}
