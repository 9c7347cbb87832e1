/**
 * The inbox (/api/inbox; a patient and their store's staff) and the guest order tracking page's read
 * (/api/public/tracking/{key}). Every inbox call runs audited in the caller's tenant: a patient reaches their own
 * conversations, staff their stores' (server/inbox/inbox.ts); anything else is 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import {
  ConversationChange,
  ConversationDetail,
  ConversationList,
  InboxListQuery,
  NewConversation,
  NewMessage,
  TrackingKeyParams,
  TrackingView,
  UnreadCount,
} from '../../src/contract/inbox';
import { HttpError } from '../http/errors';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { scopeOf } from '../scope/context';
import { changeConversation, listConversations, openConversation, replyTo, startConversation, unreadCount } from './inbox';
import { readTracking } from './tracking';
import { publicUrlOf } from '../http/publicUrl';

const security = [{ bearer: [] }];
const tags = ['inbox'];
const inboxLinkOf = (request: FastifyRequest) => `${publicUrlOf(request)}/apps/mail`;
const Params = z.object({ conversationId: Uuid });

export async function inboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readers = { access: ['patient', ...clinicalRoles] as const };
  const staff = { access: clinicalRoles };

  app.get(
    '/inbox',
    {
      config: readers,
      schema: { tags, summary: "The reader's conversations (a patient's own, staff their stores'), newest first", security, querystring: InboxListQuery, response: { 200: ConversationList, ...errors } },
    },
    (request) => request.work('inbox.list', ({ tx, scope }) => listConversations(tx, scope, request.query)),
  );

  app.get(
    '/inbox/unread/count',
    {
      config: readers,
      schema: { tags, summary: 'How many messages from the other side the reader has not opened (the toolbar badge)', security, response: { 200: UnreadCount, ...errors } },
    },
    // A count, no record: not audited (it is asked on every page).
    (request) => request.inTenant(async (tx) => ({ unread: await unreadCount(tx, await scopeOf(tx, request)) })).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 404) return { unread: 0 };
      throw err;
    }),
  );

  app.post(
    '/inbox',
    {
      config: readers,
      schema: {
        tags,
        summary: 'A new conversation: a patient writes to their store; staff write to a patient of their stores (patientId)',
        description: 'The patient is told by their preferred channel that a staff message is waiting, never what it says.',
        security,
        body: NewConversation,
        response: { 201: ConversationDetail, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('inbox.start', ({ tx, scope }) => startConversation(tx, scope, request.body, nowOf(request), inboxLinkOf(request)));
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/inbox/:conversationId',
    {
      config: readers,
      schema: { tags, summary: "A conversation with its messages; the other side's are marked read", security, params: Params, response: { 200: ConversationDetail, ...errors } },
    },
    (request) => request.work('inbox.read', ({ tx, scope }) => openConversation(tx, scope, request.params.conversationId, nowOf(request))),
  );

  app.post(
    '/inbox/:conversationId/messages',
    {
      config: readers,
      schema: { tags, summary: 'Writes in a conversation (a patient reopens a done one)', security, params: Params, body: NewMessage, response: { 200: ConversationDetail, ...errors } },
    },
    (request) => request.work('inbox.write', ({ tx, scope }) => replyTo(tx, scope, request.params.conversationId, request.body.text, nowOf(request), inboxLinkOf(request))),
  );

  app.patch(
    '/inbox/:conversationId',
    {
      config: staff,
      schema: { tags, summary: 'Staff: assign the conversation to oneself (or give it back), mark it done or open', security, params: Params, body: ConversationChange, response: { 200: ConversationDetail, ...errors } },
    },
    (request) => request.work('inbox.change', ({ tx, scope }) => changeConversation(tx, scope, request.params.conversationId, request.body)),
  );

  app.get(
    '/public/tracking/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['order tracking'],
        summary: "The guest order tracking page (/pr/{key}): the order's timeline, expected date and store, the patient's first name only",
        description: '410 tracking.expired 7 days after the order was delivered (or at once when the company is suspended); 404 for no such link.',
        params: TrackingKeyParams,
        response: { 200: TrackingView, 400: ErrorResponse, 404: ErrorResponse, 410: ErrorResponse },
      },
    },
    async (request) => {
      const { db, secrets } = request.server.deps;
      const answer = await readTracking(db, secrets, request.params.key, nowOf(request));
      if (answer.kind === 'notFound') throw new HttpError(404, 'request.notFound');
      if (answer.kind === 'expired') throw new HttpError(410, 'tracking.expired');
      return answer.view;
    },
  );
}
