import 'fastify';
import type { Access } from './http/access';
import type { AppDeps } from './app';
import type { AccessClaims } from './auth/tokens';
import type { SQL } from 'drizzle-orm';
import type { Tx } from './db/client';
import type { Done } from './scope/audited';
import type { Work, WorkOptions } from './scope/context';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** The verified access token's claims, or null for a guest: read through scope/context.ts (callerOf). */
    auth: AccessClaims | null;
    /**
     * Runs `fn` in a transaction scoped to the signed-in user's tenant, after checking that the session has not
     * been revoked. Throws a 401 error when it has.
     */
    inTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
    /** One read statement in the user's tenant, with the same session check, in a single round trip. */
    readInTenant<T>(query: SQL): Promise<T[]>;
    /**
     * One audited unit of work in the caller's tenant and store scope: exactly one audit row whatever the outcome,
     * a refusal's writes undone, messages delivered after commit.
     */
    work<T>(action: string, fn: (ctx: Work) => Done<T>, opts?: WorkOptions): Promise<T>;
  }
}
