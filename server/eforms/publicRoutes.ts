/**
 * The public eForm calls (spec sections 2.6, 4, 7; security.md departures): the page is a guest. The tenant comes
 * from the encrypted X-Tenant-ID (never a plain id), the form from the link token, and the right to see and submit
 * a gated form from the form token that a correct one-time code earns. The code is never in an answer.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, messages } from '../../src/contract/common';
import {
  CodeSentAnswer,
  EForm,
  EncryptedTenantAnswer,
  eformMessages,
  FormTokenAnswer,
  GetCardQuery,
  Section,
  SubmitAnswer,
  SubmitBody,
  TenantQuery,
  UriBody,
  VerifyBody,
} from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import { CodesLockedError, consumeCode, isLocked, issueCode, TooManyCodesError } from '../auth/codes';
import { admitAuthRequest } from '../http/rateLimit';
import { withTenant, type Tx } from '../db/client';
import { companies, oneTimeCodes } from '../db/schema';
import { formAssignments, formSubmissions } from '../db/schema-eforms';
import { patients } from '../db/schema-records';
import { locations } from '../db/schema';
import { HttpError } from '../http/errors';
import { mergeAnswers } from './answers';
import { decryptTenant, encryptTenant, FORM_TOKEN_SECONDS, hashLinkToken, linkMark, signFormToken, verifyFormToken } from './crypto';
import { maskEmail, maskPhone } from '../messaging/messaging';
import { queueEformMessage } from './messages';

type AssignmentRow = typeof formAssignments.$inferSelect;

const SectionList = z.array(Section);
const publicErrors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse, 429: ErrorResponse };

export async function publicEformRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, secrets, outbox } = app.deps;
  const now = () => config.now();
  const routeConfig = { access: 'public' as const, eformPublic: true };

  const rateLimited = async (request: FastifyRequest) => {
    if (!(await admitAuthRequest(db, request.ip, config.authRequestsPerMinute, now()))) {
      throw new HttpError(429, messages.tooManyRequests);
    }
  };

  /** The tenant of the encrypted header: 400 when there is none, 404 (like an unknown link) when it is not ours. */
  const tenantOf = (request: FastifyRequest): string => {
    const header = request.headers['x-tenant-id'];
    if (header === undefined || header === '') throw new HttpError(400, eformMessages.tenantMissing);
    const tenantId = decryptTenant(secrets, header);
    if (!tenantId) throw new HttpError(404, eformMessages.formNotFound);
    return tenantId;
  };

  const bearerOf = (request: FastifyRequest) => request.headers.authorization?.match(/^bearer\s+(\S+)\s*$/i)?.[1];

  const findByLink = async (tx: Tx, uri: string): Promise<AssignmentRow | undefined> => {
    const [row] = await tx.select().from(formAssignments).where(eq(formAssignments.linkTokenHash, hashLinkToken(secrets, uri)));
    return row;
  };

  const stateOf = (a: AssignmentRow): 'submitted' | 'expired' | 'open' =>
    a.submittedAt ? 'submitted' : a.revokedAt || a.expiresAt <= now() ? 'expired' : 'open';

  /** Whether the request's form token opens exactly this assignment, through this link, in this tenant. */
  const tokenOpens = async (request: FastifyRequest, tenantId: string, a: AssignmentRow): Promise<boolean> => {
    const claims = await verifyFormToken(secrets, bearerOf(request), now());
    return !!claims && claims.tid === tenantId && claims.aid === a.id && claims.fid === a.formId && claims.lnk === linkMark(a.linkTokenHash);
  };

  const closedAnswer = (a: AssignmentRow | null, flags: Partial<EForm>): EForm => ({
    id: '',
    name: '',
    description: '',
    assignId: a?.id ?? '',
    isSubmitted: 0,
    isLinkExpired: 0,
    isAuth: false,
    ...flags,
  });

  const stateError = (state: 'submitted' | 'expired') =>
    state === 'submitted' ? new HttpError(409, eformMessages.alreadyReceived) : new HttpError(410, eformMessages.expiredBody);

  /** The open, code-gated assignment of a link (the code calls); any other is refused before anything is written. */
  const codeGatedAssignment = async (tx: Tx, uri: string): Promise<AssignmentRow> => {
    const a = await findByLink(tx, uri);
    if (!a) throw new HttpError(404, eformMessages.formNotFound);
    const state = stateOf(a);
    if (state !== 'open') throw stateError(state);
    if (!a.requiresCode) throw new HttpError(400, eformMessages.noCodeNeeded);
    return a;
  };

  app.get(
    '/patient/getencryptedtenant',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'The encrypted tenant for the public form page (from the tenantid of the link)',
        querystring: TenantQuery,
        response: { 200: EncryptedTenantAnswer, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const tenantId = request.query.tenantid;
      const known = await withTenant(db, tenantId, async (tx) => {
        const [row] = await tx.select({ platform: companies.isPlatform }).from(companies).where(eq(companies.tenantId, tenantId));
        return !!row && !row.platform;
      });
      if (!known) throw new HttpError(404, eformMessages.formNotFound);
      return { tenant: encryptTenant(secrets, tenantId) };
    },
  );

  app.get(
    '/patient/getcard',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'The form behind a link: flags only until it is open (and, when gated, the code verified)',
        description: 'Headers: X-Tenant-ID = the encrypted tenant; Authorization: Bearer <formToken> once the code is verified.',
        querystring: GetCardQuery,
        response: { 200: EForm, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      const answer = await withTenant(db, tenantId, async (tx): Promise<EForm | null> => {
        const a = await findByLink(tx, request.query.uri);
        if (!a) return null;
        const state = stateOf(a);
        if (state === 'submitted') return closedAnswer(a, { isSubmitted: 1 });
        if (state === 'expired') return closedAnswer(a, { isLinkExpired: 1 });
        const first = !a.openedAt;
        if (first) await tx.update(formAssignments).set({ openedAt: now() }).where(eq(formAssignments.id, a.id));
        const open = !a.requiresCode || (await tokenOpens(request, tenantId, a));
        const event = { tenantId, targetType: 'form_assignment', targetId: a.id, patientId: a.patientId, ip: request.ip };
        if (!open) {
          if (first) await audit(tx, { ...event, action: 'eform.open', outcome: 'success', details: { gated: true } });
          return closedAnswer(a, { isAuth: true });
        }
        await audit(tx, { ...event, action: 'eform.read', outcome: 'success', details: { formId: a.formId } });
        return {
          id: a.formId,
          name: a.formSnapshot.name,
          description: a.formSnapshot.description,
          assignId: a.id,
          isSubmitted: 0,
          isLinkExpired: 0,
          isAuth: false,
          sectionlists: SectionList.parse(a.formSnapshot.sections),
        };
      });
      if (!answer) throw new HttpError(404, eformMessages.formNotFound);
      return answer;
    },
  );

  app.post(
    '/patient/euauthcode',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: "Sends the form's one-time code by the patient's preferred channel (never answers the code)",
        description: 'Header X-Tenant-ID = the encrypted tenant.',
        body: UriBody,
        response: { 200: CodeSentAnswer, ...publicErrors },
      },
    },
    async (request) => {
      await rateLimited(request);
      const tenantId = tenantOf(request);
      const result = await withTenant(db, tenantId, async (tx) => {
        const a = await codeGatedAssignment(tx, request.body.uri);
        const event = { tenantId, action: 'eform.code.send', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId, ip: request.ip };
        const [p] = await tx
          .select({ firstName: patients.firstName, lastName: patients.lastName, email: patients.email, phone: patients.phone, preferred: patients.preferredChannel, storeName: locations.name })
          .from(patients)
          .innerJoin(locations, eq(locations.id, a.locationId))
          .where(eq(patients.id, a.patientId));
        const preferred = p?.preferred === 'sms' ? (['sms', 'email'] as const) : (['email', 'sms'] as const);
        const channel = p && preferred.find((c) => (c === 'email' ? p.email : p.phone).trim() !== '');
        if (!p || !channel) {
          await audit(tx, { ...event, outcome: 'failure', details: { reason: 'no_contact' } });
          return { kind: 'noContact' as const };
        }
        const subject = { tenantId, purpose: 'eform' as const, subjectId: a.id };
        const [earlier] = await tx
          .select({ n: count() })
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.purpose, 'eform'), eq(oneTimeCodes.subjectId, a.id)));
        let code: string;
        try {
          code = await issueCode(tx, secrets.codeKey, subject, now());
        } catch (err) {
          if (!(err instanceof TooManyCodesError) && !(err instanceof CodesLockedError)) throw err;
          const kind = err instanceof TooManyCodesError ? ('tooMany' as const) : ('locked' as const);
          await audit(tx, { ...event, outcome: 'denied', details: { reason: kind } });
          return { kind };
        }
        const recipient = channel === 'email' ? p.email : p.phone;
        const ref = await queueEformMessage(tx, {
          tenantId,
          locationId: a.locationId,
          key: 'eform.code',
          channel,
          recipient,
          fields: { code, patientName: `${p.firstName} ${p.lastName}`, storeName: p.storeName, formName: a.formSnapshot.name },
        });
        await audit(tx, { ...event, outcome: 'success', details: { channel } });
        return {
          kind: 'sent' as const,
          ref,
          resent: (earlier?.n ?? 0) > 0,
          destination: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient),
        };
      });
      switch (result.kind) {
        case 'noContact':
          throw new HttpError(400, eformMessages.noContact);
        case 'tooMany':
          throw new HttpError(429, eformMessages.tooManyCodes);
        case 'locked':
          throw new HttpError(429, eformMessages.codeLocked);
      }
      await outbox.deliver([result.ref]);
      return { sent: true as const, resent: result.resent, destination: result.destination };
    },
  );

  app.post(
    '/patient/euverify',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'Checks the one-time code; answers a short-lived token that opens this one form',
        description: 'Header X-Tenant-ID = the encrypted tenant. Wrong, expired and unknown codes get the same answer.',
        body: VerifyBody,
        response: { 200: FormTokenAnswer, ...publicErrors },
      },
    },
    async (request) => {
      await rateLimited(request);
      const tenantId = tenantOf(request);
      const result = await withTenant(db, tenantId, async (tx) => {
        const a = await codeGatedAssignment(tx, request.body.uri);
        const event = { tenantId, action: 'eform.verify', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId, ip: request.ip };
        const subject = { tenantId, purpose: 'eform' as const, subjectId: a.id };
        if (await isLocked(tx, subject, now())) {
          await audit(tx, { ...event, outcome: 'denied', details: { reason: 'locked' } });
          return { kind: 'locked' as const };
        }
        // A wrong code is counted: the transaction commits on failure too.
        if (!(await consumeCode(tx, secrets.codeKey, subject, request.body.vCode, now()))) {
          await audit(tx, { ...event, outcome: 'failure' });
          return { kind: 'invalid' as const };
        }
        await tx.update(formAssignments).set({ verifiedAt: now() }).where(and(eq(formAssignments.id, a.id), isNull(formAssignments.verifiedAt)));
        await audit(tx, { ...event, outcome: 'success' });
        return { kind: 'ok' as const, a };
      });
      switch (result.kind) {
        case 'locked':
          throw new HttpError(429, eformMessages.codeLocked);
        case 'invalid':
          throw new HttpError(400, eformMessages.invalidCode, { vCode: eformMessages.invalidCode });
      }
      const a = result.a;
      const formToken = await signFormToken(secrets, { tid: tenantId, aid: a.id, fid: a.formId, lnk: linkMark(a.linkTokenHash) }, now());
      return { formToken, expiresIn: FORM_TOKEN_SECONDS };
    },
  );

  app.post(
    '/patient/submitform',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'Submits the answers once; a repeated or concurrent submit answers alreadySubmitted: true',
        description: 'Header X-Tenant-ID = the encrypted tenant; Authorization: Bearer <formToken> when the form is gated.',
        body: SubmitBody,
        response: { 200: SubmitAnswer, 401: ErrorResponse, ...publicErrors },
      },
    },
    async (request) => {
      await rateLimited(request);
      const tenantId = tenantOf(request);
      const result = await withTenant(db, tenantId, async (tx) => {
        const a = await findByLink(tx, request.body.uri);
        if (!a) return { kind: 'notFound' as const };
        if (a.submittedAt) return { kind: 'already' as const };
        if (stateOf(a) === 'expired') return { kind: 'expired' as const };
        if (a.requiresCode && !(await tokenOpens(request, tenantId, a))) return { kind: 'gated' as const };
        const merged = mergeAnswers(SectionList.parse(a.formSnapshot.sections), request.body.sectionlists);
        if ('fields' in merged) return { kind: 'invalid' as const, fields: merged.fields };
        const at = now();
        // The key is the assignment: of two submits at once, one row is stored and the other finds it.
        const stored = await tx
          .insert(formSubmissions)
          .values({
            tenantId,
            assignmentId: a.id,
            answers: merged.sections,
            submittedAt: at,
            ip: request.ip,
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: formSubmissions.assignmentId });
        if (!stored.length) return { kind: 'already' as const };
        await tx.update(formAssignments).set({ submittedAt: at }).where(eq(formAssignments.id, a.id));
        await audit(tx, {
          tenantId,
          action: 'eform.submit',
          outcome: 'success',
          targetType: 'form_assignment',
          targetId: a.id,
          patientId: a.patientId,
          ip: request.ip,
          details: { formId: a.formId, sections: merged.sections.length },
        });
        return { kind: 'stored' as const };
      });
      switch (result.kind) {
        case 'notFound':
          throw new HttpError(404, eformMessages.formNotFound);
        case 'expired':
          throw stateError('expired');
        case 'gated':
          throw new HttpError(401, eformMessages.formTokenRequired);
        case 'invalid':
          throw new HttpError(400, 'Please correct the highlighted fields.', result.fields);
        case 'already':
          return { submitted: true as const, alreadySubmitted: true };
        case 'stored':
          return { submitted: true as const, alreadySubmitted: false };
      }
    },
  );
}
