/** eForms: the public link flow (a guest with the one-time code gate), and the staff's boards, forms and assignments. */
import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from './assignmentRoutes';
import { boardRoutes } from './boardRoutes';
import { formRoutes } from './formRoutes';
import { publicEformRoutes } from './publicRoutes';

export async function eformRoutes(fastify: FastifyInstance) {
  await fastify.register(publicEformRoutes);
  await fastify.register(boardRoutes);
  await fastify.register(formRoutes);
  await fastify.register(assignmentRoutes);
}
