/**
 * The books have one writer (shared/design/ledger.md): outside server/ledger, no server code inserts into or updates
 * the tables that hold money and stock (the demo seed excepted: it writes the fixed demo records before any request).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const books = {
  invoices: 'invoices',
  invoiceLines: 'invoice_lines',
  payments: 'payments',
  storeCreditEntries: 'store_credit_entries',
  stockMovements: 'stock_movements',
  cashMovements: 'cash_movements',
  productStock: 'product_stock',
  salesToReview: 'sales_to_review',
};
const drizzleWrite = new RegExp(`\\.(insert|update|delete)\\(\\s*(${Object.keys(books).join('|')})\\s*\\)`);
const sqlWrite = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${Object.values(books).join('|')})\\b`, 'i');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

it('only server/ledger writes invoices, payments, store credit, register cash and stock', () => {
  const writers = sources(join(root, 'server'))
    .map((path) => relative(root, path))
    .filter((path) => !path.startsWith('server/ledger/') && !/^server\/db\/seed/.test(path))
    .flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, i) => (drizzleWrite.test(line) || sqlWrite.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
  expect(writers).toEqual([]);
});

it('the check sees a write outside the ledger', () => {
  expect(drizzleWrite.test('await tx.update(invoices).set({ status })')).toBe(true);
  expect(sqlWrite.test('sql`insert into store_credit_entries (tenant_id) values (1)`')).toBe(true);
  expect(drizzleWrite.test('await tx.select().from(invoices)')).toBe(false);
});
