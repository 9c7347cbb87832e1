/** eForms: boards, cards, assignments, the public link and its one-time code gate (issue 4). */
import type { FastifyInstance } from 'fastify';

export async function eformRoutes(_fastify: FastifyInstance) {}
