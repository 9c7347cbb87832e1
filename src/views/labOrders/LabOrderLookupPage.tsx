import { useId, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Input, Label, Link, Text, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { StoreFilter, useAddressFilter } from '../shared/addressFilter';
import { labOrderQueries, useMoveLabOrders } from '../../api/labOrders';
import { storesQuery } from '../../api/stores';
import { isLabOrderLookupType, labOrderLookupTypes, type LabOrderBulkResult, type LabOrderLookupItem, type LabOrderLookupType } from '../../contract/labOrderLookup';
import { nextLabOrderStatuses, remakeReasonKinds, type LabOrderStatus, type RemakeReasonKind } from '../../contract/labOrders';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import * as list from '../shared/listPage.css';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import * as styles from '../shared/labOrders.css';
import { useOneAtATime } from '../ui/useOneAtATime';
import { TableScroll } from '../ui/TableScroll';
import { LoadMore } from '../shared/LoadMore';

/** The chart's lab-orders tab of a patient (tab 5, staff.md). */
export const labOrdersTabHref = (patientId: string) => `/admin/patients/${encodeURIComponent(patientId)}/5`;

/**
 * /admin/laborderlookup/{type}: the orders of the stores the user may see, by type (all, one status, overdue),
 * searched by order number or patient; select several and move them together along an edge they all allow. Each
 * order is moved (or refused) on its own and the outcome is listed per order.
 */
export function LabOrderLookupPage({ type: rawType }: { type: string }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const type: LabOrderLookupType = isLabOrderLookupType(rawType) ? rawType : 'all';
  const { filter, text, setText, setStore } = useAddressFilter();

  const stores = useQuery(storesQuery(tenantId));
  const query = window.location.search;

  return (
    <section className={list.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={list.title}>
        {t('labOrderLookup.title')}
      </h1>
      <nav aria-label={t('labOrderLookup.types')}>
        <ul className={styles.types}>
          {labOrderLookupTypes.map((each) => (
            <li key={each}>
              <Link href={`/admin/laborderlookup/${each}${query}`} className={styles.typeLink} aria-current={each === type ? 'page' : undefined}>
                {typeLabel(t, each)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div role="search" aria-label={t('labOrderLookup.filters')} className={list.filters}>
        <TextField className={`${list.field} ${list.searchField}`} value={text} onChange={setText} maxLength={100}>
          <Label className={list.label}>{t('labOrderLookup.search')}</Label>
          <Input className={list.input} autoComplete="off" enterKeyHint="search" spellCheck={false} />
          <Text slot="description" className={list.hint}>
            {t('labOrderLookup.searchHint')}
          </Text>
        </TextField>
        <StoreFilter texts="labOrderLookup" stores={stores.data?.stores} value={filter.store} onChange={setStore} />
      </div>
      <OrderRows key={`${type}|${filter.search}|${filter.store}`} tenantId={tenantId} type={type} search={filter.search} locationId={filter.store} />
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
const typeLabel = (t: T, type: LabOrderLookupType) => (type === 'all' ? t('labOrderLookup.all') : type === 'overdue' ? t('labOrderLookup.overdue') : t(`records.orders.statuses.${type}`));

/** The statuses every selected order may move to (what one move for all of them can do). */
function commonMoves(orders: LabOrderLookupItem[]): LabOrderStatus[] {
  if (!orders.length) return [];
  const [first, ...rest] = orders.map((o) => nextLabOrderStatuses(o.status, o.heldFrom));
  return first!.filter((to) => rest.every((moves) => moves.includes(to)));
}

function OrderRows({ tenantId, type, search, locationId }: { tenantId: string; type: LabOrderLookupType; search: string; locationId: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const orders = useInfiniteQuery(labOrderQueries.lookup(tenantId, { type, search: search || undefined, locationId: locationId || undefined }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => orders.data?.pages.flatMap((page) => page.items) ?? [], [orders.data]);
  const chosen = items.filter((o) => selected.has(o.id));

  if (orders.isPending) {
    return (
      <div className={list.state}>
        <Spinner label={t('labOrderLookup.loading')} />
        <p className={list.muted} aria-hidden="true">
          {t('labOrderLookup.loading')}
        </p>
      </div>
    );
  }
  if (orders.isError && !orders.isFetchNextPageError) {
    return (
      <div role="alert" className={list.state}>
        <p className={list.heading}>{t('labOrderLookup.loadFailed')}</p>
        <p className={list.muted}>{translateError(i18n, orders.error)}</p>
        <Button variant="secondary" onPress={() => void orders.refetch()}>
          {t('labOrderLookup.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={list.state}>
        <p className={list.heading}>{search ? t('labOrderLookup.noMatch', { search }) : t('labOrderLookup.none', { type: typeLabel(t, type) })}</p>
      </div>
    );
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOn = items.every((o) => selected.has(o.id));

  return (
    <>
      <MoveBar tenantId={tenantId} chosen={chosen} onDone={(moved) => setSelected((current) => new Set([...current].filter((id) => !moved.includes(id))))} />
      <TableScroll>
        <table className={list.table}>
          <caption>{t('labOrderLookup.caption', { type: typeLabel(t, type) })}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.checkCell}>
                <input
                  type="checkbox"
                  className={styles.nativeCheck}
                  aria-label={t('labOrderLookup.selectAll')}
                  checked={allOn}
                  onChange={(event) => setSelected(event.target.checked ? new Set(items.map((o) => o.id)) : new Set())}
                />
              </th>
              <th scope="col">{t('labOrderLookup.columns.order')}</th>
              <th scope="col">{t('labOrderLookup.columns.patient')}</th>
              <th scope="col">{t('labOrderLookup.columns.status')}</th>
              <th scope="col">{t('labOrderLookup.columns.invoice')}</th>
              <th scope="col">{t('labOrderLookup.columns.expected')}</th>
              <th scope="col">{t('labOrderLookup.columns.store')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.id} className={styles.row}>
                <td>
                  <input
                    type="checkbox"
                    className={styles.nativeCheck}
                    aria-label={t('labOrderLookup.select', { number: formats.number(o.number) })}
                    checked={selected.has(o.id)}
                    onChange={(event) => toggle(o.id, event.target.checked)}
                  />
                </td>
                <th scope="row">{formats.number(o.number)}</th>
                <td>
                  <Link href={labOrdersTabHref(o.patientId)} className={list.link}>
                    <bdi>{t('patientList.name', { first: o.patientFirstName, last: o.patientLastName })}</bdi>
                  </Link>
                </td>
                <td>
                  <span className={styles.badge}>{t(`records.orders.statuses.${o.status}`)}</span>
                </td>
                <td>
                  {o.invoiceNumber === null ? (
                    t('labOrderLookup.noInvoice')
                  ) : (
                    <>
                      {formats.number(o.invoiceNumber)} · {t(`records.invoices.statuses.${o.invoiceStatus ?? 'open'}`)}
                    </>
                  )}
                </td>
                <td>
                  {o.expectedOn ? formats.date(o.expectedOn) : t('records.orders.noExpected')}
                  {o.overdue && <span className={styles.overdue}> · {t('labOrderLookup.overdueFlag')}</span>}
                </td>
                <td>
                  <bdi>{o.storeName}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <LoadMore
        pages={orders}
        classes={{ more: list.more, muted: list.muted, failed: list.moreFailed }}
        shown={orders.hasNextPage ? t('labOrderLookup.shown', { number: formats.integer(items.length) }) : t('labOrderLookup.allShown', { number: formats.integer(items.length) })}
        failed={translateError(i18n, orders.error)}
        retry={t('labOrderLookup.retry')}
        loadMore={orders.isFetchingNextPage ? t('labOrderLookup.loadingMore') : t('labOrderLookup.loadMore')}
      />
    </>
  );
}

/** The selected orders' move: the statuses all of them allow, a note (a remake: its reason), one press. */
function MoveBar({ tenantId, chosen, onDone }: { tenantId: string; chosen: LabOrderLookupItem[]; onDone: (moved: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const moves = commonMoves(chosen);
  const [to, setTo] = useState<LabOrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [reasonKind, setReasonKind] = useState<RemakeReasonKind>('lab-error');
  const [outcome, setOutcome] = useState<{ results: LabOrderBulkResult['results']; numbers: Map<string, number>; to: LabOrderStatus } | null>(null);
  const target = to && moves.includes(to) ? to : '';
  const once = useOneAtATime();
  const move = useMoveLabOrders<LabOrderLookupItem>(tenantId, {
    onSuccess: (answer, { body, orders }) => {
      setOutcome({ results: answer.results, numbers: new Map(orders.map((o) => [o.id, o.number])), to: body.to });
      setNote('');
      setTo('');
      onDone(answer.results.filter((r) => r.ok).map((r) => r.id));
    },
  });
  const remakeWithoutReason = target === 'remake' && note.trim() === '';

  return (
    <div className={styles.toolbar} role="group" aria-label={t('labOrderLookup.moveSelected')}>
      <p className={list.muted} role="status">
        {chosen.length ? t('labOrderLookup.selected', { number: formats.integer(chosen.length) }) : t('labOrderLookup.selectHint')}
      </p>
      {chosen.length > 0 && moves.length === 0 && <p className={list.muted}>{t('labOrderLookup.noCommonMove')}</p>}
      {moves.length > 0 && (
        <>
          <label className={styles.toolbarField}>
            <span className={list.label}>{t('labOrderLookup.moveTo')}</span>
            <select className={styles.control} value={target} onChange={(event) => setTo(event.target.value as LabOrderStatus)}>
              <option value="">{t('labOrderLookup.chooseStatus')}</option>
              {moves.map((status) => (
                <option key={status} value={status}>
                  {t(`records.orders.statuses.${status}`)}
                </option>
              ))}
            </select>
          </label>
          {target === 'remake' && (
            <label className={styles.toolbarField}>
              <span className={list.label}>{t('labOrdersTab.reasonKind')}</span>
              <select className={styles.control} value={reasonKind} onChange={(event) => setReasonKind(event.target.value as RemakeReasonKind)}>
                {remakeReasonKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`labOrdersTab.reasons.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <TextField className={styles.toolbarField} value={note} onChange={setNote} maxLength={500} isRequired={target === 'remake'}>
            <Label className={list.label}>{target === 'remake' ? t('labOrdersTab.reason') : t('labOrderLookup.note')}</Label>
            <Input className={styles.control} />
          </TextField>
          <Button
            isPending={move.isPending}
            isDisabled={!target || remakeWithoutReason}
            disabledReason={!target ? t('labOrderLookup.chooseStatus') : remakeWithoutReason && t('labOrdersTab.reasonRequired')}
            onPress={() =>
              target &&
              once((done) =>
                move.mutate(
                  {
                    body: {
                      to: target,
                      orders: chosen.map((o) => ({ id: o.id, from: o.status })),
                      ...(target === 'remake' ? { reason: note.trim(), reasonKind, note: '' } : { note: note.trim() }),
                    },
                    orders: chosen,
                  },
                  { onSettled: done },
                ),
              )
            }
          >
            {t('labOrderLookup.move')}
          </Button>
        </>
      )}
      {move.isError && <p role="alert" className={styles.fieldError}>{translateError(i18n, move.error)}</p>}
      {outcome && (
        <div role="status" aria-live="polite">
          <p className={list.muted}>
            {t('labOrderLookup.movedCount', { number: formats.integer(outcome.results.filter((r) => r.ok).length), status: t(`records.orders.statuses.${outcome.to}`) })}
          </p>
          {outcome.results.some((r) => !r.ok) && (
            <ul className={styles.outcomes}>
              {outcome.results.map(
                (r) =>
                  !r.ok && (
                    <li key={r.id} className={styles.fieldError}>
                      {r.code === 'labOrders.movedOn' && typeof r.params?.status === 'string'
                        ? t('labOrderLookup.movedOn', { number: formats.number(outcome.numbers.get(r.id) ?? 0), status: t(`records.orders.statuses.${r.params.status}`) })
                        : t('labOrderLookup.refused', { number: formats.number(outcome.numbers.get(r.id) ?? 0), reason: translateError(i18n, r) })}
                    </li>
                  ),
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
