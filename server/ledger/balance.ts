/**
 * When an invoice's books balance: the one definition, read by the unbalanced-invoices report and by the property
 * model of the books (tests/server/ledger-model.test.ts). Each rule is named; an invoice that breaks none is not
 * listed (there should never be one).
 *
 * - paid: its paid total is the sum of its payments, between 0 and its total (a credit record: its total and 0);
 * - givenBack: its credit records gave back no more money than it was paid;
 * - lineBack: they gave back no more of a line than was sold;
 * - stock: its stock movements are its stocked lines (taken by a sale, given back by a credit record).
 */
import { sql, type SQL } from 'drizzle-orm';
import { stockedKinds } from '../../src/contract/pos';

export const balanceRules = ['paid', 'givenBack', 'lineBack', 'stock'] as const;
export type BalanceRule = (typeof balanceRules)[number];

const stocked = sql.join(
  stockedKinds.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * The invoices of `scope` (a query answering invoice rows, all columns) whose books do not balance, one row each:
 * id, number, location_id, issued_at, currency, total, paid_total, related_invoice_id and `rules` (text[]).
 */
export function unbalancedInvoices(scope: SQL): SQL {
  return sql`select u.* from (
    select i.id, i.number, i.location_id, i.issued_at, i.currency, i.total, i.paid_total, i.related_invoice_id,
      array_remove(array[
        case when i.paid_total <> coalesce((select sum(p.amount) from payments p where p.tenant_id = i.tenant_id and p.invoice_id = i.id), 0)
          or (i.related_invoice_id is null and (i.paid_total < 0 or i.paid_total > i.total))
          or (i.related_invoice_id is not null and (i.paid_total > 0 or i.paid_total < least(i.total, 0))) then 'paid' end,
        case when i.related_invoice_id is null
          and i.paid_total + coalesce((select sum(c.paid_total) from invoices c where c.tenant_id = i.tenant_id and c.related_invoice_id = i.id), 0) < 0 then 'givenBack' end,
        case when i.related_invoice_id is null and exists (
            select 1 from invoice_lines l
              join invoices c on c.tenant_id = l.tenant_id and c.related_invoice_id = l.invoice_id
              join invoice_lines cl on cl.tenant_id = c.tenant_id and cl.invoice_id = c.id and cl.original_line_no = l.line_no
            where l.tenant_id = i.tenant_id and l.invoice_id = i.id
            group by l.line_no, l.quantity having sum(cl.quantity) > l.quantity) then 'lineBack' end,
        case when exists (
            select 1 from (
                select m.product_id, sum(m.quantity) as moved from stock_movements m
                where m.tenant_id = i.tenant_id and m.invoice_id = i.id group by 1) m
              full join (
                select il.product_id, sum(case when i.related_invoice_id is null then -il.quantity else il.quantity end) as moved
                from invoice_lines il join products pr on pr.tenant_id = il.tenant_id and pr.id = il.product_id
                where il.tenant_id = i.tenant_id and il.invoice_id = i.id and pr.kind in (${stocked}) group by 1) l
              on l.product_id = m.product_id
            where coalesce(m.moved, 0) <> coalesce(l.moved, 0)) then 'stock' end
      ], null) as rules
    from (${scope}) i) u
  where cardinality(u.rules) > 0`;
}
