/**
 * What each kind of job does for one company (docs/messaging "Jobs"). Both work in pages of candidates, one
 * transaction each under the company's RLS: a page inserts the key of every message it is about to queue into
 * job_sends (a key already there is skipped: the message went already, maybe from a run that died), queues the
 * messages in the communication log, and the outbox sends them after the commit.
 *
 * - appointment.reminders: one reminder (template appointment.reminder) per live appointment starting within 24 h,
 *   on the patient's preferred channel.
 * - recall.steps: for every open recall (pending or sent) of a patient with no future appointment, the latest step
 *   of the recall type's plan (src/contract/recallPlans.ts) whose day has come (due date + afterDays, in the store's
 *   time zone), on that step's channel (template recall.reminder), unless it or a later step went already. Only
 *   patients who agreed to be contacted are sent one.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { JobKind, JobResult } from '../../src/contract/jobs';
import type { TemplateKey, TemplateLanguage } from '../../src/contract/messageTemplates';
import { RecallType } from '../../src/contract/records';
import { resolveRecallPlans } from '../../src/contract/recallPlans';
import type { Tx } from '../db/client';
import { companies, locations } from '../db/schema';
import { localParts, rows, storeToday, type Row } from '../db/values';
import { appointmentTypeName, languageOrder, mergeTemplate, resolveTemplate, type Channel, type ResolvedTemplate } from '../messaging/messaging';
import { appointmentLinks } from '../db/schema-reminders';
import { newVisitLink, type VisitLinks } from '../reminders/links';
import { sendableAt } from '../reminders/quietHours';

/** Failures kept in a run's result. */
const FAILURES_KEPT = 20;

export interface PageOutcome {
  /** The last candidate's id (the next page starts after it); null when the page was the last. */
  after: string | null;
  queued: { tenantId: string; id: string }[];
}

export interface RunContext {
  tenantId: string;
  jobId: string;
  now: Date;
  result: JobResult;
  /** Candidates read and queued per transaction (JOBS_PAGE_SIZE). */
  pageSize: number;
  /** What the reminder's visit link is made with (server/reminders/links.ts). */
  links: VisitLinks;
}

export const emptyResult = (): JobResult => ({ queued: 0, skipped: { noAddress: 0, noConsent: 0 }, failures: [] });

interface Candidate {
  subjectId: string;
  step: number;
  patientId: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  language: string;
  email: string;
  phone: string;
  consent: boolean;
  /** Consent to automated texts (STOP removes it): an SMS goes only with it. */
  smsConsent: boolean;
  locationId: string;
  timeZone: string;
  channel: Channel;
  fields: Record<string, string>;
}

const recallTypeNames: Record<string, Record<TemplateLanguage, string>> = {
  'annual-exam': { en: 'annual eye exam', tr: 'yıllık göz muayenesi', ar: 'فحص النظر السنوي' },
  'contact-lens-check': { en: 'contact lens check', tr: 'kontakt lens kontrolü', ar: 'فحص العدسات اللاصقة' },
  'follow-up': { en: 'follow-up visit', tr: 'kontrol ziyareti', ar: 'زيارة المتابعة' },
};

const patientColumns = sql`p.id as patient_id, p.user_id, p.first_name, p.last_name, p.preferred_language, p.preferred_channel,
  p.email, p.phone, p.consent_contact, p.sms_consent, l.time_zone`;

function candidateOf(r: Row, subjectId: string, step: number, channel: Channel, fields: Record<string, string>): Candidate {
  return {
    subjectId,
    step,
    patientId: r.patient_id as string,
    userId: (r.user_id as string | null) ?? null,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    language: r.preferred_language as string,
    email: r.email as string,
    phone: r.phone as string,
    consent: r.consent_contact === true,
    smsConsent: r.sms_consent === true,
    locationId: r.location_id as string,
    timeZone: r.time_zone as string,
    channel,
    fields,
  };
}

