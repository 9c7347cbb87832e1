import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withoutTenant } from '../db/client';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
});

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['operations'], summary: 'Is the database reachable (as the runtime role)?', response: { 200: Health, 503: Health } },
    },
    async (_request, reply) => {
      try {
        await withoutTenant(db.owner, (tx) => tx.execute(sql`select 1`));
        return { status: 'ok' as const, database: 'up' as const, databaseKind: db.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: 'down', databaseKind: db.kind });
      }
    },
  );
}
