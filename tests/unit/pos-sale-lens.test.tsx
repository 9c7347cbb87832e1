/**
 * A spectacle lens at the register as the clerk chooses it: exactly one material (a radio group of the product's
 * materials, the cheapest chosen when the lens is added) and any number of coatings (checkboxes), as the
 * catalogue's option groups say. A lens without a material (a sale parked before it had one) cannot be paid until
 * one is chosen; the sale sent names one material.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { priceSale } from '../../src/contract/money';
import type { ParkedSale, SaleSubmit } from '../../src/contract/pos';
import { SaleView } from '../../src/views/pos/sale/SaleView';
import { dropSaleActors } from '../../src/app/saleActor';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { invoiceOf, lens, posIds, saleResultOf } from '../fixtures/posFixtures';
import { description } from '../fixtures/accessibleText';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const clerk = withRoles(janeDoe, ['staff'], 'Sam Staff');
const register = {
  id: posIds.register,
  locationId: posIds.location,
  name: 'Front desk',
  currency: 'USD',
  openSession: { id: posIds.session, openedAt: '2026-11-24T08:00:00.000Z', openedBy: 'Sam Staff' },
  discountLimitBp: 1000,
};
const ok = (body: unknown, status = 200): Reply => ({ status, body });
const url = (call: Call) => new URL(call.path, 'http://x');

/** Parked before the lens had a material: its only option is a coating. */
const parkedWithoutMaterial: ParkedSale = {
  id: posIds.parked,
  locationId: posIds.location,
  kind: 'parked',
  patientId: null,
  patientName: null,
  lines: [{ productId: lens.id, quantity: 1, optionIds: [posIds.antiReflective], discount: null, rxId: null, fitting: null }],
  orderDiscount: null,
  note: '',
  currency: 'USD',
  total: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Sam Staff',
  expiresAt: null,
};

function api(call: Call): Reply | undefined {
  const u = url(call);
  if (u.pathname === '/api/pos/products') return ok({ items: [lens] });
  if (u.pathname === '/api/pos/products/popular') return ok({ items: [] });
  if (u.pathname === `/api/pos/products/${lens.id}`) return ok(lens);
  if (u.pathname === '/api/pos/parked') return ok({ items: [parkedWithoutMaterial] });
  if (u.pathname === '/api/pos/sales' && call.method === 'POST') {
    const body = call.body as SaleSubmit;
    const pricing = priceSale(
      body.lines.map((l) => ({
        productId: lens.id,
        description: lens.name,
        quantity: l.quantity,
        unitPrice: lens.price + lens.options.filter((o) => l.optionIds.includes(o.id)).reduce((s, o) => s + o.price, 0),
        taxRateBp: lens.taxRateBp,
        discount: l.discount,
      })),
      body.orderDiscount,
    );
    return ok(saleResultOf(invoiceOf(pricing, body.payments), pricing), 201);
  }
  return undefined;
}

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  dropSaleActors();
  window.history.replaceState(null, '', '/');
});

const open = () => (rendered = renderPage(<SaleView register={register} session={{ id: posIds.session }} />, { user: clerk, api }));
const lines = () => screen.getByRole('list', { name: 'Lines of the sale' });
const total = () => within(screen.getByRole('region', { name: 'Totals' })).getAllByRole('definition').at(-1)!.textContent;
const radioChecked = (name: RegExp) => (within(lines()).getByRole('radio', { name }) as HTMLInputElement).checked;

describe('a lens at the register', () => {
  it('takes one material (a radio group, the cheapest chosen) and any number of coatings (checkboxes)', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await user.type(screen.getByRole('combobox', { name: 'Product or barcode' }), 'single');
    await screen.findByRole('option', { name: /Single vision lenses/ });
    await user.keyboard('{Enter}');
    await within(lines()).findByRole('button', { name: /^Single vision lenses/ });

    const materials = within(lines()).getByRole('radiogroup', { name: 'Material' });
    expect(within(materials).getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([true, false, false]);
    expect(radioChecked(/^Standard 1\.50/)).toBe(true);
    await user.click(within(materials).getByRole('radio', { name: /^Polycarbonate/ }));
    await user.click(within(materials).getByRole('radio', { name: /^High-index 1\.67/ }));
    expect(within(materials).getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([false, false, true]);

    const coatings = within(lines()).getByRole('group', { name: 'Coatings' });
    await user.click(within(coatings).getByRole('checkbox', { name: /^Anti-reflective/ }));
    await user.click(within(coatings).getByRole('checkbox', { name: /^Blue-light filter/ }));
    // (80 + 60 + 25 + 15) × 1.08
    expect(total()).toBe('$194.40');

    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog', { name: 'Payment of $194.40' });
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    await screen.findByText(/Sale recorded/);
    const sale = rendered!.server.calls.find((c) => c.method === 'POST' && url(c).pathname === '/api/pos/sales')!.body as SaleSubmit;
    expect(sale.lines[0]!.optionIds).toEqual([posIds.highIndex, posIds.antiReflective, posIds.blueLight]);
  });

  it('cannot pay for a lens without a material until one is chosen, and says why', async () => {
    window.history.replaceState(null, '', `/admin/pos/all?resume=${posIds.parked}`);
    const { user } = open();
    // Parked for a walk-in: only the material stands between the clerk and the payment.
    await within(await screen.findByRole('list', { name: 'Lines of the sale' }, { timeout: 5000 })).findByRole('button', { name: /^Single vision lenses/ });
    const pay = screen.getByRole('button', { name: 'Pay (F4)' });
    expect(pay.getAttribute('data-disabled')).toBe('true');
    expect(description(pay)).toBe('Choose the material of Single vision lenses.');
    const materials = within(lines()).getByRole('radiogroup', { name: 'Material' });
    expect(within(materials).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await user.click(within(materials).getByRole('radio', { name: /^Polycarbonate/ }));
    await waitFor(() => expect(pay.getAttribute('data-disabled')).toBeNull());
    // (80 + 30 + 25) × 1.08
    expect(total()).toBe('$145.80');
  });
});
