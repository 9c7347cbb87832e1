import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { lensOptionsProblem } from '../contract/pos';
import { discountWithinLimit } from '../contract/money';
import type { Discount, ParkedSaleInput, Pricing, ProductHit, SaleResult, SaleSubmit } from '../contract/pos';
import { canDeposit, isConnectionFailure, lineOptionsProblem, paidState, parkBlocker, parkedInputOf, payBlockers, paymentMethodBlockers, pricingOf, saleSubmitOf, serverPricingOf, startingLensMaterial, withLensOption } from './posSaleLines';
import type { SaleBeingBuilt, SaleCustomer, SaleFitting, SaleLine, SalePayment } from './posSaleLines';

export {
  canDeposit,
  describeLine,
  isConnectionFailure,
  isMadeOrOrdered,
  isPriceChanged,
  lineOptionsProblem,
  paidState,
  parkBlocker,
  parkedInputOf,
  payBlockers,
  paymentMethodBlockers,
  pricingOf,
  saleSubmitOf,
  serverPricingOf,
  startingLensMaterial,
  unitPriceOf,
  withLensOption,
} from './posSaleLines';
export type { PayBlocker, PaymentMethodBlocker, SaleBeingBuilt, SaleCustomer, SaleFitting, SaleLine, SalePayment } from './posSaleLines';

/**
 * One sale at the register (pos.md): empty -> building <-> parked; building -> paying -> completing -> completed,
 * or waitingToSync when the connection is gone (the sale waits in the browser and is confirmed later), or failed
 * when the server refuses it (shown, editable). Prices come from `priceSale` after every change, exactly as the
 * server recomputes them; a 409 `pos.priceChanged` keeps the server's pricing for the clerk to accept.
 */

export interface PosSaleInput {
  registerSessionId: string;
  locationId: string;
  /** The clerk's discount limit in basis points; null: no limit (admins). */
  discountLimitBp: number | null;
  online?: boolean;
  /** The parked sales that sales waiting on this device name; null until the device's queue is read (default none). */
  waitingParkedIds?: string[] | null;
  /** Makes the sale's client id (crypto.randomUUID in the app). */
  newId?: () => string;
  /** The clock a completed sale is stamped with (the device's in the app). */
  now?: () => Date;
}

export interface PosSaleContext extends SaleBeingBuilt {
  discountLimitBp: number | null;
  online: boolean;
  selectedLine: string | null;
  /** The server's pricing after a 409 pos.priceChanged, until accepted or edited away. */
  serverPricing: Pricing | null;
  result: SaleResult | null;
  /** The parked sales that waiting sales name: not resumed until those are sent. Null: not known yet. */
  waitingParkedIds: string[] | null;
  error: unknown;
  /**
   * The register's sale round: one more each time a fresh sale starts after one ended (paid, kept to send, parked or
   * cancelled). What the views said during a round (a search's or a resume's message) is not said in the next.
   */
  saleRound: number;
  newId: () => string;
  now: () => Date;
}

export type PosSaleEvent =
  | { type: 'customer.choose'; customer: SaleCustomer }
  | { type: 'customer.clear' }
  | { type: 'line.add'; product: ProductHit; rxId?: string | null }
  | { type: 'line.remove'; key: string }
  | { type: 'line.select'; key: string }
  | { type: 'line.quantity'; key: string; quantity: number }
  /** `+` / `-` on the selected line. */
  | { type: 'line.increment' }
  | { type: 'line.decrement' }
  | { type: 'line.options'; key: string; optionIds: string[] }
  /** One option chosen or not: a material replaces the lens's material; a coating or tint is added or taken off. */
  | { type: 'line.option'; key: string; optionId: string; chosen: boolean }
  | { type: 'line.rx'; key: string; rxId: string | null }
  | { type: 'line.fitting'; key: string; fitting: SaleFitting | null }
  | { type: 'line.discount'; key: string; discount: Discount | null }
  | { type: 'order.discount'; discount: Discount | null }
  | { type: 'sale.park'; kind: 'parked' | 'quote' }
  | { type: 'sale.resume'; parked: Pick<ParkedSaleInput, 'id' | 'lines' | 'orderDiscount' | 'patientId'> & { patientName: string | null }; products: ProductHit[] }
  | { type: 'sale.clear' }
  | { type: 'sale.new' }
  | { type: 'pay.open' }
  | { type: 'pay.cancel' }
  | { type: 'payment.add'; payment: SalePayment }
  | { type: 'payment.remove'; index: number }
  | { type: 'deposit.set'; deposit: boolean }
  | { type: 'sale.complete' }
  | { type: 'sale.retry' }
  | { type: 'sale.edit' }
  | { type: 'price.accept' }
  /** The waiting-sales queue sent this sale and the server recorded it. */
  | { type: 'sync.confirmed'; result: SaleResult }
  /** The device's waiting sales changed: the parked sales they name. */
  | { type: 'queue.changed'; parkedIds: string[] }
  | { type: 'connection.online' }
  | { type: 'connection.offline' }
  /** The clerk's discount limit as the server now tells it (an admin changed the store's). */
  | { type: 'limit.change'; discountLimitBp: number | null };

