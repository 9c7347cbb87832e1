/**
 * The company's automation runs for admins: GET /api/jobs lists the most recent runs with what each queued and why
 * it failed; POST /api/jobs starts a run of a kind now (the worker does it after the answer). Both audited.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../src/contract/common';
import { JobRun, JobRuns, JobRunsQuery, JobStart, jobRunsMax } from '../../src/contract/jobs';
import { randomUUID } from 'node:crypto';
import { jobs } from '../db/schema-jobs';
import { nowOf } from '../scope/audited';

const admins = ['admin'] as const;
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

export function jobRunView(r: typeof jobs.$inferSelect): JobRun {
  const manual = r.slot.startsWith('manual:');
  return {
    id: r.id,
    kind: r.kind,
    slot: manual ? 'manual' : r.slot,
    manual,
    status: r.status,
    attempts: r.attempts,
    runAt: r.runAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    result: r.result ?? null,
    error: r.error ?? null,
  };
}

export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/jobs',
    {
      config: { access: admins },
      schema: {
        tags: ['automations'],
        summary: 'The company’s most recent automation runs (appointment reminders, recall steps), newest first, with what each queued',
        security,
        querystring: JobRunsQuery,
        response: { 200: JobRuns, ...errors },
      },
    },
    (request) =>
      request.work('jobs.read', async ({ tx }) => {
        const q = request.query;
        const where: SQL[] = [];
        if (q.kind) where.push(eq(jobs.kind, q.kind));
        if (q.status) where.push(eq(jobs.status, q.status));
        const found = await tx
          .select()
          .from(jobs)
          .where(and(...where))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(jobRunsMax);
        return { result: { runs: found.map(jobRunView) }, audit: { targetType: 'job', details: { kind: q.kind ?? null, status: q.status ?? null } } };
      }),
  );

  app.post(
    '/jobs',
    {
      config: { access: admins },
      schema: {
        tags: ['automations'],
        summary: 'Start a run of an automation now; it runs after the answer (listed by GET /api/jobs)',
        security,
        body: JobStart,
        response: { 202: JobRun, ...errors },
      },
    },
    async (request, reply) => {
      const run = await request.work('jobs.start', async ({ tx, scope }) => {
        const now = nowOf(request);
        const [row] = await tx
          .insert(jobs)
          .values({ kind: request.body.kind, slot: `manual:${randomUUID()}`, runAt: now, requestedBy: scope.userId, createdAt: now })
          .returning();
        return { result: jobRunView(row!), audit: { targetType: 'job', targetId: row!.id, details: { kind: request.body.kind } } };
      });
      app.deps.jobs.wake();
      return reply.code(202).send(run);
    },
  );
}
