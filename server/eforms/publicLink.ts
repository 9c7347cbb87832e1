/**
 * The public eForm link's steps, each inside the link's tenant (the encrypted X-Tenant-ID): open the card, send and
 * check the one-time code of a gated form, submit the answers once. The form is found from the link token, and the
 * right to see and submit a gated form from the form token that a correct code earns. The code is never answered.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { Section, type EForm } from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import { CodesLockedError, consumeCode, isLocked, issueCode, TooManyCodesError } from '../auth/codes';
import type { Tx } from '../db/client';
import type { Secrets } from '../db/secrets';
import { companies, locations, oneTimeCodes } from '../db/schema';
import { formAssignments, formSubmissions } from '../db/schema-eforms';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { mergeAnswers } from './answers';
import { hashLinkToken, linkMark, verifyFormToken } from './crypto';
import { maskEmail, maskPhone } from '../messaging/messaging';
import { queueEformMessage } from './messages';
import { snapshotLanguages } from './staffAccess';
import { namesFrom } from './names';
import { formNameIn } from '../../src/contract/eformTexts';

type AssignmentRow = typeof formAssignments.$inferSelect;
type LinkRow = AssignmentRow & { companySuspended: boolean };

const SectionList = z.array(Section);

/** Whether the tenant is a company (not the platform tenant): only a company's links have a page. */
export async function isCompany(tx: Tx, tenantId: string): Promise<boolean> {
  const [row] = await tx.select({ platform: companies.isPlatform }).from(companies).where(eq(companies.tenantId, tenantId));
  return !!row && !row.platform;
}

