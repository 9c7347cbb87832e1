/**
 * Staff side of eForms: boards and cards (the builder), publishing, sending a form to patients, following the
 * assignments and reading submissions. Admins and staff only, and only in the stores the user is limited to
 * (user_locations; none listed = every store). Everything is audited as eform.*.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import type {
  CardSummary} from '../../src/contract/eforms';
import {
  AssignBody,
  Assignment,
  AssignmentList,
  AssignmentsQuery,
  assignmentStatus,
  Board,
  BoardInput,
  BoardRename,
  Card,
  CardInput,
  CardSaved,
  clearAnswers,
  EForm,
  eformMessages,
  FormList,
  FormsQuery,
  FormStores,
  FormStoresQuery,
  formatUsDate,
  GetFormQuery,
  RemoveFormAnswer,
  RemoveFormBody,
  Section,
  Submission,
} from '../../src/contract/eforms';
import type { Role } from '../../src/contract/common';
import { audit, type AuditEvent } from '../audit/audit';
import { allowedLocationIds } from '../auth/user-view';
import type { Tx } from '../db/client';
import { locations, oneTimeCodes } from '../db/schema';
import { formAssignments, formBoards, forms, formSubmissions } from '../db/schema-eforms';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { newLinkToken } from './crypto';
import { queueEformMessage, type Channel } from './messages';

const staff: readonly Role[] = ['admin', 'staff'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const SectionList = z.array(Section);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type FormRow = typeof forms.$inferSelect;
type AssignmentRow = typeof formAssignments.$inferSelect;

function cardOf(f: FormRow): Card {
  return {
    id: f.id,
    boardId: f.boardId,
    locationId: f.locationId,
    name: f.name,
    description: f.description,
    status: f.status,
    requiresCode: f.requiresCode,
    linkValidDays: f.linkValidDays,
    sections: SectionList.parse(f.sections),
    updatedAt: f.updatedAt.toISOString(),
    publishedAt: iso(f.publishedAt),
  };
}

function slugify(name: string): string {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'board';
}

const summaryColumns = {
  id: forms.id,
  boardId: forms.boardId,
  locationId: forms.locationId,
  locationName: locations.name,
  boardName: formBoards.name,
  name: forms.name,
  description: forms.description,
  status: forms.status,
  requiresCode: forms.requiresCode,
  linkValidDays: forms.linkValidDays,
  sectionCount: sql<number>`jsonb_array_length(${forms.sections})::int`,
  assignmentCount: sql<number>`(select count(*) from form_assignments fa where fa.tenant_id = ${forms.tenantId} and fa.form_id = ${forms.id})::int`,
  submittedCount: sql<number>`(select count(*) from form_assignments fa where fa.tenant_id = ${forms.tenantId} and fa.form_id = ${forms.id} and fa.submitted_at is not null)::int`,
  updatedAt: forms.updatedAt,
};

async function summaries(tx: Tx, where: SQL | undefined): Promise<CardSummary[]> {
  const rows = await tx
    .select(summaryColumns)
    .from(forms)
    .innerJoin(formBoards, and(eq(formBoards.tenantId, forms.tenantId), eq(formBoards.id, forms.boardId)))
    .innerJoin(locations, and(eq(locations.tenantId, forms.tenantId), eq(locations.id, forms.locationId)))
    .where(where)
    .orderBy(asc(locations.name), asc(formBoards.position), asc(forms.position), asc(forms.name));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

const assignmentColumns = {
  a: formAssignments,
  firstName: patients.firstName,
  lastName: patients.lastName,
};

export async function staffEformRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, outbox } = app.deps;
  const now = () => config.now();

  /** The stores the user may work in: null = every store of the company. */
  const scope = async (tx: Tx, request: FastifyRequest): Promise<string[] | null> => {
    const ids = await allowedLocationIds(tx, request.auth!.sub);
    return ids.length ? ids : null;
  };
  const inScope = (allowed: string[] | null, locationId: string) => allowed === null || allowed.includes(locationId);

  const event = (request: FastifyRequest, e: Omit<AuditEvent, 'tenantId' | 'actorUserId' | 'actorRoles' | 'ip'>): AuditEvent => ({
    tenantId: request.auth!.tid,
    actorUserId: request.auth!.sub,
    actorRoles: request.auth!.roles,
    ip: request.ip,
    ...e,
  });

  /** Denied look-ups are recorded in a transaction that commits; the 404 is thrown after it. */
  const orNotFound = async <T>(request: FastifyRequest, message: string, fn: (tx: Tx) => Promise<T | null>): Promise<T> => {
    const result = await request.inTenant(fn);
    if (result === null) throw new HttpError(404, message);
    return result;
  };

  const visibleForm = async (tx: Tx, request: FastifyRequest, formId: string, action: string): Promise<FormRow | null> => {
    const [f] = await tx.select().from(forms).where(eq(forms.id, formId));
    if (f && inScope(await scope(tx, request), f.locationId)) return f;
    await audit(tx, event(request, { action, outcome: 'denied', targetType: 'form', targetId: formId }));
    return null;
  };

  const visibleAssignment = async (tx: Tx, request: FastifyRequest, id: string, action: string): Promise<AssignmentRow | null> => {
    const [a] = await tx.select().from(formAssignments).where(eq(formAssignments.id, id));
    if (a && inScope(await scope(tx, request), a.locationId)) return a;
    await audit(tx, event(request, { action, outcome: 'denied', targetType: 'form_assignment', targetId: id }));
    return null;
  };

  const assignmentsWhere = async (tx: Tx, where: SQL | undefined): Promise<Assignment[]> => {
    const rows = await tx
      .select(assignmentColumns)
      .from(formAssignments)
      .innerJoin(patients, and(eq(patients.tenantId, formAssignments.tenantId), eq(patients.id, formAssignments.patientId)))
      .where(where)
      .orderBy(desc(formAssignments.createdAt), asc(formAssignments.id));
    const at = now();
    return rows.map(({ a, firstName, lastName }) => ({
      id: a.id,
      formId: a.formId,
      formName: a.formSnapshot.name,
      patientId: a.patientId,
      patientName: `${firstName} ${lastName}`,
      locationId: a.locationId,
      status: assignmentStatus(a, at),
      requiresCode: a.requiresCode,
      channels: a.channels,
      expiresAt: a.expiresAt.toISOString(),
      sentAt: iso(a.sentAt),
      openedAt: iso(a.openedAt),
      verifiedAt: iso(a.verifiedAt),
      submittedAt: iso(a.submittedAt),
      revokedAt: iso(a.revokedAt),
      createdAt: a.createdAt.toISOString(),
    }));
  };

  /** Sends the link of an assignment by each of its channels; returns the outbox references. */
  const sendLink = async (
    tx: Tx,
    a: { tenantId: string; locationId: string; expiresAt: Date; formName: string },
    p: { firstName: string; lastName: string; email: string; phone: string },
    channels: Channel[],
    storeName: string,
    token: string,
  ) => {
    const formLink = `${config.publicUrl.replace(/\/+$/, '')}/eforms?tenantid=${a.tenantId}&uri=${token}`;
    const fields = {
      patientName: `${p.firstName} ${p.lastName}`,
      storeName,
      formName: a.formName,
      formLink,
      expiresOn: formatUsDate(a.expiresAt),
    };
    const refs = [];
    for (const channel of channels) {
      const recipient = channel === 'email' ? p.email : p.phone;
      refs.push(await queueEformMessage(tx, { tenantId: a.tenantId, locationId: a.locationId, key: 'eform.link', channel, recipient, fields }));
    }
    return refs;
  };

  // ---- Boards ----

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
        if (!store || !inScope(await scope(tx, request), locationId)) {
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

  const boardTaken = async (tx: Tx, locationId: string, uri: string, except?: string) => {
    const rows = await tx
      .select({ id: formBoards.id })
      .from(formBoards)
      .where(and(eq(formBoards.locationId, locationId), sql`lower(${formBoards.uri}) = lower(${uri})`));
    return rows.some((r) => r.id !== except);
  };

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
        if (!store || !inScope(await scope(tx, request), body.locationId)) {
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
  const visibleBoard = async (tx: Tx, request: FastifyRequest, boardId: string, action: string) => {
    const [b] = await tx.select().from(formBoards).where(eq(formBoards.id, boardId));
    if (b && inScope(await scope(tx, request), b.locationId)) return b;
    await audit(tx, event(request, { action, outcome: 'denied', targetType: 'form_board', targetId: boardId }));
    return null;
  };

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

  // ---- Cards (forms) ----

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
        const allowed = await scope(tx, request);
        const [board] = await tx.select().from(formBoards).where(eq(formBoards.id, body.boardId));
        if (!board || !inScope(allowed, board.locationId)) {
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
        const allowed = await scope(tx, request);
        if (q.locationId && !inScope(allowed, q.locationId)) return { forms: [] };
        const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
        const list = await summaries(
          tx,
          and(
            allowed ? inArray(forms.locationId, allowed) : undefined,
            q.locationId ? eq(forms.locationId, q.locationId) : undefined,
            q.status ? eq(forms.status, q.status) : undefined,
            pattern ? ilike(forms.name, pattern) : undefined,
          ),
        );
        return { forms: list };
      });
    },
  );

  const FormParams = z.object({ formId: Uuid });

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

  // ---- Assignments ----

  app.post(
    '/eforms/forms/:formId/assign',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Sends a published form to patients: one assignment and one fresh link each (the link is only in the message)',
        security,
        params: FormParams,
        body: AssignBody,
        response: { 200: AssignmentList, ...errors },
      },
    },
    async (request) => {
      const { patientIds, channels } = request.body;
      const result = await orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.params.formId, 'eform.assign');
        if (!f) return null;
        if (f.status !== 'published') return { kind: 'unpublished' as const };
        const allowed = await scope(tx, request);
        const found = await tx.select().from(patients).where(inArray(patients.id, patientIds));
        const fields: Record<string, string> = {};
        const chosen = patientIds.map((id, i) => {
          const p = found.find((x) => x.id === id);
          if (!p || !inScope(allowed, p.locationId)) {
            fields[`patientIds.${i}`] = 'This patient does not exist or you cannot see them';
            return null;
          }
          const usable = channels.filter((c) => (c === 'email' ? p.email : p.phone).trim() !== '');
          if (!usable.length) fields[`patientIds.${i}`] = 'This patient has no email address or phone number for the chosen channels';
          return { p, usable };
        });
        if (Object.keys(fields).length) return { kind: 'invalid' as const, fields };
        const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, f.locationId));
        const at = now();
        const expiresAt = new Date(at.getTime() + f.linkValidDays * 86_400_000);
        const snapshot = { name: f.name, description: f.description, sections: clearAnswers(SectionList.parse(f.sections)) };
        const refs = [];
        const ids: string[] = [];
        for (const c of chosen) {
          const { p, usable } = c!;
          const link = newLinkToken(app.deps.secrets);
          const [a] = await tx
            .insert(formAssignments)
            .values({
              tenantId: f.tenantId,
              formId: f.id,
              locationId: f.locationId,
              patientId: p.id,
              linkTokenHash: link.hash,
              formSnapshot: snapshot,
              requiresCode: f.requiresCode,
              channels: usable,
              expiresAt,
              sentAt: at,
              createdBy: request.auth!.sub,
              createdAt: at,
            })
            .returning({ id: formAssignments.id });
          ids.push(a!.id);
          refs.push(...(await sendLink(tx, { tenantId: f.tenantId, locationId: f.locationId, expiresAt, formName: f.name }, p, usable, store?.name ?? '', link.token)));
          await audit(tx, event(request, { action: 'eform.assign', outcome: 'success', targetType: 'form_assignment', targetId: a!.id, patientId: p.id, details: { formId: f.id, channels: usable } }));
        }
        return { kind: 'ok' as const, refs, assignments: await assignmentsWhere(tx, inArray(formAssignments.id, ids)) };
      });
      if (result.kind === 'unpublished') throw new HttpError(409, eformMessages.onlyPublished);
      if (result.kind === 'invalid') throw new HttpError(400, 'Please correct the highlighted fields.', result.fields);
      await outbox.deliver(result.refs);
      return { assignments: result.assignments };
    },
  );

  app.get(
    '/eforms/assignments',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Assignments of a form or of a patient, with their status',
        security,
        querystring: AssignmentsQuery,
        response: { 200: AssignmentList, ...errors },
      },
    },
    async (request) => {
      const { formId, patientId } = request.query;
      return request.inTenant(async (tx) => {
        const allowed = await scope(tx, request);
        const list = await assignmentsWhere(
          tx,
          and(
            formId ? eq(formAssignments.formId, formId) : undefined,
            patientId ? eq(formAssignments.patientId, patientId) : undefined,
            allowed ? inArray(formAssignments.locationId, allowed) : undefined,
          ),
        );
        await audit(
          tx,
          event(request, {
            action: 'eform.assignments.read',
            outcome: 'success',
            targetType: formId ? 'form' : 'patient',
            targetId: formId ?? patientId,
            patientId: patientId ?? undefined,
            details: { count: list.length },
          }),
        );
        return { assignments: list };
      });
    },
  );

  const AssignmentParams = z.object({ assignmentId: Uuid });

  app.post(
    '/eforms/assignments/:assignmentId/revoke',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Revokes an assignment: its link stops working at once', security, params: AssignmentParams, response: { 200: Assignment, ...errors } },
    },
    async (request) => {
      const result = await orNotFound(request, eformMessages.assignmentNotFound, async (tx) => {
        const a = await visibleAssignment(tx, request, request.params.assignmentId, 'eform.revoke');
        if (!a) return null;
        if (a.submittedAt) return 'submitted' as const;
        if (!a.revokedAt) await tx.update(formAssignments).set({ revokedAt: now() }).where(eq(formAssignments.id, a.id));
        await audit(tx, event(request, { action: 'eform.revoke', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
        return (await assignmentsWhere(tx, eq(formAssignments.id, a.id)))[0]!;
      });
      if (result === 'submitted') throw new HttpError(409, 'This form was already submitted; it cannot be revoked.');
      return result;
    },
  );

  app.post(
    '/eforms/assignments/:assignmentId/resend',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Sends a new link (the old one stops working) valid for the form’s days again',
        security,
        params: AssignmentParams,
        response: { 200: Assignment, ...errors },
      },
    },
    async (request) => {
      const result = await orNotFound(request, eformMessages.assignmentNotFound, async (tx) => {
        const a = await visibleAssignment(tx, request, request.params.assignmentId, 'eform.resend');
        if (!a) return null;
        if (a.submittedAt) return 'submitted' as const;
        if (a.revokedAt) return 'revoked' as const;
        const [f] = await tx.select({ linkValidDays: forms.linkValidDays }).from(forms).where(eq(forms.id, a.formId));
        const [p] = await tx.select().from(patients).where(eq(patients.id, a.patientId));
        const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, a.locationId));
        const usable = a.channels.filter((c) => (c === 'email' ? p!.email : p!.phone).trim() !== '');
        if (!usable.length) return 'noContact' as const;
        const at = now();
        const expiresAt = new Date(at.getTime() + (f?.linkValidDays ?? 7) * 86_400_000);
        const link = newLinkToken(app.deps.secrets);
        await tx.update(formAssignments).set({ linkTokenHash: link.hash, expiresAt, sentAt: at }).where(eq(formAssignments.id, a.id));
        // Codes sent for the old link end with it.
        await tx
          .update(oneTimeCodes)
          .set({ replacedAt: at })
          .where(and(eq(oneTimeCodes.purpose, 'eform'), eq(oneTimeCodes.subjectId, a.id), sql`${oneTimeCodes.consumedAt} is null`, sql`${oneTimeCodes.replacedAt} is null`));
        const refs = await sendLink(tx, { tenantId: a.tenantId, locationId: a.locationId, expiresAt, formName: a.formSnapshot.name }, p!, usable, store?.name ?? '', link.token);
        await audit(tx, event(request, { action: 'eform.resend', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
        return { refs, assignment: (await assignmentsWhere(tx, eq(formAssignments.id, a.id)))[0]! };
      });
      if (result === 'submitted') throw new HttpError(409, 'This form was already submitted.');
      if (result === 'revoked') throw new HttpError(409, 'This assignment was revoked; send the form again instead.');
      if (result === 'noContact') throw new HttpError(400, eformMessages.noContact);
      await outbox.deliver(result.refs);
      return result.assignment;
    },
  );

  app.get(
    '/eforms/assignments/:assignmentId/submission',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'The answers a patient submitted', security, params: AssignmentParams, response: { 200: Submission, ...errors } },
    },
    async (request) =>
      orNotFound(request, eformMessages.assignmentNotFound, async (tx) => {
        const a = await visibleAssignment(tx, request, request.params.assignmentId, 'eform.submission.read');
        if (!a) return null;
        const [s] = await tx.select().from(formSubmissions).where(eq(formSubmissions.assignmentId, a.id));
        const [p] = await tx.select({ firstName: patients.firstName, lastName: patients.lastName }).from(patients).where(eq(patients.id, a.patientId));
        if (!s) return null;
        await audit(tx, event(request, { action: 'eform.submission.read', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
        return {
          assignmentId: a.id,
          formId: a.formId,
          formName: a.formSnapshot.name,
          patientId: a.patientId,
          patientName: p ? `${p.firstName} ${p.lastName}` : '',
          submittedAt: s.submittedAt.toISOString(),
          sections: SectionList.parse(s.answers),
        };
      }),
  );
}
