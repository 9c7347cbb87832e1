/**
 * The register page (/admin/pos/{type}) against a fake API: the register picker and the device's remembered
 * register; the session tab (a float counted by denomination, a pay-in, the X report, the close with the counted
 * cash, the expected cash and the difference, ending on the Z report; the server's refusal shown); offline; Arabic.
 * The parked and history tabs and refunds are in pos-register-sales.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Register } from '../../src/contract/pos';
import type { Reply } from '../fixtures/fakeApi';
import { closedTill, locationId, ok, openTill, otherTill, path, registerApi, registerId, registerPages, rememberTill, report, sessionId, tenantId } from './pos-register-fixtures';

const { open, calls, writes } = registerPages();

describe('the register page', () => {
  it('asks which register this device uses, remembers it, and says a sale needs the register open', async () => {
    const { user } = open('all', registerApi([closedTill, { ...otherTill, openSession: { id: sessionId, openedAt: '2026-11-24T08:00:00Z', openedBy: 'Alex Admin' } }]));
    await screen.findByRole('heading', { level: 1, name: 'Point of sale' }, { timeout: 5000 });
    const tabs = screen.getByRole('navigation', { name: 'Register' });
    expect(within(tabs).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sale', '/admin/pos/all'],
      ['Parked', '/admin/pos/parked'],
      ['History', '/admin/pos/history'],
      ['Session', '/admin/pos/session'],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Sale' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('heading', { name: "Choose this device's register" });
    // Names keep their own direction: the register's, and who opened it inside the sentence.
    const opened = await screen.findByText((_, element) => element?.tagName === 'P' && /^Open, by Alex Admin since ./.test(element.textContent ?? ''));
    expect(opened.querySelector('bdi')?.textContent).toBe('Alex Admin');
    expect(screen.getByRole('heading', { level: 3, name: 'Till 1' }).querySelector('bdi')?.textContent).toBe('Till 1');
    expect(screen.getByRole('button', { name: 'Use Till 1' }).querySelector('bdi')?.textContent).toBe('Till 1');
    await user.click(screen.getByRole('button', { name: 'Use Till 1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Point of sale · Till 1' })).toBeTruthy();
    expect(screen.getByText('The register is closed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the register' }).getAttribute('href')).toBe('/admin/pos/session');
    expect(JSON.parse(localStorage.getItem(`pos.register.${tenantId}.${locationId}`)!)).toEqual(closedTill);

    // Another register: the choice is forgotten and the picker is back.
    await user.click(screen.getByRole('button', { name: 'Change register' }));
    await screen.findByRole('heading', { name: "Choose this device's register" });
    expect(localStorage.getItem(`pos.register.${tenantId}.${locationId}`)).toBeNull();
  });

  it('opens the remembered register with a float, records a pay-in, shows the X report and closes with the Z report', async () => {
    rememberTill();
    let current = report();
    const { user } = open(
      'session',
      registerApi([closedTill], (call) => {
        const p = path(call);
        if (call.method === 'POST' && p === `/api/pos/registers/${registerId}/sessions`) return ok(current, 201);
        if (call.method === 'POST' && p === `/api/pos/sessions/${sessionId}/movements`) {
          current = report({ payIns: 1500, expectedCash: 11_500, movements: [{ id: 'd0000000-0000-4000-8000-000000000001', kind: 'pay-in', amount: 1500, reason: 'Change from the bank', at: '2026-11-24T09:00:00Z', by: 'Sam Staff' }] });
          return ok(current, 201);
        }
        if (p === `/api/pos/sessions/${sessionId}`) {
          current = { ...current, cashIn: 4000, expectedCash: 15_500, byMethod: [{ method: 'cash', amount: 4000, count: 1 }], saleCount: 1, salesTotal: 4000 };
          return ok(current);
        }
        if (call.method === 'POST' && p === `/api/pos/sessions/${sessionId}/close`) {
          return ok({ ...current, status: 'closed', closedAt: '2026-11-24T17:00:00Z', closedBy: 'Sam Staff', countedCash: 16_000, counted: [{ denomination: 2000, count: 8 }], difference: 500 });
        }
        return undefined;
      }),
    );
    const form = await screen.findByRole('form', { name: 'Open Till 1' }, { timeout: 5000 });
    const twenties = within(form).getByLabelText('Number of $20.00');
    await user.type(twenties, '5');
    expect(within(form).getByText('Float: $100.00')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Open the register' }));
    await screen.findByRole('heading', { name: 'The register is open' });
    expect(writes('/sessions')[0]!.body).toEqual({ float: [{ denomination: 2000, count: 5 }], note: '' });

    // A pay-in: the reason is required before anything is sent.
    const movement = screen.getByRole('form', { name: 'Pay-in or pay-out' });
    await user.type(within(movement).getByLabelText('Amount (USD)'), '15');
    await user.click(within(movement).getByRole('button', { name: 'Record pay-in' }));
    expect(within(movement).getByText('A reason is required')).toBeTruthy();
    expect(writes('/movements')).toHaveLength(0);
    const refusal = within(movement).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    await user.click(within(refusal).getByRole('link', { name: 'Reason: A reason is required' }));
    expect(document.activeElement).toBe(within(movement).getByLabelText('Reason'));
    await user.type(within(movement).getByLabelText('Reason'), 'Change from the bank');
    await user.click(within(movement).getByRole('button', { name: 'Record pay-in' }));
    await waitFor(() => expect(writes('/movements')).toHaveLength(1));
    expect(writes('/movements')[0]!.body).toEqual({ kind: 'pay-in', amount: 1500, reason: 'Change from the bank' });
    await waitFor(() => expect((within(movement).getByLabelText('Reason') as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('$115.00')).toBeTruthy();

    // The X report, read fresh.
    await user.click(screen.getByRole('button', { name: 'X report' }));
    const x = await screen.findByRole('article', { name: 'X report' });
    expect(x.textContent).toContain('Expected cash$155.00');
    expect(within(x).getByRole('table', { name: 'Totals by payment method' }).textContent).toContain('Cash');
    expect(within(x).getByRole('table', { name: 'Pay-ins and pay-outs' }).textContent).toContain('Change from the bank');
    expect(screen.getByRole('button', { name: 'Print the X report' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the session' }));

    // The close: the counted cash beside the expected, the difference as it is typed; then the Z report.
    await user.click(await screen.findByRole('button', { name: 'Close the register' }));
    const close = await screen.findByRole('form', { name: 'Close the register' });
    await user.type(within(close).getByLabelText('Number of $20.00'), '7');
    await user.type(within(close).getByLabelText('Number of $1.00'), '15');
    const figures = within(close).getByLabelText('Cash at close');
    expect(figures.textContent).toContain('Expected cash$155.00');
    expect(figures.textContent).toContain('Counted cash$155.00');
    expect(figures.textContent).toContain('Difference$0.00');
    await user.clear(within(close).getByLabelText('Number of $1.00'));
    await user.type(within(close).getByLabelText('Number of $20.00'), '{Backspace}8');
    expect(figures.textContent).toContain('Difference$5.00');
    const printed: string[] = [];
    window.print = () => printed.push(screen.queryByRole('article', { name: 'Z report' }) ? 'Z report' : 'nothing');
    await user.click(within(close).getByRole('button', { name: 'Close and print the Z report' }));
    const z = await screen.findByRole('article', { name: 'Z report' });
    // It prints once, with the Z report on the page.
    await waitFor(() => expect(printed).toEqual(['Z report']));
    expect(writes('/close')[0]!.body).toEqual({ counted: [{ denomination: 2000, count: 8 }], note: '' });
    expect(z.textContent).toContain('Counted cash$160.00');
    expect(z.textContent).toContain('Difference$5.00');
    // Closed: the next session starts from a new float.
    expect(screen.getByRole('form', { name: 'Open Till 1' })).toBeTruthy();
  });

  it('counts the float of a store selling in euros in euro notes and coins, and shows its figures in euros', async () => {
    const euroTill: Register = { ...closedTill, currency: 'EUR' };
    rememberTill(euroTill);
    const { user } = open(
      'session',
      registerApi([euroTill], (call) =>
        call.method === 'POST' && path(call) === `/api/pos/registers/${registerId}/sessions` ? ok(report({ currency: 'EUR', floatTotal: 4000, expectedCash: 4000 }), 201) : undefined,
      ),
    );
    const form = await screen.findByRole('form', { name: 'Open Till 1' }, { timeout: 5000 });
    // Euro denominations (a €2 coin, no quarter), labelled in euros.
    expect(within(form).getByLabelText('Number of €2.00')).toBeTruthy();
    expect(within(form).queryByLabelText('Number of €0.25')).toBeNull();
    expect(within(form).queryByText(/\$/)).toBeNull();
    await user.type(within(form).getByLabelText('Number of €20.00'), '2');
    expect(within(form).getByText('Float: €40.00')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Open the register' }));
    await screen.findByRole('heading', { name: 'The register is open' });
    expect(writes('/sessions')[0]!.body).toEqual({ float: [{ denomination: 2000, count: 2 }], note: '' });
    expect(screen.getByLabelText('Amount (EUR)')).toBeTruthy();
  });

  it("shows the server's refusal when the register cannot be opened, and keeps the count", async () => {
    rememberTill();
    const { user } = open(
      'session',
      registerApi([closedTill], (call) =>
        call.method === 'POST' ? { status: 409, body: { error: 'This register already has an open session' } } : undefined,
      ),
    );
    const form = await screen.findByRole('form', { name: 'Open Till 1' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('Number of $5.00'), '4');
    await user.click(within(form).getByRole('button', { name: 'Open the register' }));
    const refusal = await within(form).findByRole('alert');
    expect(refusal).toHaveProperty('textContent', 'This register already has an open session');
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect((within(form).getByLabelText('Number of $5.00') as HTMLInputElement).value).toBe('4');
    // A count that is not a whole number: said at its field; the button stays enabled and a press says which field.
    const fives = within(form).getByLabelText('Number of $5.00');
    await user.type(fives, 'x');
    expect(within(form).getByText('Each count must be a whole number from 0 to 10000')).toBeTruthy();
    expect(within(form).getByText('Enter a whole number from 0 to 10000')).toBeTruthy();
    expect(fives.getAttribute('aria-invalid')).toBe('true');
    const posts = writes('/sessions').length;
    await user.click(within(form).getByRole('button', { name: 'Open the register' }));
    const summary = within(form).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Please correct the highlighted fields.')).toBeTruthy();
    await user.click(within(summary).getByRole('link', { name: 'Number of $5.00: Enter a whole number from 0 to 10000' }));
    expect(document.activeElement).toBe(fives);
    expect(writes('/sessions')).toHaveLength(posts);
  });

  it('refuses a close whose count is not a whole number at the field, and says the server’s refusal of the count', async () => {
    rememberTill(openTill);
    const { user } = open(
      'session',
      registerApi([openTill], (call) => {
        const p = path(call);
        if (p === `/api/pos/sessions/${sessionId}`) return ok(report());
        if (call.method === 'POST' && p === `/api/pos/sessions/${sessionId}/close`) {
          return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { 'counted.0.count': 'Each denomination is a whole number of cents between 1 and 100000 counted 0 to 10000 times' } } };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Close the register' }, { timeout: 5000 }));
    const close = await screen.findByRole('form', { name: 'Close the register' });
    const submit = within(close).getByRole('button', { name: 'Close and print the Z report' });
    await user.type(within(close).getByLabelText('Number of $1.00'), '1.5');
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    let summary = within(close).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Number of $1.00: Enter a whole number from 0 to 10000' })).toBeTruthy();
    expect(writes('/close')).toHaveLength(0);
    await user.clear(within(close).getByLabelText('Number of $1.00'));
    await user.type(within(close).getByLabelText('Number of $1.00'), '3');
    await user.click(submit);
    await waitFor(() => expect(writes('/close')).toHaveLength(1));
    summary = await within(close).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const link = within(summary).getByRole('link', { name: /^Counted cash: / });
    await user.click(link);
    expect(document.activeElement).toBe(within(close).getAllByRole('textbox')[0]);
  });
});

describe('an open register whose session cannot be read', () => {
  it('says so and reads it again on Try again', async () => {
    rememberTill();
    const answers: Reply[] = [{ status: 503, body: { error: 'Service unavailable' } }];
    const { user } = open(
      'all',
      registerApi([openTill], (call) => (path(call) === `/api/pos/sessions/${sessionId}` ? (answers.shift() ?? ok(report())) : undefined)),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain("The register's session could not be loaded.");
    expect(alert.textContent).toContain('Service unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText("The register's session could not be loaded.")).toBeNull());
    expect(calls().filter((c) => path(c) === `/api/pos/sessions/${sessionId}`)).toHaveLength(2);
    // Open: neither the closed register's prompt nor the picker.
    expect(screen.queryByText('The register is closed')).toBeNull();
    expect(screen.queryByRole('heading', { name: "Choose this device's register" })).toBeNull();
  });
});

describe('with no connection', () => {
  it('opens the remembered register on its last report, as kept on the device', async () => {
    rememberTill(openTill);
    localStorage.setItem(`pos.session.${tenantId}.${registerId}`, JSON.stringify(report({ payIns: 1500, expectedCash: 11_500 })));
    open('session', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Point of sale · Till 1' }, { timeout: 5000 })).toBeTruthy();
    await screen.findByRole('heading', { name: 'The register is open' });
    expect(screen.getByText('$115.00')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still says so when the device has no report of that session', async () => {
    rememberTill(openTill);
    open('session', () => {
      throw new TypeError('Failed to fetch');
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain("The register's session could not be loaded.");
  });
});


describe('in Arabic', () => {
  it('names the tabs and the float in Arabic', async () => {
    rememberTill();
    open('session', registerApi([closedTill]), 'ar');
    const tabs = await screen.findByRole('navigation', { name: 'الصندوق' }, { timeout: 5000 });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['البيع', 'المعلّقة', 'السجل', 'الجلسة']);
    expect(await screen.findByRole('form', { name: 'فتح Till 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'النقد الافتتاحي' })).toBeTruthy();
  });
});