export function publicLinkFlow({ secrets, now }: { secrets: Secrets; now: () => Date }) {
  /** The link's assignment, and whether its company is suspended (its links then answer as expired). */
  const findByLink = async (tx: Tx, uri: string): Promise<LinkRow | undefined> => {
    const [row] = await tx
      .select({ assignment: formAssignments, suspendedAt: companies.suspendedAt })
      .from(formAssignments)
      .innerJoin(companies, eq(companies.tenantId, formAssignments.tenantId))
      .where(eq(formAssignments.linkTokenHash, hashLinkToken(secrets, uri)));
    return row && { ...row.assignment, companySuspended: row.suspendedAt !== null };
  };

  const stateOf = (a: LinkRow): 'submitted' | 'expired' | 'open' =>
    a.companySuspended ? 'expired' : a.submittedAt ? 'submitted' : a.revokedAt || a.expiresAt <= now() ? 'expired' : 'open';

  /** Whether the request's form token (`bearer`) opens exactly this assignment, through this link, in this tenant. */
  const tokenOpens = async (bearer: string | undefined, tenantId: string, a: AssignmentRow): Promise<boolean> => {
    const claims = await verifyFormToken(secrets, bearer, now());
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
    language: 'en',
    translations: {},
    ...flags,
  });

  const stateError = (state: 'submitted' | 'expired') =>
    state === 'submitted' ? new HttpError(409, 'eforms.alreadyReceived') : new HttpError(410, 'eforms.expired');

  /** The open, code-gated assignment of a link (the code calls); any other is refused before anything is written. */
  const codeGatedAssignment = async (tx: Tx, uri: string): Promise<AssignmentRow> => {
    const a = await findByLink(tx, uri);
    if (!a) throw new HttpError(404, 'eforms.formNotFound');
    const state = stateOf(a);
    if (state !== 'open') throw stateError(state);
    if (!a.requiresCode) throw new HttpError(400, 'eforms.noCodeNeeded');
    return a;
  };

  /** The form behind a link: flags only until it is open (and, when gated, the code verified); null for no such link. */
  const openCard = async (tx: Tx, tenantId: string, uri: string, bearer: string | undefined, ip: string): Promise<EForm | null> => {
    const a = await findByLink(tx, uri);
    if (!a) return null;
    return openAssignment(tx, tenantId, a, ip, (found) => !found.requiresCode || tokenOpens(bearer, tenantId, found));
  };

  /**
   * One assignment's form as its reader may see it: flags only when submitted, expired or (`proven` false) still
   * behind its code. The link proves the reader with the code; a signed-in patient's own session proves them.
   */
  const openAssignment = async (
    tx: Tx,
    tenantId: string,
    a: LinkRow,
    ip: string,
    proven: (a: AssignmentRow) => boolean | Promise<boolean>,
  ): Promise<EForm> => {
    const state = stateOf(a);
    if (state === 'submitted') return closedAnswer(a, { isSubmitted: 1 });
    if (state === 'expired') return closedAnswer(a, { isLinkExpired: 1 });
    const first = !a.openedAt;
    if (first) await tx.update(formAssignments).set({ openedAt: now() }).where(eq(formAssignments.id, a.id));
    const open = await proven(a);
    const event = { tenantId, targetType: 'form_assignment', targetId: a.id, patientId: a.patientId, ip };
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
      ...snapshotLanguages(a.formSnapshot),
    };
  };

  /** Sends the form's one-time code by the patient's preferred channel (else the other one). */
  const sendFormCode = async (tx: Tx, tenantId: string, uri: string, ip: string) => {
    const a = await codeGatedAssignment(tx, uri);
    const event = { tenantId, action: 'eform.code.send', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId, ip };
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
      patientId: a.patientId,
      key: 'eform.code',
      channel,
      recipient,
      fields: (language) => ({
        code,
        patientName: `${p.firstName} ${p.lastName}`,
        storeName: p.storeName,
        formName: formNameIn(a.formSnapshot.name, namesFrom(a.formSnapshot.language, a.formSnapshot.translations), language).text,
      }),
    });
    await audit(tx, { ...event, outcome: 'success', details: { channel } });
    return {
      kind: 'sent' as const,
      ref,
      resent: (earlier?.n ?? 0) > 0,
      destination: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient),
    };
  };

  /** Checks the one-time code; a wrong one is counted (the transaction commits on failure too). */
  const verifyFormCode = async (tx: Tx, tenantId: string, uri: string, vCode: string, ip: string) => {
    const a = await codeGatedAssignment(tx, uri);
    const event = { tenantId, action: 'eform.verify', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId, ip };
    const subject = { tenantId, purpose: 'eform' as const, subjectId: a.id };
    if (await isLocked(tx, subject, now())) {
      await audit(tx, { ...event, outcome: 'denied', details: { reason: 'locked' } });
      return { kind: 'locked' as const };
    }
    // A wrong code is counted: the transaction commits on failure too.
    if (!(await consumeCode(tx, secrets.codeKey, subject, vCode, now()))) {
      await audit(tx, { ...event, outcome: 'failure' });
      return { kind: 'invalid' as const };
    }
    await tx.update(formAssignments).set({ verifiedAt: now() }).where(and(eq(formAssignments.id, a.id), isNull(formAssignments.verifiedAt)));
    await audit(tx, { ...event, outcome: 'success' });
    return { kind: 'ok' as const, a };
  };

  /** Stores the answers once: of two submits at once, one row is stored and the other finds it. */
  const submitForm = async (
    tx: Tx,
    tenantId: string,
    submission: { uri: string; sectionlists: Section[]; bearer: string | undefined; ip: string; userAgent: string | null },
  ) => {
    const { uri, bearer, ...answers } = submission;
    const a = await findByLink(tx, uri);
    if (!a) return { kind: 'notFound' as const };
    return submitAssignment(tx, tenantId, a, answers, (found) => !found.requiresCode || tokenOpens(bearer, tenantId, found));
  };

  /** Stores one assignment's answers once, when its reader is `proven` (as for openAssignment). */
  const submitAssignment = async (
    tx: Tx,
    tenantId: string,
    a: LinkRow,
    submission: { sectionlists: Section[]; ip: string; userAgent: string | null },
    proven: (a: AssignmentRow) => boolean | Promise<boolean>,
  ) => {
    const { sectionlists, ip, userAgent } = submission;
    if (a.submittedAt) return { kind: 'already' as const };
    if (stateOf(a) === 'expired') return { kind: 'expired' as const };
    if (!(await proven(a))) return { kind: 'gated' as const };
    const merged = mergeAnswers(SectionList.parse(a.formSnapshot.sections), sectionlists);
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
        ip,
        userAgent: userAgent,
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
      ip,
      details: { formId: a.formId, sections: merged.sections.length },
    });
    return { kind: 'stored' as const };
  };

  /** A patient's own assignment (the signed-in portal): null when it is not theirs. */
  const ownAssignment = async (tx: Tx, assignmentId: string, patientId: string): Promise<LinkRow | null> => {
    const [row] = await tx
      .select({ assignment: formAssignments, suspendedAt: companies.suspendedAt })
      .from(formAssignments)
      .innerJoin(companies, eq(companies.tenantId, formAssignments.tenantId))
      .where(and(eq(formAssignments.id, assignmentId), eq(formAssignments.patientId, patientId)));
    return row ? { ...row.assignment, companySuspended: row.suspendedAt !== null } : null;
  };

  return { stateError, openCard, openAssignment, sendFormCode, verifyFormCode, submitForm, submitAssignment, ownAssignment };
}
