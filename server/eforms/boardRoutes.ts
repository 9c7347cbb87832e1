/** eForm boards of a store: list with their cards, create, rename, delete an empty one. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { Board, BoardInput, BoardRename, eformMessages, FormStores, FormStoresQuery } from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import { locations } from '../db/schema';
import { formBoards, forms } from '../db/schema-eforms';
import { HttpError } from '../http/errors';
import { canSeeStore } from '../scope/scope';
import { staffKit, staff, security, slugify, summaries, errors } from './staffKit';

export async function boardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { callerStores, event, orNotFound, visibleBoard, boardTaken } = staffKit(fastify);

  app.get(
    '/patient/formstores',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: "A store's boards with their forms", security, querystring: FormStoresQuery, response: { 200: FormStores, ...errors } },
    },
    async (request) => {
      const { locationId } = request.query;
      return orNotFound(request, eformMessages.boardNotFound, async (tx) => {
        const [store] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
        if (!store || !canSeeStore(await callerStores(tx, request), locationId)) {
          await audit(tx, event(request, { action: 'eform.boards.read', outcome: 'denied', targetType: 'location', targetId: locationId }));
          return null;
        }
        const boards = await tx.select().from(formBoards).where(eq(formBoards.locationId, locationId)).orderBy(asc(formBoards.position), asc(formBoards.name));
        const cards = await summaries(tx, and(eq(forms.locationId, locationId), sql`${forms.status} <> 'archived'`));
        return {
          boards: boards.map((b) => ({
            id: b.id,
            locationId: b.locationId,
            uri: b.uri,
            name: b.name,
            position: b.position,
            cards: cards.filter((c) => c.boardId === b.id),
          })),
        };
      });
    },
  );


  app.post(
    '/eforms/boards',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Creates a board in a store', security, body: BoardInput, response: { 200: Board, ...errors } },
    },
    async (request) => {
      const body = request.body;
      const uri = body.uri ?? slugify(body.name);
      const result = await request.inTenant(async (tx) => {
        const [store] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, body.locationId));
        if (!store || !canSeeStore(await callerStores(tx, request), body.locationId)) {
          await audit(tx, event(request, { action: 'eform.board.create', outcome: 'denied', targetType: 'location', targetId: body.locationId }));
          return 'notFound' as const;
        }
        if (await boardTaken(tx, body.locationId, uri)) return 'taken' as const;
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${formBoards.position}) + 1, 0)::int` })
          .from(formBoards)
          .where(eq(formBoards.locationId, body.locationId));
        const [b] = await tx
          .insert(formBoards)
          .values({ tenantId: request.auth!.tid, locationId: body.locationId, uri, name: body.name, position: next })
          .returning();
        await audit(tx, event(request, { action: 'eform.board.create', outcome: 'success', targetType: 'form_board', targetId: b!.id }));
        return { id: b!.id, locationId: b!.locationId, uri: b!.uri, name: b!.name, position: b!.position, cards: [] };
      });
      if (result === 'notFound') throw new HttpError(404, eformMessages.boardNotFound);
      if (result === 'taken') throw new HttpError(409, 'A board with this address exists in this store.', { uri: 'A board with this address exists in this store.' });
      return result;
    },
  );


  const BoardParams = z.object({ boardId: Uuid });
  app.post(
    '/eforms/boards/:boardId/rename',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Renames a board (its address stays)', security, params: BoardParams, body: BoardRename, response: { 200: Board, ...errors } },
    },
    async (request) =>
      orNotFound(request, eformMessages.boardNotFound, async (tx) => {
        const b = await visibleBoard(tx, request, request.params.boardId, 'eform.board.rename');
        if (!b) return null;
        await tx.update(formBoards).set({ name: request.body.name }).where(eq(formBoards.id, b.id));
        await audit(tx, event(request, { action: 'eform.board.rename', outcome: 'success', targetType: 'form_board', targetId: b.id }));
        const cards = await summaries(tx, and(eq(forms.boardId, b.id), sql`${forms.status} <> 'archived'`));
        return { id: b.id, locationId: b.locationId, uri: b.uri, name: request.body.name, position: b.position, cards };
      }),
  );

  app.post(
    '/eforms/boards/:boardId/delete',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Deletes an empty board (a board with forms is refused)',
        security,
        params: BoardParams,
        response: { 200: z.object({ id: z.string(), removed: z.literal('deleted') }), ...errors },
      },
    },
    async (request) => {
      const result = await orNotFound(request, eformMessages.boardNotFound, async (tx) => {
        const b = await visibleBoard(tx, request, request.params.boardId, 'eform.board.delete');
        if (!b) return null;
        const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(forms).where(eq(forms.boardId, b.id));
        if ((used?.n ?? 0) > 0) return 'notEmpty' as const;
        await tx.delete(formBoards).where(eq(formBoards.id, b.id));
        await audit(tx, event(request, { action: 'eform.board.delete', outcome: 'success', targetType: 'form_board', targetId: b.id }));
        return { id: b.id, removed: 'deleted' as const };
      });
      if (result === 'notEmpty') throw new HttpError(409, 'Move or remove the forms of this board first.');
      return result;
    },
  );

}
