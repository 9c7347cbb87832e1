import { useEffect, useId, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { posQueries } from '../../../api/pos';
import type { Discount, ProductHit, Register } from '../../../contract/pos';
import { translateError } from '../../../i18n/apiErrors';
import { canDeposit, parkBlocker, payBlockers, paymentMethodBlockers } from '../../../machines/posSale.machine';
import type { PosSaleEvent } from '../../../machines/posSale.machine';
import { useFormats } from '../../shared/format';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { useTenantId } from '../../shared/useTenant';
import { Button } from '../../ui/Button';
import { useSessionActor } from '../../ui/session';
import { CustomerPicker } from './CustomerPicker';
import { PayDialog } from './PayDialog';
import { ProductSearch } from './ProductSearch';
import { CompletedSale, FailedSale, WaitingSaleReceipt } from './SaleOutcome';
import { DiscountEditor, SaleLines, usePrescriptions } from './SaleLines';
import { forgetProductsAtSessionEnd, rememberProducts, warmProducts } from './productLookup';
import { registerOfflineShell } from './serviceWorker';
import { useResume } from './useResume';
import { setSaleTenant } from '../waitingSales';
import { askForPersistentStorage } from '../../../pos/persistentStorage';
import { useSaleActor } from '../../ui/shellActors';
import type { PosSaleActor } from '../../ui/shellActors';
import * as styles from './sale.css';

/**
 * The clerk's discount limit at the register's store as the server tells it with the store's registers (the one it
 * holds the sale to: the store's staff limit, none for admins); without a connection, as the device last kept it.
 */
function useDiscountLimit(tenantId: string, register: Register): number | null {
  const registers = useQuery({ ...posQueries.registers(tenantId, register.locationId), enabled: tenantId !== '' });
  return (registers.data?.registers.find((r) => r.id === register.id) ?? register).discountLimitBp;
}

/**
 * The register's current sale (pos.md; the `all` tab of /admin/pos): who it is for, the lines found by search or a
 * scanner, discounts, the payment dialog, and the receipt. It renders the `posSale` machine and sends it events;
 * shortcuts: F2 or / search, Enter add, + / − quantity, F4 pay, F8 park, Esc closes a dialog.
 */
export function SaleView({ register, session }: { register: Register; session: { id: string } }) {
  const tenantId = useTenantId();
  const limitBp = useDiscountLimit(tenantId, register);
  const signedIn = useSessionActor();
  const queryClient = useQueryClient();
  useEffect(() => setSaleTenant(tenantId || null, queryClient), [tenantId, queryClient]);
  useEffect(() => forgetProductsAtSessionEnd(signedIn, tenantId), [signedIn, tenantId]);
  useEffect(() => warmProducts({ tenantId, locationId: register.locationId }), [tenantId, register.locationId]);
  useEffect(registerOfflineShell, []);
  // A sale waiting in IndexedDB must outlive a disk running short: asked once per device.
  useEffect(() => void askForPersistentStorage(), []);
  const actor = useSaleActor({ tenantId, registerSessionId: session.id, locationId: register.locationId, registerId: register.id, discountLimitBp: limitBp });
  // A newer limit (an admin changed the store's) applies to the sale being built, which goes on as it is.
  useEffect(() => {
    if (actor.getSnapshot().context.discountLimitBp !== limitBp) actor.send({ type: 'limit.change', discountLimitBp: limitBp });
  }, [actor, limitBp]);
  return <Sale actor={actor} register={register} tenantId={tenantId} limitBp={limitBp} />;
}

function Sale({ actor, register, tenantId, limitBp }: { actor: PosSaleActor; register: Register; tenantId: string; limitBp: number | null }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const send = (event: PosSaleEvent) => actor.send(event);
  const search = useRef<HTMLInputElement>(null);
  const newSale = useRef<HTMLDivElement>(null);
  // The store's currency (the server's, with the register): a new sale is made in it. A sale's own invoice, once made, says its own.
  const currency = register.currency;
  const money = (minor: number) => formats.money(minor, currency);
  const patientId = context.customer?.kind === 'patient' ? context.customer.id : null;
  const { current: currentRx } = usePrescriptions(tenantId, patientId);
  useUnsavedChanges(snapshot.hasTag('dirty') && context.lines.length > 0);
  const resumeProblem = useResume(actor, register.locationId, tenantId);
  // Why Pay, Park and Quote are disabled, as the machine tells it, said under them: their descriptions.
  const payBlocked = payBlockers(context);
  const noCustomer = payBlocked.some((blocker) => blocker.kind === 'noCustomer');
  const unfinishedLine = payBlocked.flatMap((blocker) => (blocker.kind === 'lineUnfinished' ? [blocker.line] : []))[0];
  const payWhy = [noCustomer && `${titleId}-customer`, unfinishedLine && `${titleId}-options`].filter(Boolean).join(' ') || undefined;
  const offline = parkBlocker(context) === 'offline';
  const parkWhy = offline ? `${titleId}-offline` : undefined;

  const state = snapshot.matches('completed')
    ? 'completed'
    : // 'Kept on this device' only once the queue has it on disk (and the draft is gone): a reload before that
      // would bring the sale back to be paid again.
      snapshot.matches({ waitingToSync: 'queued' })
      ? 'waiting'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('parked')
          ? 'parked'
          : 'selling';

  // Focus where the clerk goes next: the search when the register opens and after each change of the sale, the next
  // sale's button after one ends.
  const after = useRef<typeof state | null>(null);
  useEffect(() => {
    if ((state === 'completed' || state === 'waiting') && after.current !== state) newSale.current?.querySelector('button')?.focus();
    if (state === 'selling' && after.current !== 'selling') search.current?.focus();
    after.current = state;
  }, [state]);

  // A sale cancelled: the next one starts at the (new) search, as after a paid one.
  const round = context.saleRound;
  useEffect(() => {
    if (round > 0) search.current?.focus();
  }, [round]);

  const add = (product: ProductHit) => {
    // What the register sells it keeps freshest on the device, for a sale without a connection.
    rememberProducts({ tenantId, locationId: register.locationId }, [product]);
    send({ type: 'line.add', product, rxId: product.kind === 'spectacle-lens' ? (currentRx?.id ?? null) : null });
    search.current?.focus();
  };

  useKeyboard({
    search: () => search.current?.focus(),
    pay: () => snapshot.can({ type: 'pay.open' }) && send({ type: 'pay.open' }),
    park: () => snapshot.can({ type: 'sale.park', kind: 'parked' }) && send({ type: 'sale.park', kind: 'parked' }),
    step: (up) => {
      const event = { type: up ? 'line.increment' : 'line.decrement' } as const;
      if (snapshot.can(event)) send(event);
    },
  });

  const shortcuts = [
    ['F2 /', t('posSale.keys.search')],
    ['Enter', t('posSale.keys.add')],
    ['+ −', t('posSale.keys.quantity')],
    ['F4', t('posSale.keys.pay')],
    ['F8', t('posSale.keys.park')],
    ['Esc', t('posSale.keys.close')],
  ] as const;

  return (
    <section className={styles.sale} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.heading}>
        {t('posSale.title', { register: register.name })}
      </h2>
      {resumeProblem && (
        <p role="alert" className={styles.error}>
          {resumeProblem}
        </p>
      )}
      {!context.online && (
        <p role="status" className={styles.banner}>
          {t('posSale.offline')}
        </p>
      )}
      <ul className={styles.shortcuts} aria-label={t('posSale.keys.title')}>
        {shortcuts.map(([keys, what]) => (
          <li key={keys}>
            <kbd className={styles.kbd}>{keys}</kbd> {what}
          </li>
        ))}
      </ul>

      {state === 'completed' && context.result && (
        <CompletedSale ref={newSale} tenantId={tenantId} result={context.result} customer={context.customer} online={context.online} onNew={() => send({ type: 'sale.new' })} />
      )}
      {state === 'waiting' && (
        <WaitingSaleReceipt
          ref={newSale}
          pricing={context.pricing}
          payments={context.payments}
          customer={context.customer}
          currency={currency}
          soldAt={context.soldAt}
          clientSaleId={context.clientSaleId ?? ''}
          onNew={() => send({ type: 'sale.new' })}
        />
      )}
      {state === 'parked' && (
        <section className={styles.section} aria-label={t('posSale.parked.title')}>
          <p role="status">{t('posSale.parked.done')}</p>
          <div className={styles.actions}>
            <Button onPress={() => send({ type: 'sale.new' })}>{t('posSale.done.newSale')}</Button>
            <Button variant="secondary" onPress={() => send({ type: 'sale.edit' })}>
              {t('posSale.parked.back')}
            </Button>
          </div>
        </section>
      )}
      {state === 'failed' && (
        <FailedSale
          error={context.error}
          serverPricing={context.serverPricing}
          shownTotal={context.pricing.total}
          currency={currency}
          onAccept={() => send({ type: 'price.accept' })}
          onEdit={() => send({ type: 'sale.edit' })}
          onRetry={() => send({ type: 'sale.retry' })}
        />
      )}

      {state === 'selling' && (
        <>
          <div className={styles.top}>
            <ProductSearch
              // Each sale's own search: what it said (a barcode no product has) and what was typed end with the sale.
              key={`${tenantId} ${register.id} ${context.saleRound}`}
              ref={search}
              tenantId={tenantId}
              locationId={register.locationId}
              registerId={register.id}
              currency={currency}
              onAdd={add}
            />
            <CustomerPicker
              key={context.saleRound}
              tenantId={tenantId}
              locationId={register.locationId}
              customer={context.customer}
              online={context.online}
              onChoose={(customer) => {
                send({ type: 'customer.choose', customer });
                search.current?.focus();
              }}
              onClear={() => send({ type: 'customer.clear' })}
            />
          </div>
          <div className={styles.main}>
            <section className={styles.section} aria-label={t('posSale.lines.title')}>
              <SaleLines
                lines={context.lines}
                priced={context.pricing.lines}
                selectedLine={context.selectedLine}
                currency={currency}
                tenantId={tenantId}
                patientId={patientId}
                limitBp={limitBp}
                actions={{
                  select: (key) => send({ type: 'line.select', key }),
                  quantity: (key, quantity) => send({ type: 'line.quantity', key, quantity }),
                  remove: (key) => {
                    send({ type: 'line.remove', key });
                    search.current?.focus();
                  },
                  option: (key, optionId, chosen) => send({ type: 'line.option', key, optionId, chosen }),
                  rx: (key, rxId) => send({ type: 'line.rx', key, rxId }),
                  fitting: (key, fitting) => send({ type: 'line.fitting', key, fitting }),
                  canDiscount: (key, discount) => actor.getSnapshot().can({ type: 'line.discount', key, discount }),
                  discount: (key, discount) => applied(actor, { type: 'line.discount', key, discount }),
                }}
              />
            </section>
            <section className={styles.section} aria-label={t('posSale.totals.title')}>
              <dl className={styles.totals}>
                <dt>{t('records.invoices.subtotal')}</dt>
                <dd>{money(context.pricing.subtotal)}</dd>
                <dt>{t('records.invoices.discountTotal')}</dt>
                <dd>{money(-context.pricing.discountTotal)}</dd>
                <dt>{t('records.invoices.taxTotal')}</dt>
                <dd>{money(context.pricing.taxTotal)}</dd>
                <dt className={styles.grand}>{t('records.invoices.total')}</dt>
                <dd className={styles.grand}>{money(context.pricing.total)}</dd>
              </dl>
              {context.lines.length > 0 && (
                <DiscountEditor
                  title={t('posSale.discount.orderTitle')}
                  current={context.orderDiscount}
                  currency={currency}
                  limitBp={limitBp}
                  canApply={(discount: Discount) => actor.getSnapshot().can({ type: 'order.discount', discount })}
                  onApply={(discount) => applied(actor, { type: 'order.discount', discount })}
                />
              )}
              <div className={styles.actions}>
                <Button isDisabled={!snapshot.can({ type: 'pay.open' })} aria-describedby={payWhy} onPress={() => send({ type: 'pay.open' })}>
                  {t('posSale.actions.pay')}
                </Button>
                <Button
                  variant="secondary"
                  isDisabled={!snapshot.can({ type: 'sale.park', kind: 'parked' })}
                  aria-describedby={parkWhy}
                  isPending={snapshot.matches('parking')} onPress={() => send({ type: 'sale.park', kind: 'parked' })}>
                  {t('posSale.actions.park')}
                </Button>
                <Button variant="secondary" isDisabled={!snapshot.can({ type: 'sale.park', kind: 'quote' })} aria-describedby={parkWhy} onPress={() => send({ type: 'sale.park', kind: 'quote' })}>
                  {t('posSale.actions.quote')}
                </Button>
                {context.lines.length > 0 && (
                  <Button variant="secondary" onPress={() => send({ type: 'sale.clear' })}>
                    {t('posSale.actions.clear')}
                  </Button>
                )}
              </div>
              {noCustomer && (
                <p id={`${titleId}-customer`} className={styles.muted}>
                  {t('posSale.actions.chooseCustomer')}
                </p>
              )}
              {unfinishedLine && (
                <p id={`${titleId}-options`} className={styles.muted}>
                  {t('posSale.lines.materialRequired', { name: unfinishedLine.product.name })}
                </p>
              )}
              {offline && (
                <p id={`${titleId}-offline`} className={styles.muted}>
                  {t('apiErrors.pos.needsConnection', { what: t('posSale.needs.park') })}
                </p>
              )}
              {Boolean(context.error) && (
                <p role="alert" className={styles.error}>
                  {translateError(i18n, context.error)}
                </p>
              )}
            </section>
          </div>
        </>
      )}

      <PayDialog
        isOpen={snapshot.hasTag('dialog')}
        total={context.pricing.total}
        payments={context.payments}
        currency={currency}
        online={context.online}
        customer={context.customer}
        methodBlockers={(method) => paymentMethodBlockers(context, method)}
        tenantId={tenantId}
        deposit={context.deposit}
        depositAllowed={canDeposit(context)}
        canComplete={snapshot.can({ type: 'sale.complete' })}
        busy={snapshot.hasTag('busy')}
        onAdd={(payment) => applied(actor, { type: 'payment.add', payment })}
        onRemove={(index) => send({ type: 'payment.remove', index })}
        onDeposit={(deposit) => send({ type: 'deposit.set', deposit })}
        onComplete={() => send({ type: 'sale.complete' })}
        onCancel={() => send({ type: 'pay.cancel' })}
      />
    </section>
  );
}

/** Sends the event when the machine takes it; answers whether it did (a refused discount or payment stays at its field). */
function applied(actor: PosSaleActor, event: PosSaleEvent) {
  if (!actor.getSnapshot().can(event)) return false;
  actor.send(event);
  return true;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The product search with nothing typed: it keeps the focus between lines, and + and - there are for the last line. */
const inEmptySearch = (target: EventTarget | null) => target instanceof HTMLInputElement && target.dataset.saleSearch !== undefined && target.value === '';

/** The register's shortcuts, on the whole page while it is open (pos.md keyboard). */
function useKeyboard(handlers: { search: () => void; pay: () => void; park: () => void; step: (up: boolean) => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const h = latest.current;
      if (event.key === 'F2' || (event.key === '/' && !isTyping(event.target))) {
        event.preventDefault();
        h.search();
      } else if (event.key === 'F4') {
        event.preventDefault();
        h.pay();
      } else if (event.key === 'F8') {
        event.preventDefault();
        h.park();
      } else if ((event.key === '+' || event.key === '-') && (!isTyping(event.target) || inEmptySearch(event.target))) {
        event.preventDefault();
        h.step(event.key === '+');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