/** The stores' fields and the resolved templates, read once per run (a run's messages use a handful of them). */
class Texts {
  private stores = new Map<string, { name: string; phone: string; address: string; language: string }>();
  private templates = new Map<string, Promise<ResolvedTemplate>>();

  async load(tx: Tx) {
    if (this.stores.size) return;
    const found = await tx
      .select({ id: locations.id, name: locations.name, phone: locations.phone, address: locations.address, language: locations.language })
      .from(locations);
    for (const s of found) this.stores.set(s.id, s);
  }

  store(locationId: string) {
    return this.stores.get(locationId);
  }

  template(tx: Tx, key: TemplateKey, channel: Channel, locationId: string, languages: TemplateLanguage[]) {
    const id = `${key}|${channel}|${locationId}|${languages.join(',')}`;
    let found = this.templates.get(id);
    if (!found) this.templates.set(id, (found = resolveTemplate(tx, key, channel, locationId, languages)));
    return found;
  }
}

/**
 * Queues the messages of one page of candidates: keys first (those already sent drop out), then the messages.
 * Answers the refs of the queued messages.
 */
async function queuePage(
  tx: Tx,
  ctx: RunContext,
  texts: Texts,
  sendKind: 'appointment.reminder' | 'recall.step',
  key: TemplateKey,
  candidates: Candidate[],
  opts: { needsConsent: boolean; localizedFields?: (c: Candidate, language: TemplateLanguage) => Record<string, string>; essential?: string },
): Promise<{ tenantId: string; id: string; subjectId: string }[]> {
  const messages: {
    id: string;
    subject_id: string;
    step: number;
    channel: Channel;
    recipient: string;
    subject: string;
    body: string;
    user_id: string | null;
    location_id: string;
    patient_id: string;
    due_at: string;
  }[] = [];
  for (const c of candidates) {
    if ((opts.needsConsent && !c.consent) || (c.channel === 'sms' && !c.smsConsent)) {
      ctx.result.skipped.noConsent++;
      continue;
    }
    const recipient = c.channel === 'email' ? c.email : c.phone;
    if (!recipient) {
      ctx.result.skipped.noAddress++;
      continue;
    }
    try {
      const store = texts.store(c.locationId);
      const template = await texts.template(tx, key, c.channel, c.locationId, languageOrder(c.language, store?.language));
      const fields: Record<string, string> = {
        patientName: `${c.firstName} ${c.lastName}`,
        patientFirstName: c.firstName,
        storeName: store?.name ?? '',
        storePhone: store?.phone ?? '',
        storeAddress: store?.address ?? '',
        ...c.fields,
        ...opts.localizedFields?.(c, template.language),
      };
      let body = mergeTemplate(template.body, fields);
      // The link a message exists for is kept even when a store's own text leaves it out.
      if (opts.essential && fields[opts.essential] && !body.includes(fields[opts.essential]!)) body = `${body}\n${fields[opts.essential]}`;
      messages.push({
        id: randomUUID(),
        subject_id: c.subjectId,
        step: c.step,
        channel: c.channel,
        recipient,
        subject: mergeTemplate(template.subject, fields),
        body,
        user_id: c.userId,
        location_id: c.locationId,
        patient_id: c.patientId,
        // An automated text waits out the store's quiet hours.
        due_at: (c.channel === 'sms' ? sendableAt(ctx.now, c.timeZone) : ctx.now).toISOString(),
      });
    } catch (err) {
      if (ctx.result.failures.length < FAILURES_KEPT) ctx.result.failures.push(`${c.subjectId}: ${String((err as Error).message).slice(0, 200)}`);
    }
  }
  if (!messages.length) return [];
  const payload = JSON.stringify(messages);
  // The keys first: a message whose key is there already (sent by an earlier run, or by another process that is
  // running this run's page too) is not queued again.
  const claimed = await rows<{ message_id: string }>(
    tx,
    sql`insert into job_sends (tenant_id, kind, subject_id, step, job_id, message_id, created_at)
        select ${ctx.tenantId}::uuid, ${sendKind}, m.subject_id, m.step, ${ctx.jobId}::uuid, m.id, ${ctx.now.toISOString()}::timestamptz
        from jsonb_to_recordset(${payload}::jsonb) as m(id uuid, subject_id uuid, step integer)
        on conflict do nothing
        returning message_id`,
  );
  if (!claimed.length) return [];
  const mine = JSON.stringify(claimed.map((r) => r.message_id));
  const queued = await rows<{ id: string; patient_id: string }>(
    tx,
    sql`insert into communication_log (tenant_id, id, channel, recipient, template, subject, body, user_id, location_id, patient_id, created_at, next_attempt_at)
        select ${ctx.tenantId}::uuid, m.id, m.channel, m.recipient, ${key}, m.subject, m.body, m.user_id, m.location_id, m.patient_id,
          ${ctx.now.toISOString()}::timestamptz, m.due_at
        from jsonb_to_recordset(${payload}::jsonb) as m(id uuid, channel text, recipient text, subject text, body text, user_id uuid, location_id uuid, patient_id uuid, due_at timestamptz)
        where m.id in (select value::uuid from jsonb_array_elements_text(${mine}::jsonb))
        returning id, patient_id`,
  );
  ctx.result.queued += queued.length;
  const subjectOf = new Map(messages.map((m) => [m.id, m.subject_id]));
  return queued.map((q) => ({ tenantId: ctx.tenantId, id: q.id, subjectId: subjectOf.get(q.id)! }));
}