export type PosSaleTag = 'busy' | 'dirty' | 'dialog';

const emptyPricing: Pricing = { lines: [], subtotal: 0, discountTotal: 0, taxTotal: 0, total: 0 };

type Ctx = PosSaleContext;

/** Lines changed: priced again, the server's pricing forgotten, the selection kept on a line that exists. */
const withLines = (context: Ctx, lines: SaleLine[], orderDiscount = context.orderDiscount, selectedLine = context.selectedLine) => ({
  lines,
  orderDiscount,
  pricing: pricingOf(lines, orderDiscount),
  serverPricing: null,
  payments: [] as SalePayment[],
  deposit: false,
  selectedLine: lines.some((l) => l.key === selectedLine) ? selectedLine : (lines.at(-1)?.key ?? null),
});

const mapLine = (context: Ctx, key: string, change: (line: SaleLine) => SaleLine) =>
  context.lines.map((line) => (line.key === key ? { ...change(line), acceptedUnitPrice: null } : line));

const clampQuantity = (quantity: number) => Math.min(999, Math.max(1, Math.round(quantity)));

/** A line's options after `line.options` (the list, in the product's order) or `line.option` (one chosen or not). */
function nextOptions(line: SaleLine, event: PosSaleEvent): string[] | null {
  if (event.type === 'line.options') return line.product.options.filter((o) => event.optionIds.includes(o.id)).map((o) => o.id);
  if (event.type === 'line.option') return withLensOption(line.product, line.optionIds, event.optionId, event.chosen);
  return null;
}

/** A sale not started yet: the context a new sale begins from (the register, its limits and the connection stay). */
const emptySale = {
  clientSaleId: null,
  customer: null,
  lines: [],
  selectedLine: null,
  orderDiscount: null,
  pricing: emptyPricing,
  payments: [],
  deposit: false,
  parkedId: null,
  serverPricing: null,
  result: null,
  soldAt: null,
  soldOffline: false,
  error: null,
} satisfies Partial<Ctx>;

