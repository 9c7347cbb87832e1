/** The pure helpers of the record pages: lab-order steps, and formats that follow the language. */
import { describe, expect, it } from 'vitest';
import type { LabOrderEvent } from '../../src/contract/records';
import { createFormats, rxText } from '../../src/views/shared/format';
import { orderSteps } from '../../src/views/portal/orderSteps';

const event = (status: LabOrderEvent['status'], fromStatus: LabOrderEvent['fromStatus'] = null): LabOrderEvent => ({
  fromStatus,
  status,
  at: '2026-11-20T15:00:00.000Z',
  byName: 'Sam Staff',
  note: '',
});

const summary = (steps: ReturnType<typeof orderSteps>) => steps.map((step) => `${step.status}:${step.state}`);

describe('orderSteps', () => {
  it('a draft: the first step is current, the rest to come', () => {
    expect(summary(orderSteps({ status: 'draft', events: [event('draft')] }))).toEqual([
      'draft:current',
      'sent-to-lab:pending',
      'in-production:pending',
      'received:pending',
      'ready-for-pickup:pending',
      'delivered:pending',
    ]);
  });

  it('delivered: every step done, each with the change that reached it', () => {
    const events = [event('draft'), event('sent-to-lab'), event('in-production'), event('received'), event('ready-for-pickup'), event('delivered')];
    const steps = orderSteps({ status: 'delivered', events });
    expect(steps.every((step) => step.state === 'done' && step.event !== null)).toBe(true);
  });

  it('cancelled after the lab had it: the steps reached are done, the cancellation is the last, nothing to come', () => {
    const steps = orderSteps({ status: 'cancelled', events: [event('draft'), event('sent-to-lab'), event('cancelled', 'sent-to-lab')] });
    expect(summary(steps)).toEqual(['draft:done', 'sent-to-lab:done', 'cancelled:current']);
    expect(steps.at(-1)?.event?.byName).toBe('Sam Staff');
  });

  it('a remake ends this order too', () => {
    const steps = orderSteps({
      status: 'remake',
      events: [event('draft'), event('sent-to-lab'), event('in-production'), event('received'), event('remake', 'received')],
    });
    expect(summary(steps).at(-1)).toBe('remake:current');
    expect(steps.some((step) => step.state === 'pending')).toBe(false);
  });
});

describe('formats', () => {
  it('money comes in minor units of its currency', () => {
    const en = createFormats('en');
    expect(en.money(43300, 'USD')).toBe('$433.00');
    expect(en.money(-2000, 'USD')).toBe('-$20.00');
    // The yen has no minor unit: 1500 is ¥1,500.
    expect(en.money(1500, 'JPY')).toBe('¥1,500');
    expect(createFormats('tr').money(43300, 'TRY')).toBe(new Intl.NumberFormat('tr', { style: 'currency', currency: 'TRY' }).format(433));
  });

  it('a calendar day stays that day whatever the reader’s zone; instants follow the store’s zone', () => {
    const en = createFormats('en');
    expect(en.date('2026-01-01')).toBe('Jan 1, 2026');
    expect(en.dateTime('2026-12-04T02:30:00.000Z', 'America/New_York')).toBe('Dec 3, 2026, 9:30 PM');
    expect(en.dateTime('2026-12-04T02:30:00.000Z', 'Europe/Istanbul')).toBe('Dec 4, 2026, 5:30 AM');
  });

  it('invoice and order numbers are not grouped; counts are', () => {
    const en = createFormats('en');
    expect(en.number(10042)).toBe('10042');
    expect(en.integer(10042)).toBe('10,042');
  });

  it('Rx values as opticians write them', () => {
    expect([rxText.dioptres(1.25), rxText.dioptres(-0.5), rxText.dioptres(0), rxText.dioptres(null)]).toEqual(['+1.25', '-0.50', '0.00', null]);
    expect(rxText.axis(90)).toBe('90°');
    expect(rxText.prism(0.5)).toBe('0.50');
    expect(rxText.millimetres(31.5)).toBe('31.5');
  });
});