const afterCondition = (column: string, after: string | null): SQL => (after ? sql`${sql.raw(column)} > ${after}::uuid` : sql`true`);

/** A page of appointment reminders: live appointments starting in the next 24 hours not yet reminded. */
async function appointmentPage(tx: Tx, ctx: RunContext, texts: Texts, after: string | null): Promise<PageOutcome> {
  const now = ctx.now.toISOString();
  const found = await rows(
    tx,
    sql`select a.id, a.location_id, a.starts_at, a.type, l.time_zone, ${patientColumns}
        from appointments a
        join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
        join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
        where a.status in ('booked', 'confirmed') and a.starts_at > ${now}::timestamptz and a.starts_at <= ${now}::timestamptz + interval '24 hours'
          and ${afterCondition('a.id', after)}
          and (select count(*) from job_sends s where s.tenant_id = a.tenant_id and s.kind = 'appointment.reminder' and s.subject_id = a.id and s.step = 0) = 0
        order by a.id limit ${ctx.pageSize}`,
  );
  // Each reminder carries its own link to confirm or cancel the visit; the link is kept only for a reminder queued.
  const links = new Map<string, ReturnType<typeof newVisitLink>>();
  const candidates = found.map((r) => {
    const startsAt = new Date(r.starts_at as string | Date);
    const at = localParts(startsAt, r.time_zone as string);
    const link = newVisitLink(ctx.links, r.id as string, startsAt, ctx.now);
    links.set(r.id as string, link);
    return candidateOf(r, r.id as string, 0, r.preferred_channel as Channel, {
      appointmentTime: `${at.date} ${at.time}`,
      appointmentType: r.type as string,
      visitLink: link.url,
    });
  });
  const queued = await queuePage(tx, ctx, texts, 'appointment.reminder', 'appointment.reminder', candidates, {
    needsConsent: false,
    localizedFields: (c, language) => ({ appointmentType: appointmentTypeName(c.fields.appointmentType!, language) }),
    essential: 'visitLink',
  });
  if (queued.length) await tx.insert(appointmentLinks).values(queued.map((q) => ({ tenantId: ctx.tenantId, ...links.get(q.subjectId)!.row })));
  return { after: found.length === ctx.pageSize ? (found.at(-1)!.id as string) : null, queued };
}

/** The company's plans as rows (type, step n from 1, afterDays, channel) for the recall query. */
async function planRows(tx: Tx, tenantId: string): Promise<SQL> {
  const [company] = await tx.select({ settings: companies.settings }).from(companies).where(eq(companies.tenantId, tenantId));
  const plans = resolveRecallPlans((company?.settings as Record<string, unknown> | undefined)?.recalls);
  const values = RecallType.options.flatMap((type) =>
    plans[type].steps.map((s, i) => sql`(${type}::text, ${i + 1}::integer, ${s.afterDays}::integer, ${s.channel}::text)`),
  );
  return sql`(values ${sql.join(values, sql`, `)}) as pl(type, step, after_days, channel)`;
}

