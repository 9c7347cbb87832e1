import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
      schema: { tags: ['operations'], summary: 'Is the database reachable?', response: { 200: Health, 503: Health } },
    },
    async (_request, reply) => {
      try {
        // One round trip: reachability is the question; the runtime role is checked at start-up.
        await db.owner.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'up' as const, databaseKind: db.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: 'down', databaseKind: db.kind });
      }
    },
  );
}
