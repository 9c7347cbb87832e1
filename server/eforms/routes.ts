/** eForms: boards, cards, assignments, the public link and its one-time code gate (issue 4). */
import type { FastifyInstance } from 'fastify';
import { publicEformRoutes } from './publicRoutes';
import { staffEformRoutes } from './staff';

export async function eformRoutes(fastify: FastifyInstance) {
  await fastify.register(publicEformRoutes);
  await fastify.register(staffEformRoutes);
}