/**
 * A page of recall steps (see the file's comment). The page is a range of the company's open recalls in id order
 * (an index range, whatever the plan's steps), and only those are checked: each page costs the same however many
 * recalls the company has and however many messages earlier pages queued. The checks are per row lookups on their
 * indexes (the future appointments of the patient, the steps already sent of the recall): a join over job_sends
 * planned while it was small turned into a scan per row as the run filled it.
 */
async function recallPage(tx: Tx, ctx: RunContext, texts: Texts, after: string | null, plan: SQL): Promise<PageOutcome> {
  const now = ctx.now.toISOString();
  const today = storeToday(ctx.now, sql`l.time_zone`);
  const range = await rows<{ id: string }>(
    tx,
    sql`select r.id from recalls r where r.status in ('pending', 'sent') and ${afterCondition('r.id', after)} order by r.id limit ${ctx.pageSize}`,
  );
  if (!range.length) return { after: null, queued: [] };
  const last = range.at(-1)!.id;
  const found = await rows(
    tx,
    sql`select r.id, r.location_id, r.type, r.due_on::text as due_on, st.step, st.channel, ${patientColumns}
        from recalls r
        join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
        join patients p on p.tenant_id = r.tenant_id and p.id = r.patient_id
        cross join lateral (
          select pl.step, pl.channel from ${plan} where pl.type = r.type and r.due_on + pl.after_days <= ${today}
          order by pl.step desc limit 1
        ) st
        where ${afterCondition('r.id', after)} and r.id <= ${last}::uuid and r.status in ('pending', 'sent') and r.due_on <= ${today}
          and not exists (select 1 from appointments a where a.tenant_id = r.tenant_id and a.patient_id = r.patient_id
            and a.starts_at > ${now}::timestamptz and a.status in ('booked', 'confirmed'))
          and coalesce((select max(s.step) from job_sends s where s.tenant_id = r.tenant_id and s.kind = 'recall.step' and s.subject_id = r.id), 0) < st.step
        order by r.id`,
  );
  const candidates = found.map((r) =>
    candidateOf(r, r.id as string, Number(r.step), r.channel as Channel, { dueDate: r.due_on as string, recallType: r.type as string }),
  );
  const queued = await queuePage(tx, ctx, texts, 'recall.step', 'recall.reminder', candidates, {
    needsConsent: true,
    localizedFields: (c, language) => ({ recallType: recallTypeNames[c.fields.recallType!]?.[language] ?? c.fields.recallType! }),
  });
  if (queued.length) {
    // The recall shows as sent in the chart, as when staff send it by hand.
    await tx.execute(
      sql`update recalls set status = 'sent', last_sent_at = ${now}::timestamptz
          where id = any(${`{${queued.map((q) => q.subjectId).join(',')}}`}::uuid[]) and status = 'pending'`,
    );
  }
  return { after: range.length === ctx.pageSize ? last : null, queued };
}

export interface Automation {
  /** Prepares a run (reads what every page needs) and answers the function that does one page in a transaction. */
  prepare(tx: Tx, ctx: RunContext): Promise<(tx: Tx, after: string | null) => Promise<PageOutcome>>;
}

export const automations: Record<JobKind, Automation> = {
  'appointment.reminders': {
    async prepare(tx, ctx) {
      const texts = new Texts();
      await texts.load(tx);
      return (page, after) => appointmentPage(page, ctx, texts, after);
    },
  },
  'recall.steps': {
    async prepare(tx, ctx) {
      const texts = new Texts();
      await texts.load(tx);
      const plan = await planRows(tx, ctx.tenantId);
      return (page, after) => recallPage(page, ctx, texts, after, plan);
    },
  },
};
