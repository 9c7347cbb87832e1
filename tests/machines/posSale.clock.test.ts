/**
 * The sale machine reads the time from the clock it is given, as it takes its ids: a sale completed offline is
 * stamped with the injected clock's instant (the server dates an offline sale by it).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paidState, posSaleMachine } from '../../src/machines/posSale.machine';
import { frame, posIds } from '../fixtures/posFixtures';

describe('the sale’s clock', () => {
  it('stamps a completed sale with the injected clock, offline', () => {
    const soldAt = new Date('2026-11-21T03:00:00.000Z');
    let n = 0;
    const actor = createActor(posSaleMachine, {
      input: {
        registerSessionId: posIds.session,
        locationId: posIds.location,
        discountLimitBp: 1000,
        online: false,
        newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
        now: () => soldAt,
      },
    }).start();
    actor.send({ type: 'line.add', product: frame });
    actor.send({ type: 'customer.choose', customer: { kind: 'walkIn' } });
    actor.send({ type: 'pay.open' });
    const { balance } = paidState(actor.getSnapshot().context);
    actor.send({ type: 'payment.add', payment: { method: 'cash', amount: balance, tendered: balance, reference: '', insurancePlan: '', authorisation: '' } });
    actor.send({ type: 'sale.complete' });
    expect(actor.getSnapshot().context).toMatchObject({ soldAt: soldAt.toISOString(), soldOffline: true });
  });
});
