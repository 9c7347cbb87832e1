/** Patient records: demographics, prescriptions, appointments, invoices, lab orders, recalls (issue 5). */
import type { FastifyInstance } from 'fastify';

export async function recordRoutes(_fastify: FastifyInstance) {}
