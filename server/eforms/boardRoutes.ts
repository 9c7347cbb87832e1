/** eForm boards of a store: list with their cards, create, rename, delete an empty one. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { Board, BoardInput, BoardRename, FormStores, FormStoresQuery } from '../../src/contract/eforms';
import { errorText } from '../../src/contract/errorCodes';
import { HttpError } from '../http/errors';
import { createBoard, deleteBoard, renameBoard, storeBoards } from './boards';
import { errors, orNotFound, security, staff } from './staffAccess';

const BoardParams = z.object({ boardId: Uuid });

export async function boardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/patient/formstores',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: "A store's boards with their forms", security, querystring: FormStoresQuery, response: { 200: FormStores, ...errors } },
    },
    (request) => orNotFound(request, 'eforms.boardNotFound', (tx) => storeBoards(tx, request, request.query.locationId)),
  );

  app.post(
    '/eforms/boards',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Creates a board in a store', security, body: BoardInput, response: { 200: Board, ...errors } },
    },
    async (request) => {
      const result = await request.inTenant((tx) => createBoard(tx, request, request.body));
      if (result === 'notFound') throw new HttpError(404, 'eforms.boardNotFound');
      if (result === 'taken') throw new HttpError(409, 'eforms.boardUriTaken', { fields: { uri: errorText('eforms.boardUriTaken') } });
      return result;
    },
  );

  app.post(
    '/eforms/boards/:boardId/rename',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Renames a board (its address stays)', security, params: BoardParams, body: BoardRename, response: { 200: Board, ...errors } },
    },
    (request) => orNotFound(request, 'eforms.boardNotFound', (tx) => renameBoard(tx, request, request.params.boardId, request.body.name)),
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
      const result = await orNotFound(request, 'eforms.boardNotFound', (tx) => deleteBoard(tx, request, request.params.boardId));
      if (result === 'notEmpty') throw new HttpError(409, 'eforms.boardNotEmpty');
      return result;
    },
  );
}
