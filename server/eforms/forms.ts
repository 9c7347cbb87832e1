/** eForm cards (forms) in the builder: read, save, remove, list, publish, duplicate and preview. */
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { clearAnswers, type Card, type CardInput, type EForm, type FormList, type FormsQuery, type RemoveFormAnswer, type Section } from '../../src/contract/eforms';
import { keptTranslations } from '../../src/contract/eformTexts';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { formAssignments, formBoards, forms } from '../db/schema-eforms';
import { nowOf } from '../scope/audited';
import { canSeeStore, storeCondition } from '../scope/scope';
import { callerStores, cardOf, event, SectionList, summaries, visibleForm, type FormRow } from './staffAccess';
import { callerOf } from '../scope/context';

export async function readCard(tx: Tx, request: FastifyRequest, formId: string): Promise<Card | null> {
  const f = await visibleForm(tx, request, formId, 'eform.card.read');
  return f && cardOf(f);
}

/**
 * Saves a card: creates it without id, else updates it. `sections` are the body's, answers cleared. Null (audited)
 * for a board or card out of reach; 'empty' for a published card without sections.
 */
export async function saveCard(tx: Tx, request: FastifyRequest, body: z.infer<typeof CardInput>, sections: Section[]): Promise<Card | 'empty' | null> {
  const allowed = await callerStores(tx, request);
  const [board] = await tx.select().from(formBoards).where(eq(formBoards.id, body.boardId));
  if (!board || !canSeeStore(allowed, board.locationId)) {
    await audit(tx, event(request, { action: 'eform.card.save', outcome: 'denied', targetType: 'form_board', targetId: body.boardId }));
    return null;
  }
  const at = nowOf(request);
  const values = {
    boardId: board.id,
    locationId: board.locationId,
    name: body.name,
    description: body.description,
    requiresCode: body.requiresCode,
    linkValidDays: body.linkValidDays,
    sections,
    language: body.language,
    translations: keptTranslations({ name: body.name, description: body.description, sections }, body.language, body.translations),
    updatedAt: at,
  };
  let saved: FormRow | undefined;
  if (body.id) {
    const existing = await visibleForm(tx, request, body.id, 'eform.card.save');
    if (!existing) return null;
    const status = body.status ?? existing.status;
    if (status === 'published' && sections.length === 0) return 'empty';
    [saved] = await tx
      .update(forms)
      .set({ ...values, status, publishedAt: status === 'published' ? (existing.publishedAt ?? at) : existing.publishedAt })
      .where(eq(forms.id, existing.id))
      .returning();
  } else {
    const status = body.status ?? 'draft';
    [saved] = await tx
      .insert(forms)
      .values({ ...values, status, createdBy: callerOf(request).sub, publishedAt: status === 'published' ? at : null })
      .returning();
  }
  await audit(tx, event(request, { action: 'eform.card.save', outcome: 'success', targetType: 'form', targetId: saved!.id, details: { created: !body.id } }));
  return cardOf(saved!);
}

/** Removes a card: archived when patients were sent it, deleted otherwise. */
export async function removeCard(tx: Tx, request: FastifyRequest, formId: string): Promise<z.infer<typeof RemoveFormAnswer> | null> {
  const f = await visibleForm(tx, request, formId, 'eform.card.remove');
  if (!f) return null;
  const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(formAssignments).where(eq(formAssignments.formId, f.id));
  const removed = (used?.n ?? 0) > 0 ? ('archived' as const) : ('deleted' as const);
  if (removed === 'archived') await tx.update(forms).set({ status: 'archived', updatedAt: nowOf(request) }).where(eq(forms.id, f.id));
  else await tx.delete(forms).where(eq(forms.id, f.id));
  await audit(tx, event(request, { action: 'eform.card.remove', outcome: 'success', targetType: 'form', targetId: f.id, details: { removed } }));
  return { id: f.id, removed };
}

/** Every form of the stores the caller may see, narrowed by the query. */
export async function listForms(tx: Tx, request: FastifyRequest, q: z.infer<typeof FormsQuery>): Promise<z.infer<typeof FormList>> {
  const allowed = await callerStores(tx, request);
  if (q.locationId && !canSeeStore(allowed, q.locationId)) return { forms: [] };
  const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const list = await summaries(
    tx,
    and(
      storeCondition(allowed, forms.locationId),
      q.locationId ? eq(forms.locationId, q.locationId) : undefined,
      q.status ? eq(forms.status, q.status) : undefined,
      pattern ? ilike(forms.name, pattern) : undefined,
    ),
  );
  return { forms: list };
}

/** Publishes a form; 'empty' when it has no section. */
export async function publishForm(tx: Tx, request: FastifyRequest, formId: string): Promise<Card | 'empty' | null> {
  const f = await visibleForm(tx, request, formId, 'eform.card.publish');
  if (!f) return null;
  if (f.sections.length === 0) return 'empty';
  const at = nowOf(request);
  const [saved] = await tx
    .update(forms)
    .set({ status: 'published', publishedAt: f.publishedAt ?? at, updatedAt: at })
    .where(eq(forms.id, f.id))
    .returning();
  await audit(tx, event(request, { action: 'eform.card.publish', outcome: 'success', targetType: 'form', targetId: f.id }));
  return cardOf(saved!);
}

/** Copies a form as a new draft on the same board. */
export async function duplicateForm(tx: Tx, request: FastifyRequest, formId: string): Promise<Card | null> {
  const f = await visibleForm(tx, request, formId, 'eform.card.duplicate');
  if (!f) return null;
  const [copy] = await tx
    .insert(forms)
    .values({
      tenantId: f.tenantId,
      boardId: f.boardId,
      locationId: f.locationId,
      name: `Copy of ${f.name}`.slice(0, 120),
      description: f.description,
      status: 'draft',
      sections: f.sections,
      language: f.language,
      translations: f.translations,
      requiresCode: f.requiresCode,
      linkValidDays: f.linkValidDays,
      position: f.position + 1,
      createdBy: callerOf(request).sub,
      updatedAt: nowOf(request),
    })
    .returning();
  await audit(tx, event(request, { action: 'eform.card.duplicate', outcome: 'success', targetType: 'form', targetId: copy!.id, details: { from: f.id } }));
  return cardOf(copy!);
}

/** The form as the public page shows it, view-only (assignId 0). */
export async function previewForm(tx: Tx, request: FastifyRequest, formId: string): Promise<EForm | null> {
  const f = await visibleForm(tx, request, formId, 'eform.card.read');
  if (!f) return null;
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    assignId: 0 as const,
    isSubmitted: 0 as const,
    isLinkExpired: 0 as const,
    isAuth: false,
    sectionlists: clearAnswers(SectionList.parse(f.sections)),
    language: f.language,
    translations: f.translations,
  };
}
