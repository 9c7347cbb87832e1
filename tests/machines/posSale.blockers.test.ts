/**
 * Why the register cannot pay, park or take a method yet, as the sale machine tells it: the reasons the view says
 * under its buttons are the ones its guards decide by, so a view never restates a guard. Each reason list is empty
 * exactly when the machine takes the event.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentMethods } from '../../src/contract/sales';
import { parkBlocker, payBlockers, paymentMethodBlockers, posSaleMachine } from '../../src/machines/posSale.machine';
import type { SaleCustomer } from '../../src/machines/posSale.machine';
import { frame, lens, posIds } from '../fixtures/posFixtures';

const start = () => {
  let n = 0;
  return createActor(posSaleMachine, {
    input: { registerSessionId: posIds.session, locationId: posIds.location, discountLimitBp: 1000, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` },
  }).start();
};

const patient: SaleCustomer = { kind: 'patient', id: 'a0000000-0000-4000-8000-000000000001', name: 'Jane Doe' };
const walkIn: SaleCustomer = { kind: 'walkIn' };

describe('why the sale cannot be paid or parked', () => {
  it('names each reason the guards refuse by, and none when they take the event', () => {
    const actor = start();
    const agrees = () => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.can({ type: 'pay.open' })).toBe(payBlockers(snapshot.context).length === 0);
      expect(snapshot.can({ type: 'sale.park', kind: 'parked' })).toBe(parkBlocker(snapshot.context) === null);
      return snapshot.context;
    };
    expect(payBlockers(agrees())).toEqual([{ kind: 'noLines' }]);
    expect(parkBlocker(agrees())).toBe('noLines');

    actor.send({ type: 'line.add', product: lens });
    const key = actor.getSnapshot().context.lines[0]!.key;
    actor.send({ type: 'line.options', key, optionIds: [] });
    // The lens was refused its material's removal; a resumed line without one is the unfinished case.
    expect(payBlockers(agrees()).map((b) => b.kind)).toEqual(['noCustomer']);
    actor.send({ type: 'customer.choose', customer: walkIn });
    expect(payBlockers(agrees())).toEqual([]);
    expect(parkBlocker(agrees())).toBeNull();

    actor.send({ type: 'connection.offline' });
    expect(parkBlocker(agrees())).toBe('offline');
    actor.send({ type: 'connection.online' });
    expect(parkBlocker(agrees())).toBeNull();
  });

  it('names a lens line without its material, and the missing customer beside it', () => {
    const unfinished = { ...lensLine(), optionIds: [] };
    expect(payBlockers({ lines: [unfinished], customer: null })).toEqual([{ kind: 'noCustomer' }, { kind: 'lineUnfinished', line: unfinished }]);
    expect(payBlockers({ lines: [unfinished], customer: patient })).toEqual([{ kind: 'lineUnfinished', line: unfinished }]);
  });
});

describe('why a payment method cannot be taken', () => {
  it('is the reason the machine refuses a payment of it, the connection first', () => {
    const actor = start();
    actor.send({ type: 'line.add', product: frame });
    for (const [customer, online] of [
      [walkIn, true],
      [walkIn, false],
      [patient, true],
      [patient, false],
    ] as const) {
      actor.send({ type: 'customer.choose', customer });
      actor.send({ type: online ? 'connection.online' : 'connection.offline' });
      actor.send({ type: 'pay.open' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches('paying')).toBe(true);
      for (const method of paymentMethods) {
        const blockers = paymentMethodBlockers(snapshot.context, method);
        const payment = { method, amount: 100, reference: 'r', insurancePlan: 'p', authorisation: 'a', ...(method === 'cash' ? { tendered: 100 } : {}) };
        expect(snapshot.can({ type: 'payment.add', payment }), `${method} ${customer.kind} ${online}`).toBe(blockers.length === 0);
      }
      actor.send({ type: 'pay.cancel' });
    }
    expect(paymentMethodBlockers({ customer: walkIn, online: false }, 'store-credit')).toEqual(['offline', 'needsPatient']);
    expect(paymentMethodBlockers({ customer: walkIn, online: true }, 'store-credit')).toEqual(['needsPatient']);
    expect(paymentMethodBlockers({ customer: patient, online: false }, 'insurance')).toEqual(['offline']);
    expect(paymentMethodBlockers({ customer: null, online: false }, 'cash')).toEqual([]);
  });
});

function lensLine() {
  const actor = start();
  actor.send({ type: 'line.add', product: lens });
  const line = actor.getSnapshot().context.lines[0]!;
  actor.stop();
  return line;
}
