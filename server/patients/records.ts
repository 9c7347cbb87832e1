/**
 * Reads of one patient's records, keyed by patient id. The patient portal (/my/*) and the staff reads
 * (/patients/:patientId/*) call the same functions: who may reach which patient is decided before (access.ts).
 * Every query runs in the caller's tenant under RLS and also names the patient, so an id of another patient's
 * record finds nothing. Answers are in the shapes of src/contract/records.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  labOrderClosedStatuses,
  liveAppointmentStatuses,
  type Appointment,
  type AppointmentLists,
  type ContactLensRx,
  type FormToFill,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSummary,
  type LabOrder,
  type PatientDashboard,
  type PatientProfile,
  type Prescriptions,
  type Recall,
  type RxOrders,
  type SpectacleEye,
  type SpectacleRx,
} from '../../src/contract/records';
import { queryRows, type Tx } from '../db/client';
import type { ContactLensEye, SpectacleEye as StoredSpectacleEye } from '../db/schema-records';

/** Who is reading: the patient sees no staff notes. */
export type Viewer = 'self' | 'staff';

export interface ReadContext {
  now: Date;
  viewer: Viewer;
}

type Row = Record<string, unknown>;

const rows = <T = Row>(tx: Tx, query: SQL) => queryRows<T>(tx, query);

/** An instant from the driver (a Date, or text inside JSON) as ISO 8601 UTC. */
export const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const num = (v: unknown): number => Number(v);