export const posSaleMachine = setup({
  types: {
    context: {} as PosSaleContext,
    events: {} as PosSaleEvent,
    input: {} as PosSaleInput,
    tags: {} as PosSaleTag,
  },
  actors: {
    /** POST /api/pos/sales (the app's actor; tests provide their own). */
    submitSale: fromPromise<SaleResult, SaleSubmit>(() => Promise.reject(new Error('submitSale is provided by the app'))),
    /** Keeps the sale in the browser's waiting-sales queue (src/pos/saleQueue.ts). */
    queueSale: fromPromise<void, SaleSubmit>(() => Promise.reject(new Error('queueSale is provided by the app'))),
    /** PUT /api/pos/parked/:id. */
    parkSale: fromPromise<unknown, ParkedSaleInput>(() => Promise.reject(new Error('parkSale is provided by the app'))),
  },
  guards: {
    canPay: ({ context }) => payBlockers(context).length === 0,
    canComplete: ({ context }) => {
      const { balance } = paidState(context);
      return context.lines.length > 0 && context.lines.every((l) => lineOptionsProblem(l) === null) && (balance === 0 || (balance > 0 && context.deposit && canDeposit(context)));
    },
    /** A change of a line's options never leaves them worse: two materials, or none where the lens had one, are refused. */
    canChooseOption: ({ context, event }) => {
      const line = 'key' in event ? context.lines.find((l) => l.key === event.key) : undefined;
      const next = line && nextOptions(line, event);
      if (!line || !next) return false;
      const problem = lensOptionsProblem(line.product, next);
      return problem === null || problem === lineOptionsProblem(line);
    },
    canPark: ({ context }) => parkBlocker(context) === null,
    /** Never a parked sale that a sale waiting on this device already sold (it would be sold twice). */
    canResume: ({ context, event }) => {
      assertEvent(event, 'sale.resume');
      return context.waitingParkedIds !== null && !context.waitingParkedIds.includes(event.parked.id);
    },
    isOffline: ({ context }) => !context.online,
    /** The discount keeps every line within the clerk's limit (its own discount and its share of the order's). */
    canDiscount: ({ context, event }) => {
      if (event.type === 'line.discount') {
        const lines = context.lines.map((l) => (l.key === event.key ? { ...l, discount: event.discount } : l));
        return context.lines.some((l) => l.key === event.key) && discountWithinLimit(pricingOf(lines, context.orderDiscount), context.discountLimitBp);
      }
      if (event.type === 'order.discount') return discountWithinLimit(pricingOf(context.lines, event.discount), context.discountLimitBp);
      return false;
    },
    /** A method that can be taken now (paymentMethodBlockers), within the balance. */
    canAddPayment: ({ context, event }) => {
      assertEvent(event, 'payment.add');
      const { payment } = event;
      if (paymentMethodBlockers(context, payment.method).length > 0) return false;
      return payment.amount > 0 && payment.amount <= paidState(context).balance && context.payments.length < 10;
    },
    canSetDeposit: ({ context, event }) => {
      assertEvent(event, 'deposit.set');
      return !event.deposit || canDeposit(context);
    },
    hasLineKey: ({ context, event }) => 'key' in event && context.lines.some((l) => l.key === event.key),
    hasSelectedLine: ({ context }) => context.selectedLine !== null,
    isLastLine: ({ context, event }) => event.type === 'line.remove' && context.lines.length === 1 && context.lines[0]!.key === event.key,
    hasServerPricing: ({ context }) => context.serverPricing !== null,
    wentOffline: ({ event }) => isConnectionFailure((event as { error?: unknown }).error),
  },
  actions: {
    startSale: assign(({ context }) => ({ clientSaleId: context.newId() })),
    chooseCustomer: assign(({ event }) => {
      assertEvent(event, 'customer.choose');
      return { customer: event.customer, payments: [] as SalePayment[], deposit: false };
    }),
    clearCustomer: assign({ customer: null, payments: [], deposit: false }),
    addLine: assign(({ context, event }) => {
      assertEvent(event, 'line.add');
      // The same plain product again adds to its line (a scanner scanning twice); a lens is always its own line.
      const same = context.lines.find((l) => l.product.id === event.product.id && l.product.kind !== 'spectacle-lens' && !l.discount && l.optionIds.length === 0);
      if (same) return withLines(context, context.lines.map((l) => (l.key === same.key ? { ...l, quantity: clampQuantity(l.quantity + 1) } : l)), context.orderDiscount, same.key);
      const key = context.newId();
      const line: SaleLine = {
        key,
        product: event.product,
        quantity: 1,
        optionIds: [startingLensMaterial(event.product)].filter((id) => id !== null),
        discount: null,
        rxId: event.product.kind === 'spectacle-lens' ? (event.rxId ?? null) : null,
        fitting: null,
        acceptedUnitPrice: null,
      };
      return withLines(context, [...context.lines, line], context.orderDiscount, key);
    }),
    removeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.remove');
      return withLines(context, context.lines.filter((l) => l.key !== event.key));
    }),
    selectLine: assign(({ event }) => {
      assertEvent(event, 'line.select');
      return { selectedLine: event.key };
    }),
    setQuantity: assign(({ context, event }) => {
      assertEvent(event, 'line.quantity');
      return withLines(context, mapLine(context, event.key, (l) => ({ ...l, quantity: clampQuantity(event.quantity) })));
    }),
    stepQuantity: assign(({ context, event }) => {
      const step = event.type === 'line.increment' ? 1 : -1;
      return withLines(context, mapLine(context, context.selectedLine!, (l) => ({ ...l, quantity: clampQuantity(l.quantity + step) })));
    }),
    setOptions: assign(({ context, event }) => {
      assertEvent(event, ['line.options', 'line.option']);
      return withLines(context, mapLine(context, event.key, (l) => ({ ...l, optionIds: nextOptions(l, event) ?? l.optionIds })));
    }),
    changeLimit: assign(({ event }) => {
      assertEvent(event, 'limit.change');
      return { discountLimitBp: event.discountLimitBp };
    }),
    setRx: assign(({ context, event }) => {
      assertEvent(event, 'line.rx');
      return { lines: context.lines.map((l) => (l.key === event.key && l.product.kind === 'spectacle-lens' ? { ...l, rxId: event.rxId } : l)) };
    }),
    setFitting: assign(({ context, event }) => {
      assertEvent(event, 'line.fitting');
      return { lines: context.lines.map((l) => (l.key === event.key && l.product.kind === 'spectacle-lens' ? { ...l, fitting: event.fitting } : l)) };
    }),
    setLineDiscount: assign(({ context, event }) => {
      assertEvent(event, 'line.discount');
      return withLines(context, mapLine(context, event.key, (l) => ({ ...l, discount: event.discount })));
    }),
    setOrderDiscount: assign(({ context, event }) => {
      assertEvent(event, 'order.discount');
      return withLines(context, context.lines, event.discount);
    }),
    addPayment: assign(({ context, event }) => {
      assertEvent(event, 'payment.add');
      return { payments: [...context.payments, event.payment] };
    }),
    removePayment: assign(({ context, event }) => {
      assertEvent(event, 'payment.remove');
      return { payments: context.payments.filter((_, i) => i !== event.index) };
    }),
    setDeposit: assign(({ event }) => {
      assertEvent(event, 'deposit.set');
      return { deposit: event.deposit };
    }),
    resume: assign(({ context, event }) => {
      assertEvent(event, 'sale.resume');
      const { parked, products } = event;
      const lines: SaleLine[] = parked.lines.flatMap((input) => {
        const product = products.find((p) => p.id === input.productId);
        if (!product) return [];
        return [
          {
            key: context.newId(),
            product,
            quantity: input.quantity,
            optionIds: input.optionIds ?? [],
            discount: input.discount ?? null,
            rxId: input.rxId ?? null,
            fitting: input.fitting ?? null,
            acceptedUnitPrice: null,
          },
        ];
      });
      return {
        ...withLines(context, lines, parked.orderDiscount ?? null, null),
        clientSaleId: context.newId(),
        parkedId: parked.id,
        customer: parked.patientId ? { kind: 'patient' as const, id: parked.patientId, name: parked.patientName ?? '' } : { kind: 'walkIn' as const },
      };
    }),
    rememberParked: assign(({ context }) => ({ parkedId: context.parkedId ?? context.clientSaleId })),
    reset: assign(({ context }) => ({ ...emptySale, saleRound: context.saleRound + 1 })),
    stampSale: assign(({ context }) => ({ soldAt: context.now().toISOString(), soldOffline: !context.online })),
    markOffline: assign({ soldOffline: true, online: false }),
    keepResult: assign(({ event }) => ({ result: (event as { output?: SaleResult }).output ?? null, error: null })),
    keepConfirmed: assign(({ event }) => {
      assertEvent(event, 'sync.confirmed');
      return { result: event.result, error: null };
    }),
    keepError: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { error, serverPricing: serverPricingOf(error) };
    }),
    /** The server's line prices become the sale's; its pricing shows until something changes. */
    acceptServerPricing: assign(({ context }) => {
      const server = context.serverPricing!;
      const lines = context.lines.map((line, i) => {
        const priced = server.lines[i];
        return priced && priced.productId === line.product.id ? { ...line, acceptedUnitPrice: priced.unitPrice } : line;
      });
      return { lines, pricing: server, serverPricing: null, error: null, payments: [] as SalePayment[], deposit: false };
    }),
    clearError: assign({ error: null }),
    dropPayments: assign({ payments: [], deposit: false }),
    keepWaitingParkedIds: assign(({ event }) => {
      assertEvent(event, 'queue.changed');
      return { waitingParkedIds: event.parkedIds };
    }),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
  },
}).createMachine({
  id: 'posSale',
  context: ({ input }) => ({
    registerSessionId: input.registerSessionId,
    locationId: input.locationId,
    discountLimitBp: input.discountLimitBp,
    online: input.online ?? true,
    waitingParkedIds: input.waitingParkedIds === undefined ? [] : input.waitingParkedIds,
    ...emptySale,
    saleRound: 0,
    newId: input.newId ?? (() => crypto.randomUUID()),
    now: input.now ?? (() => new Date()),
  }),
  on: {
    'connection.online': { actions: 'goOnline' },
    'connection.offline': { actions: 'goOffline' },
    'queue.changed': { actions: 'keepWaitingParkedIds' },
    'limit.change': { actions: 'changeLimit' },
  },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'customer.choose': { actions: 'chooseCustomer' },
        'customer.clear': { actions: 'clearCustomer' },
        'line.add': { target: 'building', actions: ['startSale', 'addLine'] },
        'sale.resume': { guard: 'canResume', target: 'building', actions: 'resume' },
      },
    },
    building: {
      tags: 'dirty',
      on: {
        'customer.choose': { actions: 'chooseCustomer' },
        'customer.clear': { actions: 'clearCustomer' },
        'line.add': { actions: 'addLine' },
        'line.remove': [
          { guard: 'isLastLine', target: 'empty', actions: 'reset' },
          { guard: 'hasLineKey', actions: 'removeLine' },
        ],
        'line.select': { guard: 'hasLineKey', actions: 'selectLine' },
        'line.quantity': { guard: 'hasLineKey', actions: 'setQuantity' },
        'line.increment': { guard: 'hasSelectedLine', actions: 'stepQuantity' },
        'line.decrement': { guard: 'hasSelectedLine', actions: 'stepQuantity' },
        'line.options': { guard: 'canChooseOption', actions: 'setOptions' },
        'line.option': { guard: 'canChooseOption', actions: 'setOptions' },
        'line.rx': { guard: 'hasLineKey', actions: 'setRx' },
        'line.fitting': { guard: 'hasLineKey', actions: 'setFitting' },
        'line.discount': { guard: 'canDiscount', actions: 'setLineDiscount' },
        'order.discount': { guard: 'canDiscount', actions: 'setOrderDiscount' },
        'sale.park': { guard: 'canPark', target: 'parking' },
        'sale.clear': { target: 'empty', actions: 'reset' },
        'pay.open': { guard: 'canPay', target: 'paying' },
      },
    },
    // Saving the parked sale or quote on the server (any register of the store can resume it).
    parking: {
      tags: ['busy', 'dirty'],
      invoke: {
        src: 'parkSale',
        input: ({ context, event }) => parkedInputOf(context, event.type === 'sale.park' ? event.kind : 'parked'),
        onDone: { target: 'parked', actions: 'rememberParked' },
        onError: { target: 'building', actions: 'keepError' },
      },
    },
    parked: {
      on: {
        'sale.new': { target: 'empty', actions: 'reset' },
        // Back to the same sale (the parked copy stays until the sale is recorded, which removes it).
        'sale.edit': { target: 'building', actions: 'clearError' },
      },
    },
    paying: {
      tags: ['dirty', 'dialog'],
      on: {
        'payment.add': { guard: 'canAddPayment', actions: 'addPayment' },
        'payment.remove': { actions: 'removePayment' },
        'deposit.set': { guard: 'canSetDeposit', actions: 'setDeposit' },
        // Nothing is paid until the sale completes: leaving the dialog drops what was entered there.
        'pay.cancel': { target: 'building', actions: 'dropPayments' },
        'sale.complete': { guard: 'canComplete', target: 'dispatching', actions: 'stampSale' },
      },
    },
    // Decides where the sale goes: offline straight to the waiting queue, else to the server.
    dispatching: {
      tags: ['busy', 'dirty'],
      always: [{ guard: 'isOffline', target: 'waitingToSync' }, { target: 'completing' }],
    },
    completing: {
      tags: ['busy', 'dirty'],
      invoke: {
        src: 'submitSale',
        input: ({ context }) => saleSubmitOf(context),
        onDone: { target: 'completed', actions: 'keepResult' },
        onError: [
          // No answer: it may have arrived or not; the queue sends the same id until the server answers.
          { guard: 'wentOffline', target: 'waitingToSync', actions: 'markOffline' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    waitingToSync: {
      initial: 'saving',
      states: {
        saving: {
          tags: ['busy', 'dirty'],
          invoke: {
            src: 'queueSale',
            input: ({ context }) => saleSubmitOf(context),
            onDone: { target: 'queued' },
            onError: { target: '#posSale.failed', actions: 'keepError' },
          },
        },
        // Kept in the browser: the clerk hands over the receipt and may start the next sale.
        queued: {
          on: {
            'sync.confirmed': { target: '#posSale.completed', actions: 'keepConfirmed' },
            'sale.new': { target: '#posSale.empty', actions: 'reset' },
          },
        },
      },
    },
    completed: {
      on: { 'sale.new': { target: 'empty', actions: 'reset' } },
    },
    failed: {
      tags: 'dirty',
      on: {
        'sale.retry': { target: 'completing', actions: 'clearError' },
        'sale.edit': { target: 'building', actions: 'clearError' },
        'price.accept': { guard: 'hasServerPricing', target: 'paying', actions: 'acceptServerPricing' },
      },
    },
  },
});

export type PosSaleSnapshot = ReturnType<(typeof posSaleMachine)['getInitialSnapshot']>;
