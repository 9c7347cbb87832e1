/** eForm cards (forms): read, save, remove, list, publish, duplicate and preview. */
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Card, CardInput, CardSaved, clearAnswers, EForm, eformMessages, FormList, FormsQuery, GetFormQuery, RemoveFormAnswer, RemoveFormBody } from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import { formAssignments, formBoards, forms } from '../db/schema-eforms';
import { HttpError } from '../http/errors';
import { canSeeStore, storeCondition } from '../scope/scope';
import { staffKit, staff, security, SectionList, cardOf, summaries, type FormRow, errors, FormParams } from './staffKit';

export async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { now, callerStores, event, orNotFound, visibleForm } = staffKit(fastify);

  app.get(
    '/patient/getform',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'One form (card) for the builder', security, querystring: GetFormQuery, response: { 200: Card, ...errors } },
    },
    async (request) =>
      orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.query.formId, 'eform.card.read');
        return f && cardOf(f);
      }),
  );

  app.post(
    '/patient/updateform',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: "Saves a card (creates it without id); answers 'Card Saved'",
        security,
        body: CardInput,
        response: { 200: CardSaved, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const sections = clearAnswers(body.sections);
      if (body.status === 'published' && sections.length === 0) {
        throw new HttpError(400, 'Please correct the highlighted fields.', { sections: 'A published form needs at least 1 section' });
      }
      const card = await orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const allowed = await callerStores(tx, request);
        const [board] = await tx.select().from(formBoards).where(eq(formBoards.id, body.boardId));
        if (!board || !canSeeStore(allowed, board.locationId)) {
          await audit(tx, event(request, { action: 'eform.card.save', outcome: 'denied', targetType: 'form_board', targetId: body.boardId }));
          return null;
        }
        const at = now();
        const values = {
          boardId: board.id,
          locationId: board.locationId,
          name: body.name,
          description: body.description,
          requiresCode: body.requiresCode,
          linkValidDays: body.linkValidDays,
          sections,
          updatedAt: at,
        };
        let saved: FormRow | undefined;
        if (body.id) {
          const existing = await visibleForm(tx, request, body.id, 'eform.card.save');
          if (!existing) return null;
          const status = body.status ?? existing.status;
          if (status === 'published' && sections.length === 0) return 'empty' as const;
          [saved] = await tx
            .update(forms)
            .set({ ...values, status, publishedAt: status === 'published' ? (existing.publishedAt ?? at) : existing.publishedAt })
            .where(eq(forms.id, existing.id))
            .returning();
        } else {
          const status = body.status ?? 'draft';
          [saved] = await tx
            .insert(forms)
            .values({ tenantId: request.auth!.tid, ...values, status, createdBy: request.auth!.sub, publishedAt: status === 'published' ? at : null })
            .returning();
        }
        await audit(tx, event(request, { action: 'eform.card.save', outcome: 'success', targetType: 'form', targetId: saved!.id, details: { created: !body.id } }));
        return cardOf(saved!);
      });
      if (card === 'empty') throw new HttpError(400, 'Please correct the highlighted fields.', { sections: 'A published form needs at least 1 section' });
      return { card, message: eformMessages.cardSaved };
    },
  );

  app.post(
    '/patient/removeform',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Removes a card: archived when patients were sent it, deleted otherwise',
        security,
        body: RemoveFormBody,
        response: { 200: RemoveFormAnswer, ...errors },
      },
    },
    async (request) =>
      orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.body.id, 'eform.card.remove');
        if (!f) return null;
        const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(formAssignments).where(eq(formAssignments.formId, f.id));
        const removed = (used?.n ?? 0) > 0 ? ('archived' as const) : ('deleted' as const);
        if (removed === 'archived') await tx.update(forms).set({ status: 'archived', updatedAt: now() }).where(eq(forms.id, f.id));
        else await tx.delete(forms).where(eq(forms.id, f.id));
        await audit(tx, event(request, { action: 'eform.card.remove', outcome: 'success', targetType: 'form', targetId: f.id, details: { removed } }));
        return { id: f.id, removed };
      }),
  );

  app.get(
    '/eforms/forms',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Every form of the stores the user may see', security, querystring: FormsQuery, response: { 200: FormList, ...errors } },
    },
    async (request) => {
      const q = request.query;
      return request.inTenant(async (tx) => {
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
      });
    },
  );



  app.post(
    '/eforms/forms/:formId/publish',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Publishes a form (it needs at least one section)', security, params: FormParams, response: { 200: Card, ...errors } },
    },
    async (request) => {
      const card = await orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.params.formId, 'eform.card.publish');
        if (!f) return null;
        if (f.sections.length === 0) return 'empty' as const;
        const at = now();
        const [saved] = await tx
          .update(forms)
          .set({ status: 'published', publishedAt: f.publishedAt ?? at, updatedAt: at })
          .where(eq(forms.id, f.id))
          .returning();
        await audit(tx, event(request, { action: 'eform.card.publish', outcome: 'success', targetType: 'form', targetId: f.id }));
        return cardOf(saved!);
      });
      if (card === 'empty') throw new HttpError(400, 'Please correct the highlighted fields.', { sections: 'A published form needs at least 1 section' });
      return card;
    },
  );

  app.post(
    '/eforms/forms/:formId/duplicate',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Copies a form as a new draft on the same board', security, params: FormParams, response: { 200: Card, ...errors } },
    },
    async (request) =>
      orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.params.formId, 'eform.card.duplicate');
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
            requiresCode: f.requiresCode,
            linkValidDays: f.linkValidDays,
            position: f.position + 1,
            createdBy: request.auth!.sub,
            updatedAt: now(),
          })
          .returning();
        await audit(tx, event(request, { action: 'eform.card.duplicate', outcome: 'success', targetType: 'form', targetId: copy!.id, details: { from: f.id } }));
        return cardOf(copy!);
      }),
  );

  app.get(
    '/eforms/forms/:formId/preview',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'The form as the public page shows it, view-only (assignId 0)',
        security,
        params: FormParams,
        response: { 200: EForm, ...errors },
      },
    },
    async (request) =>
      orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.params.formId, 'eform.card.read');
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
        };
      }),
  );

}
