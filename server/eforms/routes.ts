/** eForms: the public link flow (a guest with the one-time code gate), a patient's own forms, and the staff's boards, forms and assignments. */
import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from './assignmentRoutes';
import { boardRoutes } from './boardRoutes';
import { formRoutes } from './formRoutes';
import { ownFormRoutes } from './ownFormRoutes';
import { publicEformRoutes } from './publicRoutes';

export async function eformRoutes(fastify: FastifyInstance) {
  await fastify.register(publicEformRoutes);
  await fastify.register(boardRoutes);
  await fastify.register(formRoutes);
  await fastify.register(assignmentRoutes);
  await fastify.register(ownFormRoutes);
}
