/** eForm boards of a store: the list with their cards, create, rename, delete an empty one. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Board, BoardInput, FormStores } from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { formBoards, forms } from '../db/schema-eforms';
import { canSeeStore } from '../scope/scope';
import { boardTaken, callerStores, event, slugify, summaries, visibleBoard } from './staffAccess';

/** A store's boards with their cards; null (audited) for a store out of the caller's reach. */
export async function storeBoards(tx: Tx, request: FastifyRequest, locationId: string): Promise<z.infer<typeof FormStores> | null> {
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
}

export async function createBoard(tx: Tx, request: FastifyRequest, body: z.infer<typeof BoardInput>): Promise<Board | 'notFound' | 'taken'> {
  const uri = body.uri ?? slugify(body.name);
  const [store] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, body.locationId));
  if (!store || !canSeeStore(await callerStores(tx, request), body.locationId)) {
    await audit(tx, event(request, { action: 'eform.board.create', outcome: 'denied', targetType: 'location', targetId: body.locationId }));
    return 'notFound';
  }
  if (await boardTaken(tx, body.locationId, uri)) return 'taken';
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${formBoards.position}) + 1, 0)::int` })
    .from(formBoards)
    .where(eq(formBoards.locationId, body.locationId));
  const [b] = await tx
    .insert(formBoards)
    .values({ locationId: body.locationId, uri, name: body.name, position: next })
    .returning();
  await audit(tx, event(request, { action: 'eform.board.create', outcome: 'success', targetType: 'form_board', targetId: b!.id }));
  return { id: b!.id, locationId: b!.locationId, uri: b!.uri, name: b!.name, position: b!.position, cards: [] };
}

/** Renames a board (its address stays); null (audited) for a board out of reach. */
export async function renameBoard(tx: Tx, request: FastifyRequest, boardId: string, name: string): Promise<Board | null> {
  const b = await visibleBoard(tx, request, boardId, 'eform.board.rename');
  if (!b) return null;
  await tx.update(formBoards).set({ name }).where(eq(formBoards.id, b.id));
  await audit(tx, event(request, { action: 'eform.board.rename', outcome: 'success', targetType: 'form_board', targetId: b.id }));
  const cards = await summaries(tx, and(eq(forms.boardId, b.id), sql`${forms.status} <> 'archived'`));
  return { id: b.id, locationId: b.locationId, uri: b.uri, name, position: b.position, cards };
}

/** Deletes an empty board; 'notEmpty' when it has forms, null (audited) for a board out of reach. */
export async function deleteBoard(tx: Tx, request: FastifyRequest, boardId: string): Promise<{ id: string; removed: 'deleted' } | 'notEmpty' | null> {
  const b = await visibleBoard(tx, request, boardId, 'eform.board.delete');
  if (!b) return null;
  const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(forms).where(eq(forms.boardId, b.id));
  if ((used?.n ?? 0) > 0) return 'notEmpty';
  await tx.delete(formBoards).where(eq(formBoards.id, b.id));
  await audit(tx, event(request, { action: 'eform.board.delete', outcome: 'success', targetType: 'form_board', targetId: b.id }));
  return { id: b.id, removed: 'deleted' };
}
