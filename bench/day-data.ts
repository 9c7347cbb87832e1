/**
 * The busy Saturday's data (bench/day.ts): beside the demo companies, COMPANIES companies of STORES_PER_COMPANY
 * stores each, every store complete as an admin's own new store (sign-in address, policies, tax rates, two
 * registers, the front desk's session open), the demo catalogue copied into every company and stocked in every
 * store, CLERKS_PER_STORE staff accounts limited to their store, PATIENTS_PER_STORE patients (the first with a
 * portal account) and INVOICES_PER_STORE open invoices with a line each. All in SQL on the owner's connection
 * (`generate_series`), before the server starts; ids are derived from the row's number (md5), so the load can name
 * them without reading them back.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../server/auth/passwords';
import type { Database } from '../server/db/client';
import { DEMO_PASSWORD, demoIds } from '../server/db/seed';

export const COMPANIES = 20;
export const STORES_PER_COMPANY = 10;
export const STORES = COMPANIES * STORES_PER_COMPANY;
export const CLERKS_PER_STORE = 2;
export const PATIENTS_PER_STORE = 200;
export const INVOICES_PER_STORE = 100;
/** Every open invoice's total: big enough that the load's small payments never settle one. */
export const OPEN_INVOICE_TOTAL = 100_000_000;