/** The calendar date and wall-clock time of an instant in a time zone: `YYYY-MM-DD`, `HH:mm`. */
export function localParts(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Today in the store's time zone, for expiry and due dates. */
const storeToday = (now: Date, tzColumn: SQL) => sql`(${now.toISOString()}::timestamptz at time zone ${tzColumn})::date`;

// ---------------------------------------------------------------------------------------------------------------
// Patient

export async function readProfile(tx: Tx, patientId: string, ctx: ReadContext): Promise<PatientProfile | null> {
  const [r] = await rows(
    tx,
    sql`select p.id, p.location_id, l.name as store_name, p.first_name, p.last_name, p.date_of_birth::text as date_of_birth, p.sex,
        p.phone, p.email, p.address_line, p.city, p.postal_code, p.preferred_channel, p.preferred_language, p.guardian_name,
        p.notes, p.user_id is not null as has_portal_account, p.consent_contact, p.consent_privacy, p.consent_at, p.created_via,
        p.created_at, p.updated_at
      from patients p join locations l on l.tenant_id = p.tenant_id and l.id = p.location_id
      where p.id = ${patientId}`,
  );
  if (!r) return null;
  return {
    id: r.id as string,
    locationId: r.location_id as string,
    storeName: r.store_name as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    dateOfBirth: r.date_of_birth as string,
    sex: r.sex as PatientProfile['sex'],
    phone: r.phone as string,
    email: r.email as string,
    addressLine: r.address_line as string,
    city: r.city as string,
    postalCode: r.postal_code as string,
    preferredChannel: r.preferred_channel as PatientProfile['preferredChannel'],
    preferredLanguage: r.preferred_language as PatientProfile['preferredLanguage'],
    guardianName: r.guardian_name as string,
    notes: ctx.viewer === 'staff' ? (r.notes as string) : '',
    hasPortalAccount: r.has_portal_account as boolean,
    consentContact: r.consent_contact as boolean,
    consentPrivacy: r.consent_privacy as boolean,
    consentAt: isoOrNull(r.consent_at),
    createdVia: r.created_via as string,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Prescriptions

const round2 = (n: number) => Math.round(n * 100) / 100;

function spectacleEye(e: StoredSpectacleEye): SpectacleEye {
  return {
    sphere: e.sphere,
    cylinder: e.cylinder ?? null,
    axis: e.axis ?? null,
    add: e.add ?? null,
    prism: e.prism ?? null,
    prismBase: e.prismBase ?? null,
    pdDistance: e.pdDistance ?? null,
    pdNear: e.pdNear ?? null,
    readingSphere: e.add === null || e.add === undefined ? null : round2(e.sphere + e.add),
  };
}
const clEye = (e: ContactLensEye) => ({
  power: e.power,
  baseCurve: e.baseCurve,
  diameter: e.diameter,
  cylinder: e.cylinder ?? null,
  axis: e.axis ?? null,
  add: e.add ?? null,
});

const rxHeader = (r: Row) => ({
  id: r.id as string,
  patientId: r.patient_id as string,
  locationId: r.location_id as string,
  storeName: r.store_name as string,
  examDate: r.exam_date as string,
  expiresOn: r.expires_on as string,
  expired: r.expired as boolean,
  prescriber: r.prescriber as string,
  notes: r.notes as string,
  createdAt: iso(r.created_at),
});

async function spectacleRxRows(tx: Tx, patientId: string, ctx: ReadContext, rxId?: string): Promise<SpectacleRx[]> {
  const found = await rows(
    tx,
    sql`select r.id, r.patient_id, r.location_id, l.name as store_name, r.exam_date::text as exam_date,
        r.expires_on::text as expires_on, r.expires_on < ${storeToday(ctx.now, sql`l.time_zone`)} as expired, r.prescriber,
        r.source, r.right_eye, r.left_eye, r.notes, r.created_at
      from spectacle_rx r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      where r.patient_id = ${patientId} ${rxId ? sql`and r.id = ${rxId}` : sql``}
      order by r.exam_date desc, r.created_at desc, r.id`,
  );
  return found.map((r) => ({
    ...rxHeader(r),
    source: r.source as SpectacleRx['source'],
    right: spectacleEye(r.right_eye as StoredSpectacleEye),
    left: spectacleEye(r.left_eye as StoredSpectacleEye),
  }));
}

async function contactLensRxRows(tx: Tx, patientId: string, ctx: ReadContext, rxId?: string): Promise<ContactLensRx[]> {
  const found = await rows(
    tx,
    sql`select r.id, r.patient_id, r.location_id, l.name as store_name, r.exam_date::text as exam_date,
        r.expires_on::text as expires_on, r.expires_on < ${storeToday(ctx.now, sql`l.time_zone`)} as expired, r.prescriber,
        r.brand, r.manufacturer, r.replacement, r.right_eye, r.left_eye, r.notes, r.created_at
      from contact_lens_rx r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      where r.patient_id = ${patientId} ${rxId ? sql`and r.id = ${rxId}` : sql``}
      order by r.exam_date desc, r.created_at desc, r.id`,
  );
  return found.map((r) => ({
    ...rxHeader(r),
    brand: r.brand as string,
    manufacturer: r.manufacturer as string,
    replacement: r.replacement as ContactLensRx['replacement'],
    right: clEye(r.right_eye as ContactLensEye),
    left: clEye(r.left_eye as ContactLensEye),
  }));
}

export async function readPrescriptions(tx: Tx, patientId: string, ctx: ReadContext): Promise<Prescriptions> {
  return { spectacle: await spectacleRxRows(tx, patientId, ctx), contactLens: await contactLensRxRows(tx, patientId, ctx) };
}

/** One prescription of this patient (spectacle or contact lens) with the lab orders made from it; null if not theirs. */
export async function readRxOrders(tx: Tx, patientId: string, rxId: string, ctx: ReadContext): Promise<RxOrders | null> {
  const [spectacle] = await spectacleRxRows(tx, patientId, ctx, rxId);
  if (spectacle) {
    return { kind: 'spectacle', spectacle, contactLens: null, orders: await labOrderRows(tx, patientId, sql`and o.rx_id = ${rxId}`) };
  }
  const [contactLens] = await contactLensRxRows(tx, patientId, ctx, rxId);
  if (contactLens) return { kind: 'contact-lens', spectacle: null, contactLens, orders: [] };
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Lab orders

async function labOrderRows(tx: Tx, patientId: string, where: SQL = sql``): Promise<LabOrder[]> {
  const found = await rows(
    tx,
    sql`select o.id, o.number, o.patient_id, o.location_id, l.name as store_name, o.status, o.rx_id, o.invoice_id,
        i.number as invoice_number, o.invoice_line_no, o.frame, o.lens, o.fitting_heights, o.lab_name,
        o.expected_on::text as expected_on, o.remake_of_id, o.remake_reason, o.created_at, o.updated_at,
        coalesce((select json_agg(json_build_object('fromStatus', e.from_status, 'status', e.to_status, 'at', e.at,
            'byName', e.by_name, 'note', e.note) order by e.at, e.id)
          from lab_order_events e where e.tenant_id = o.tenant_id and e.lab_order_id = o.id), '[]'::json) as events
      from lab_orders o
      join locations l on l.tenant_id = o.tenant_id and l.id = o.location_id
      left join invoices i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.patient_id = ${patientId} ${where}
      order by o.created_at desc, o.number desc`,
  );
  return found.map((r) => {
    const frame = r.frame as LabOrder['frame'];
    const lens = r.lens as LabOrder['lens'];
    const heights = r.fitting_heights as LabOrder['fittingHeights'];
    return {
      id: r.id as string,
      number: num(r.number),
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      status: r.status as LabOrder['status'],
      rxId: (r.rx_id as string | null) ?? null,
      invoiceId: (r.invoice_id as string | null) ?? null,
      invoiceNumber: r.invoice_number === null ? null : num(r.invoice_number),
      invoiceLineNo: r.invoice_line_no === null ? null : num(r.invoice_line_no),
      frame: { brand: frame.brand, model: frame.model, colour: frame.colour, a: frame.a ?? null, b: frame.b ?? null, dbl: frame.dbl ?? null },
      lens: { type: lens.type, material: lens.material, coatings: lens.coatings ?? [] },
      fittingHeights: { right: heights.right ?? null, left: heights.left ?? null },
      labName: r.lab_name as string,
      expectedOn: (r.expected_on as string | null) ?? null,
      remakeOfId: (r.remake_of_id as string | null) ?? null,
      remakeReason: (r.remake_reason as string | null) ?? null,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      events: (r.events as Row[]).map((e) => ({
        fromStatus: (e.fromStatus as LabOrder['status'] | null) ?? null,
        status: e.status as LabOrder['status'],
        at: iso(e.at),
        byName: e.byName as string,
        note: e.note as string,
      })),
    };
  });
}

export const readLabOrders = async (tx: Tx, patientId: string): Promise<{ orders: LabOrder[] }> => ({
  orders: await labOrderRows(tx, patientId),
});

// ---------------------------------------------------------------------------------------------------------------
// Appointments

export interface CancelPolicy {
  patientsMayCancel: boolean;
  cancelNoticeHours: number;
}

/** The store's cancel policy; a store without a row has the table's defaults. */
const policyColumns = sql`coalesce(lp.patients_may_cancel, true) as patients_may_cancel, coalesce(lp.cancel_notice_hours, 24) as cancel_notice_hours`;

/** Why a patient cannot cancel online now, or null when they can. */
export function cancelRefusal(a: { status: string; startsAt: Date }, policy: CancelPolicy, now: Date): 'not-upcoming' | 'not-allowed' | 'too-late' | null {
  if (!(['booked', 'confirmed'] as string[]).includes(a.status) || a.startsAt.getTime() <= now.getTime()) return 'not-upcoming';
  if (!policy.patientsMayCancel) return 'not-allowed';
  if (a.startsAt.getTime() - now.getTime() < policy.cancelNoticeHours * 3600_000) return 'too-late';
  return null;
}

export async function appointmentRows(tx: Tx, patientId: string, ctx: ReadContext, appointmentId?: string): Promise<Appointment[]> {
  const found = await rows(
    tx,
    sql`select a.id, a.patient_id, a.location_id, l.name as store_name, l.time_zone, a.provider_name, a.type, a.status,
        a.starts_at, a.duration_minutes, a.notes, a.cancelled_at, ${policyColumns}
      from appointments a
      join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
      left join location_policies lp on lp.tenant_id = a.tenant_id and lp.location_id = a.location_id
      where a.patient_id = ${patientId} ${appointmentId ? sql`and a.id = ${appointmentId}` : sql``}
      order by a.starts_at, a.id`,
  );
  return found.map((r) => {
    const startsAt = new Date(r.starts_at as string | Date);
    const duration = num(r.duration_minutes);
    const timeZone = r.time_zone as string;
    const local = localParts(startsAt, timeZone);
    const policy = { patientsMayCancel: r.patients_may_cancel as boolean, cancelNoticeHours: num(r.cancel_notice_hours) };
    return {
      id: r.id as string,
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      timeZone,
      providerName: r.provider_name as string,
      type: r.type as Appointment['type'],
      status: r.status as Appointment['status'],
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + duration * 60_000).toISOString(),
      durationMinutes: duration,
      localDate: local.date,
      localTime: local.time,
      notes: r.notes as string,
      cancelledAt: isoOrNull(r.cancelled_at),
      canCancel: cancelRefusal({ status: r.status as string, startsAt }, policy, ctx.now) === null,
      cancelNoticeHours: policy.patientsMayCancel ? policy.cancelNoticeHours : null,
    };
  });
}

const isUpcoming = (a: Appointment, now: Date) =>
  (liveAppointmentStatuses as readonly string[]).includes(a.status) && new Date(a.endsAt).getTime() > now.getTime();

export async function readAppointments(tx: Tx, patientId: string, ctx: ReadContext): Promise<AppointmentLists> {
  const all = await appointmentRows(tx, patientId, ctx);
  return {
    upcoming: all.filter((a) => isUpcoming(a, ctx.now)),
    past: all.filter((a) => !isUpcoming(a, ctx.now)).reverse(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Invoices

const balanceOf = (status: string, total: number, paid: number) => (status === 'open' || status === 'paid' ? total - paid : 0);

async function invoiceSummaries(tx: Tx, patientId: string, invoiceId?: string): Promise<(InvoiceSummary & { notes: string; relatedInvoiceId: string | null })[]> {
  const found = await rows(
    tx,
    sql`select i.id, i.number, i.patient_id, i.location_id, l.name as store_name, i.status, i.issued_at, i.currency,
        i.subtotal::float8 as subtotal, i.discount_total::float8 as discount_total, i.tax_total::float8 as tax_total,
        i.total::float8 as total, i.paid_total::float8 as paid_total, i.notes, i.related_invoice_id,
        (select count(*)::int from invoice_lines il where il.tenant_id = i.tenant_id and il.invoice_id = i.id) as line_count
      from invoices i join locations l on l.tenant_id = i.tenant_id and l.id = i.location_id
      where i.patient_id = ${patientId} ${invoiceId ? sql`and i.id = ${invoiceId}` : sql``}
      order by i.issued_at desc, i.number desc`,
  );
  return found.map((r) => {
    const total = num(r.total);
    const paidTotal = num(r.paid_total);
    return {
      id: r.id as string,
      number: num(r.number),
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      status: r.status as InvoiceSummary['status'],
      issuedAt: iso(r.issued_at),
      currency: r.currency as string,
      subtotal: num(r.subtotal),
      discountTotal: num(r.discount_total),
      taxTotal: num(r.tax_total),
      total,
      paidTotal,
      balance: balanceOf(r.status as string, total, paidTotal),
      lineCount: num(r.line_count),
      notes: r.notes as string,
      relatedInvoiceId: (r.related_invoice_id as string | null) ?? null,
    };
  });
}

function openBalances(list: InvoiceSummary[]) {
  const open = list.filter((i) => i.status === 'open');
  const byCurrency = new Map<string, number>();
  for (const i of open) byCurrency.set(i.currency, (byCurrency.get(i.currency) ?? 0) + i.balance);
  return { openInvoices: open.length, amounts: [...byCurrency].sort().map(([currency, amount]) => ({ currency, amount })) };
}

export async function readInvoices(tx: Tx, patientId: string): Promise<InvoiceList> {
  const list = (await invoiceSummaries(tx, patientId)).map(({ notes: _n, relatedInvoiceId: _r, ...summary }) => summary);
  return { invoices: list, balances: openBalances(list).amounts };
}

export async function readInvoice(tx: Tx, patientId: string, invoiceId: string): Promise<InvoiceDetail | null> {
  const [invoice] = await invoiceSummaries(tx, patientId, invoiceId);
  if (!invoice) return null;
  const lines = await rows(
    tx,
    sql`select line_no, kind, sku, description, quantity, unit_price::float8 as unit_price, discount::float8 as discount,
        tax::float8 as tax, total::float8 as total
      from invoice_lines where invoice_id = ${invoiceId} order by line_no`,
  );
  const paid = await rows(
    tx,
    sql`select id, method, amount::float8 as amount, paid_at, reference from payments where invoice_id = ${invoiceId} order by paid_at, id`,
  );
  const [store] = await rows(
    tx,
    sql`select l.name, l.address, l.phone, l.time_zone, l.tax_rate_bp, c.name as company_name
      from locations l join companies c on c.tenant_id = l.tenant_id where l.id = ${invoice.locationId}`,
  );
  const [patient] = await rows(tx, sql`select first_name, last_name from patients where id = ${patientId}`);
  const orders = await rows(
    tx,
    sql`select id, number, status, expected_on::text as expected_on, invoice_line_no from lab_orders
      where patient_id = ${patientId} and invoice_id = ${invoiceId} order by number`,
  );
  return {
    ...invoice,
    patientName: `${patient!.first_name as string} ${patient!.last_name as string}`,
    lines: lines.map((l) => ({
      lineNo: num(l.line_no),
      kind: l.kind as InvoiceDetail['lines'][number]['kind'],
      sku: l.sku as string,
      description: l.description as string,
      quantity: num(l.quantity),
      unitPrice: num(l.unit_price),
      discount: num(l.discount),
      tax: num(l.tax),
      total: num(l.total),
    })),
    payments: paid.map((p) => ({
      id: p.id as string,
      method: p.method as InvoiceDetail['payments'][number]['method'],
      amount: num(p.amount),
      paidAt: iso(p.paid_at),
      reference: p.reference as string,
    })),
    store: {
      name: store!.name as string,
      address: store!.address as string,
      phone: store!.phone as string,
      timeZone: store!.time_zone as string,
      taxRateBp: num(store!.tax_rate_bp),
      companyName: store!.company_name as string,
    },
    orders: orders.map((o) => ({
      id: o.id as string,
      number: num(o.number),
      status: o.status as LabOrder['status'],
      expectedOn: (o.expected_on as string | null) ?? null,
      invoiceLineNo: o.invoice_line_no === null ? null : num(o.invoice_line_no),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Recalls

export async function readRecalls(tx: Tx, patientId: string, ctx: ReadContext): Promise<{ recalls: Recall[] }> {
  const found = await rows(
    tx,
    sql`select r.id, r.patient_id, r.location_id, l.name as store_name, r.type, r.due_on::text as due_on, r.status, r.channel,
        r.last_sent_at, r.status in ('pending', 'sent') and r.due_on < ${storeToday(ctx.now, sql`l.time_zone`)} as overdue
      from recalls r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      where r.patient_id = ${patientId}
      order by r.due_on desc, r.id`,
  );
  return {
    recalls: found.map((r) => ({
      id: r.id as string,
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      type: r.type as Recall['type'],
      dueOn: r.due_on as string,
      status: r.status as Recall['status'],
      channel: r.channel as Recall['channel'],
      lastSentAt: isoOrNull(r.last_sent_at),
      overdue: r.overdue as boolean,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Dashboard

/** eForm assignments the patient still has to fill in: not submitted, not revoked, not expired. */
async function formsToFill(tx: Tx, patientId: string, now: Date): Promise<FormToFill[]> {
  const found = await rows(
    tx,
    sql`select f.id, f.form_snapshot->>'name' as name, f.location_id, l.name as store_name, f.expires_at, f.requires_code, f.sent_at
      from form_assignments f join locations l on l.tenant_id = f.tenant_id and l.id = f.location_id
      where f.patient_id = ${patientId} and f.submitted_at is null and f.revoked_at is null
        and f.expires_at > ${now.toISOString()}::timestamptz
      order by f.expires_at, f.id`,
  );
  return found.map((f) => ({
    id: f.id as string,
    name: (f.name as string | null) ?? '',
    locationId: f.location_id as string,
    storeName: f.store_name as string,
    expiresAt: iso(f.expires_at),
    requiresCode: f.requires_code as boolean,
    sentAt: isoOrNull(f.sent_at),
  }));
}

export async function readDashboard(tx: Tx, patientId: string, ctx: ReadContext): Promise<PatientDashboard | null> {
  const profile = await readProfile(tx, patientId, ctx);
  if (!profile) return null;
  const [appts, rx, orders, invoices, recalls, forms] = [
    await readAppointments(tx, patientId, ctx),
    await readPrescriptions(tx, patientId, ctx),
    await labOrderRows(tx, patientId),
    await invoiceSummaries(tx, patientId),
    await readRecalls(tx, patientId, ctx),
    await formsToFill(tx, patientId, ctx.now),
  ];
  return {
    patient: { id: profile.id, firstName: profile.firstName, lastName: profile.lastName, locationId: profile.locationId, storeName: profile.storeName },
    nextAppointment: appts.upcoming[0] ?? null,
    currentRx: rx.spectacle[0] ?? null,
    currentContactLensRx: rx.contactLens[0] ?? null,
    ordersInProgress: orders.filter((o) => !(labOrderClosedStatuses as readonly string[]).includes(o.status)),
    balance: openBalances(invoices),
    recallsDue: recalls.recalls.filter((r) => r.status === 'pending' || r.status === 'sent').sort((a, b) => a.dueOn.localeCompare(b.dueOn)),
    formsToFill: forms,
  };
}
