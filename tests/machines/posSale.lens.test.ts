/**
 * The lens rule of the sale, pure: a spectacle lens whose product has materials takes exactly one (the cheapest is
 * chosen when it is added) and any number of coatings; the machine refuses two materials or none, and a sale with
 * a lens lacking its material cannot be paid. `lensOptionsProblem` (src/contract/pos.ts) is the rule the server
 * holds a sale to as well.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lensOptionsProblem, posMessages } from '../../src/contract/pos';
import { posSaleMachine } from '../../src/machines/posSale.machine';
import { exam, frame, lens, posIds } from '../fixtures/posFixtures';

const start = () => {
  let n = 0;
  return createActor(posSaleMachine, {
    input: { registerSessionId: posIds.session, locationId: posIds.location, discountLimitBp: 1000, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` },
  }).start();
};

describe('lensOptionsProblem', () => {
  it('asks a lens for exactly one of its materials and takes any number of coatings', () => {
    expect(lensOptionsProblem(lens, [posIds.standardMaterial])).toBeNull();
    expect(lensOptionsProblem(lens, [posIds.highIndex, posIds.antiReflective, posIds.blueLight])).toBeNull();
    expect(lensOptionsProblem(lens, [posIds.standardMaterial, posIds.polycarbonate, posIds.highIndex])).toBe(posMessages.lensOneMaterial);
    expect(lensOptionsProblem(lens, [posIds.antiReflective])).toBe(posMessages.lensMaterialRequired);
    expect(lensOptionsProblem(lens, [])).toBe(posMessages.lensMaterialRequired);
    expect(lensOptionsProblem(lens, [posIds.polycarbonate, posIds.polycarbonate])).toBeNull();
    expect(lensOptionsProblem(lens, [posIds.polycarbonate, posIds.parked])).toBe(posMessages.optionUnknown);
  });

  it('lets other products go without options, and refuses options on them', () => {
    expect(lensOptionsProblem(frame, [])).toBeNull();
    expect(lensOptionsProblem(exam, [])).toBeNull();
    expect(lensOptionsProblem(frame, [posIds.polycarbonate])).toBe(posMessages.optionsOnlyLens);
    // A lens the catalogue gives no materials needs none.
    expect(lensOptionsProblem({ ...lens, options: [] }, [])).toBeNull();
  });
});

describe('a lens line in the sale', () => {
  it('starts with the cheapest material; another replaces it; none or two are refused', () => {
    const actor = start();
    actor.send({ type: 'line.add', product: lens });
    const key = actor.getSnapshot().context.lines[0]!.key;
    expect(actor.getSnapshot().context.lines[0]!.optionIds).toEqual([posIds.standardMaterial]);

    actor.send({ type: 'line.option', key, optionId: posIds.polycarbonate, chosen: true });
    actor.send({ type: 'line.option', key, optionId: posIds.antiReflective, chosen: true });
    expect(actor.getSnapshot().context.lines[0]!.optionIds).toEqual([posIds.polycarbonate, posIds.antiReflective]);
    actor.send({ type: 'line.option', key, optionId: posIds.antiReflective, chosen: false });
    expect(actor.getSnapshot().context.lines[0]!.optionIds).toEqual([posIds.polycarbonate]);

    // The material cannot be taken off, only replaced; a list with two materials or none is refused.
    expect(actor.getSnapshot().can({ type: 'line.option', key, optionId: posIds.polycarbonate, chosen: false })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'line.options', key, optionIds: [posIds.polycarbonate, posIds.highIndex] })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'line.options', key, optionIds: [posIds.antiReflective] })).toBe(false);
    actor.send({ type: 'line.options', key, optionIds: [posIds.standardMaterial, posIds.polycarbonate, posIds.highIndex] });
    expect(actor.getSnapshot().context.lines[0]!.optionIds).toEqual([posIds.polycarbonate]);
    expect(actor.getSnapshot().context.pricing.lines[0]!.unitPrice).toBe(lens.price + 3000);
  });

  it('cannot be paid without a material (a sale parked before it had one) until one is chosen', () => {
    const actor = start();
    actor.send({
      type: 'sale.resume',
      parked: { id: posIds.parked, patientId: null, patientName: null, orderDiscount: null, lines: [{ productId: lens.id, quantity: 1, optionIds: [posIds.antiReflective], discount: null, rxId: null, fitting: null }] },
      products: [lens],
    });
    actor.send({ type: 'customer.choose', customer: { kind: 'walkIn' } });
    expect(actor.getSnapshot().can({ type: 'pay.open' })).toBe(false);
    const key = actor.getSnapshot().context.lines[0]!.key;
    actor.send({ type: 'line.option', key, optionId: posIds.highIndex, chosen: true });
    expect(actor.getSnapshot().context.lines[0]!.optionIds).toEqual([posIds.highIndex, posIds.antiReflective]);
    expect(actor.getSnapshot().can({ type: 'pay.open' })).toBe(true);
  });
});