/** A version-4 shaped uuid (the API's ids are checked so) from the md5 of `text`: the same as `idSql` makes. */
export function md5Uuid(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

/** md5Uuid in SQL, of the text expression `text`. */
const idSql = (text: string) => `(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18))::uuid from md5(${text}) as h)`;

export const dayIds = {
  company: (c: number) => md5Uuid(`day-company-${c}`),
  store: (s: number) => md5Uuid(`day-store-${s}`),
  /** The store's front desk, whose session is open. */
  register: (s: number) => md5Uuid(`day-register-${s}`),
  session: (s: number) => md5Uuid(`day-session-${s}`),
  patient: (s: number, p: number) => md5Uuid(`day-patient-${s}-${p}`),
  invoice: (s: number, i: number) => md5Uuid(`day-invoice-${s}-${i}`),
  /** 1-based store s belongs to company companyOf(s). */
  companyOf: (s: number) => Math.floor((s - 1) / STORES_PER_COMPANY) + 1,
};
export const clerkEmail = (s: number, k: number) => `clerk${s}-${k}@day.test`;
export const patientEmail = (s: number) => `patient${s}@day.test`;

const firstNames = ['Ada', 'Ben', 'Cem', 'Dana', 'Elif', 'Femi', 'Gul', 'Hana', 'Ivan', 'Jana', 'Kemal', 'Lea', 'Mert', 'Nora', 'Omar', 'Pia'];
const lastNames = ['Arslan', 'Brown', 'Celik', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kaya', 'Lopez', 'Moreau', 'Novak', 'Ozturk', 'Park', 'Quinn', 'Rossi', 'Sato', 'Tan'];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** The store numbers 1..STORES with their company (c) and tenant. */
const stores = `(select s, ((s - 1) / ${STORES_PER_COMPANY}) + 1 as c, ${idSql(`'day-store-' || s`)} as id,
  ${idSql(`'day-company-' || (((s - 1) / ${STORES_PER_COMPANY}) + 1)`)} as tenant from generate_series(1, ${STORES}) as s)`;

export async function generateDay(db: Database): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const run = (text: string) => db.owner.execute(sql.raw(text));
  await run(`insert into companies (tenant_id, slug, name)
    select ${idSql(`'day-company-' || c`)}, 'day' || c, 'Day Optical ' || c from generate_series(1, ${COMPANIES}) as c`);
  await run(`insert into locations (tenant_id, id, slug, name, address, phone, time_zone, tax_rate_bp, currency)
    select tenant, id, 'store' || s, 'Store ' || s, s || ' High Street', '+1 555 ' || lpad(s::text, 4, '0'), 'America/New_York', 800, 'USD' from ${stores} st`);
  await run(`insert into portal_mappings (tenant_id, company_slug, store_slug, location_id) select tenant, 'day' || c, 'store' || s, id from ${stores} st`);
  await run(`insert into location_policies (tenant_id, location_id) select tenant, id from ${stores} st`);
  await run(`insert into tax_rates (tenant_id, location_id, tax_class, rate_bp)
    select tenant, id, t.class, t.bp from ${stores} st cross join (values ('standard', 800), ('reduced', 400), ('zero', 0)) as t(class, bp)`);
  await run(`insert into registers (tenant_id, id, location_id, name)
    select tenant, case when r.name = 'Front desk' then ${idSql(`'day-register-' || s`)} else gen_random_uuid() end, id, r.name
    from ${stores} st cross join (values ('Front desk'), ('Dispensing')) as r(name)`);
  // The demo catalogue in every company (its search keys by the products' trigger), plenty of it in every store.
  await run(`insert into products (tenant_id, kind, sku, name, brand, model, colour, size_a, size_b, size_dbl, tax_class, price)
    select ${idSql(`'day-company-' || c`)}, p.kind, p.sku, p.name, p.brand, p.model, p.colour, p.size_a, p.size_b, p.size_dbl, p.tax_class, p.price
    from products p cross join generate_series(1, ${COMPANIES}) as c where p.tenant_id = '${demoIds.clearview}'`);
  await run(`insert into product_stock (tenant_id, location_id, product_id, on_hand)
    select st.tenant, st.id, p.id, case when p.kind = 'service' then 0 else 1000000 end from ${stores} st join products p on p.tenant_id = st.tenant`);
  await run(`insert into users (tenant_id, email, password_hash, roles, display_name, default_location_id)
    select tenant, 'clerk' || s || '-' || k || '@day.test', '${hash}', '{staff}', 'Clerk ' || s || '-' || k, id
    from ${stores} st cross join generate_series(1, ${CLERKS_PER_STORE}) as k`);
  await run(`insert into user_locations (tenant_id, user_id, location_id)
    select u.tenant_id, u.id, u.default_location_id from users u where u.email like 'clerk%@day.test'`);
  await run(`insert into users (tenant_id, email, password_hash, roles, display_name, default_location_id)
    select tenant, 'patient' || s || '@day.test', '${hash}', '{patient}', 'Patient ' || s, id from ${stores} st`);
  await run(`insert into patients (tenant_id, id, location_id, first_name, last_name, date_of_birth, phone, email, user_id, consent_contact, consent_privacy)
    select st.tenant, ${idSql(`'day-patient-' || s || '-' || p`)}, st.id,
      (${arr(firstNames)})[1 + (s * 7 + p) % ${firstNames.length}], (${arr(lastNames)})[1 + (s * 13 + p * 3) % ${lastNames.length}],
      date '1950-01-01' + ((s * 977 + p * 131) % 25000), '+1 555 ' || lpad(((s * 1000 + p) % 10000)::text, 4, '0'),
      'p' || s || '-' || p || '@mail.test', case when p = 1 then u.id end, true, true
    from ${stores} st cross join generate_series(1, ${PATIENTS_PER_STORE}) as p
    left join users u on p = 1 and u.tenant_id = st.tenant and u.email = 'patient' || s || '@day.test'`);
  await run(`insert into register_sessions (tenant_id, id, register_id, location_id, opened_by, float, float_total)
    select st.tenant, ${idSql(`'day-session-' || s`)}, ${idSql(`'day-register-' || s`)}, st.id, u.id, '[]', 0
    from ${stores} st join users u on u.tenant_id = st.tenant and u.email = 'clerk' || s || '-1@day.test'`);
  // The day's earlier invoices: open, each with one line, spread over the last 90 days.
  await run(`insert into invoices (tenant_id, id, location_id, number, patient_id, status, issued_at, subtotal, total, created_by)
    select st.tenant, ${idSql(`'day-invoice-' || s || '-' || i`)}, st.id, i, ${idSql(`'day-patient-' || s || '-' || (1 + i % ${PATIENTS_PER_STORE})`)},
      'open', now() - ((${INVOICES_PER_STORE} - i) * interval '21 hours'), ${OPEN_INVOICE_TOTAL}, ${OPEN_INVOICE_TOTAL}, null
    from ${stores} st cross join generate_series(1, ${INVOICES_PER_STORE}) as i`);
  await run(`insert into invoice_lines (tenant_id, invoice_id, line_no, kind, sku, description, quantity, unit_price, total)
    select i.tenant_id, i.id, 1, 'service', 'SV-EXAM', 'Eye exam', 1, i.total, i.total from invoices i join companies c on c.tenant_id = i.tenant_id
    where c.slug like 'day%'`);
  await run('analyze');
}
