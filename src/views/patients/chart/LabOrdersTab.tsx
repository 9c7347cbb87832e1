import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useCreateLabOrder, useMoveLabOrder } from '../../../api/labOrders';
import { recordsQueries } from '../../../api/records';
import { labOrderMillimetres, nextLabOrderStatuses, remakeReasonKinds, type LabOrderStatus, type RemakeReasonKind } from '../../../contract/labOrders';
import type { LabOrder } from '../../../contract/records';
import { translateError } from '../../../i18n/apiErrors';
import { useTenantId } from '../../shared/useTenant';
import { useFormats } from '../../shared/format';
import { EmptyState, QueryView } from '../../shared/records';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { Isolated, isolatedText } from '../../ui/Isolated';
import { TextField } from '../../ui/TextField';
import { useErrorSummary } from '../../ui/useErrorSummary';
import * as lookup from '../../shared/labOrders.css';
import * as styles from './chart.css';
import { useFieldErrors } from '../../shared/fieldErrors';
import type { ChartTabProps } from './types';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { useStoreZones } from '../../shared/storeZones';

/**
 * Tab 5: the patient's lab orders. Create one from a spectacle Rx and an invoice line (frame, lens, fitting heights);
 * move each along the allowed edges (the next possible moves are its buttons; a move names the status the clerk
 * saw, so a second click or another clerk's move is refused with the current status); remake with a reason, linked
 * to the new order; the timeline says who moved it and when; production and invoice state side by side.
 */
export default function LabOrdersTab({ patientId }: ChartTabProps) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const query = useQuery(recordsQueries.orders(tenantId, { kind: 'patient', patientId }));
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionHeading}>{t('labOrdersTab.title')}</h2>
        {!creating && (
          <Button variant="secondary" onPress={() => setCreating(true)}>
            {t('labOrdersTab.new')}
          </Button>
        )}
      </div>
      {notice && (
        <p role="status" className={styles.muted}>
          {notice}
        </p>
      )}
      {creating && (
        <CreateOrder
          patientId={patientId}
          onClose={(created) => {
            setCreating(false);
            if (created !== null) setNotice(t('labOrdersTab.created', { number: created }));
          }}
        />
      )}
      <QueryView query={query}>
        {({ orders }) =>
          orders.length === 0 ? (
            <EmptyState>{t('labOrdersTab.none')}</EmptyState>
          ) : (
            <ul className={styles.list}>
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} all={orders} patientId={patientId} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}

function OrderCard({ order, all, patientId }: { order: LabOrder; all: LabOrder[]; patientId: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const zone = useStoreZones()(order.locationId);
  const tenantId = useTenantId();
  const number = formats.number(order.number);
  const moves = nextLabOrderStatuses(order.status, order.heldFrom);
  const [remaking, setRemaking] = useState(false);
  const [reasonKind, setReasonKind] = useState<RemakeReasonKind>('lab-error');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [done, setDone] = useState('');
  const once = useOneAtATime();
  const move = useMoveLabOrder(tenantId, patientId, {
    onSuccess: (answer) => {
      setDone(t('labOrdersTab.moved', { number, status: t(`records.orders.statuses.${answer.order.status}`) }));
      setRemaking(false);
      setReason('');
    },
  });
  const moveTo = (to: LabOrderStatus, done: () => void) =>
    move.mutate(
      {
        orderId: order.id,
        change: to === 'remake' ? { to, from: order.status, reason: reason.trim(), reasonKind, note: '' } : { to, from: order.status, note: '' },
      },
      { onSettled: done },
    );
  const remakeOf = order.remakeOfId ? all.find((o) => o.id === order.remakeOfId) : undefined;
  const remadeAs = all.filter((o) => o.remakeOfId === order.id);
  const pending = move.isPending;
  const serverFields = useFieldErrors(move.variables?.change.to === 'remake' ? move.error : null);
  const remakeErrors: Record<string, string> = { ...serverFields, ...(reasonError ? { reason: reasonError } : {}) };
  // The remake's field refusals (its own or the server's) take the focus in its summary; other refusals show below.
  const { summary, refuse, accept } = useErrorSummary({
    error: Object.keys(serverFields).length > 0 ? move.error : null,
    fields: remakeErrors,
    labels: { reasonKind: t('labOrdersTab.reasonKind'), reason: t('labOrdersTab.reason') },
  });
  const submitRemake = () => {
    if (reason.trim() === '') {
      setReasonError(t('labOrdersTab.reasonRequired'));
      move.reset();
      return refuse();
    }
    setReasonError(undefined);
    accept();
    once((done) => moveTo('remake', done));
  };

  return (
    <article className={styles.card} aria-labelledby={`lab-order-${order.id}`}>
      <div className={styles.row}>
        <h3 id={`lab-order-${order.id}`} className={styles.sectionHeading}>
          {t('records.orders.number', { number })}
        </h3>
        <dl className={styles.dl}>
          <dt>{t('labOrdersTab.production')}</dt>
          <dd>
            <span className={lookup.badge}>{t(`records.orders.statuses.${order.status}`)}</span>
          </dd>
          <dt>{t('labOrdersTab.commercial')}</dt>
          <dd>
            {order.invoiceNumber === null
              ? t('labOrdersTab.noInvoiceLinked')
              : `${formats.number(order.invoiceNumber)} · ${t(`records.invoices.statuses.${order.invoiceStatus ?? 'open'}`)}`}
          </dd>
        </dl>
      </div>
      <dl className={styles.dl}>
        <dt>{t('labOrdersTab.expected')}</dt>
        <dd>
          {order.expectedOn ? formats.date(order.expectedOn) : t('records.orders.noExpected')}
          {order.overdue && <span className={lookup.overdue}> · {t('labOrdersTab.overdue')}</span>}
        </dd>
        <dt>{t('labOrdersTab.frame')}</dt>
        <dd>{[order.frame.brand, order.frame.model, order.frame.colour].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>{t('labOrdersTab.lens')}</dt>
        <dd>{[order.lens.type, order.lens.material, ...order.lens.coatings].filter(Boolean).join(' · ')}</dd>
        <dt>{t('labOrdersTab.heights')}</dt>
        <dd>{t('labOrdersTab.heightsValue', { right: order.fittingHeights.right ?? '—', left: order.fittingHeights.left ?? '—' })}</dd>
        <dt>{t('records.orders.store')}</dt>
        <dd>
          <bdi>{order.storeName}</bdi>
        </dd>
      </dl>
      {remakeOf && (
        <p className={styles.muted}>
          {t('labOrdersTab.remakeOf', { reason: `${t(`labOrdersTab.reasons.${order.remakeReasonKind ?? 'other'}`)}: ${order.remakeReason ?? ''}` })} ·{' '}
          {t('records.orders.number', { number: formats.number(remakeOf.number) })}
        </p>
      )}
      {remadeAs.map((o) => (
        <p key={o.id} className={styles.muted}>
          {t('labOrdersTab.remadeAs', { number: formats.number(o.number) })}
        </p>
      ))}
      <div role="group" aria-label={t('labOrdersTab.nextMoves', { number })} className={styles.actions}>
        {moves.length === 0 && <p className={styles.muted}>{t('labOrdersTab.noMoves')}</p>}
        {moves
          .filter((to) => to !== 'remake')
          .map((to) => (
            <Button key={to} variant="secondary" isPending={pending && move.variables?.change.to === to} isDisabled={pending} onPress={() => once((done) => moveTo(to, done))}>
              {t('labOrdersTab.moveTo', { status: t(`records.orders.statuses.${to}`) })}
            </Button>
          ))}
        {moves.includes('remake') && !remaking && (
          <Button variant="secondary" isDisabled={pending} onPress={() => setRemaking(true)}>
            {t('labOrdersTab.remake')}
          </Button>
        )}
      </div>
      {remaking && (
        <Form
          className={styles.fieldGrid}
          validationErrors={remakeErrors}
          validationBehavior="aria"
          aria-label={t('labOrdersTab.confirmRemake', { number })}
          onSubmit={(event) => {
            event.preventDefault();
            submitRemake();
          }}
        >
          {summary && <ErrorSummary {...summary} />}
          <label className={lookup.toolbarField}>
            <span className={styles.legend}>{t('labOrdersTab.reasonKind')}</span>
            <select name="reasonKind" className={lookup.control} value={reasonKind} onChange={(event) => setReasonKind(event.target.value as RemakeReasonKind)}>
              {remakeReasonKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`labOrdersTab.reasons.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            name="reason"
            label={t('labOrdersTab.reason')}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setReasonError(undefined);
            }}
            maxLength={500}
            isRequired
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={pending}>
              {t('labOrdersTab.confirmRemake', { number })}
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                setRemaking(false);
                setReasonError(undefined);
                accept();
              }}
            >
              {t('labOrdersTab.cancel')}
            </Button>
          </div>
        </Form>
      )}
      {move.isError && !summary && (
        <p role="alert" className={styles.formError}>
          {move.error instanceof ApiError && move.error.body?.code === 'labOrders.movedOn' && typeof move.error.body.params?.status === 'string'
            ? t('labOrderLookup.movedOn', { number, status: t(`records.orders.statuses.${move.error.body.params.status}`) })
            : translateError(i18n, move.error)}
        </p>
      )}
      {done && !move.isError && (
        <p role="status" className={styles.muted}>
          {done}
        </p>
      )}
      <ol className={styles.list} aria-label={t('labOrdersTab.timeline', { number })}>
        {order.events.map((event, index) => (
          <li key={`${event.at}-${index}`} className={styles.muted}>
            <Isolated values={{ name: event.byName }}>
              {(v) => t('labOrdersTab.event', { ...v, status: t(`records.orders.statuses.${event.status}`), when: formats.dateTime(event.at, zone) })}
            </Isolated>
            {event.note ? ` — ${event.note}` : ''}
          </li>
        ))}
      </ol>
    </article>
  );
}

interface Draft {
  rxId: string;
  invoiceId: string;
  invoiceLineNo: string;
  brand: string;
  model: string;
  colour: string;
  a: string;
  b: string;
  dbl: string;
  lensType: string;
  material: string;
  coatings: string;
  right: string;
  left: string;
  labName: string;
  expectedOn: string;
}
const empty: Draft = { rxId: '', invoiceId: '', invoiceLineNo: '', brand: '', model: '', colour: '', a: '', b: '', dbl: '', lensType: '', material: '', coatings: '', right: '', left: '', labName: '', expectedOn: '' };
const mm = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

type MillimetreField = keyof typeof labOrderMillimetres;
const millimetreDraft: Record<MillimetreField, keyof Draft> = { 'frame.a': 'a', 'frame.b': 'b', 'frame.dbl': 'dbl', 'fittingHeights.right': 'right', 'fittingHeights.left': 'left' };
const isIsoDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** The form's own checks, said as the fields show them: empty required fields, millimetres, the expected day. */
function refusedFields(draft: Draft, t: (key: string, options?: Record<string, unknown>) => string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!draft.rxId) found.rxId = t('errors.required');
  if (!draft.invoiceId) found.invoiceId = t('errors.required');
  if (!draft.lensType.trim()) found['lens.type'] = t('errors.required');
  for (const [name, key] of Object.entries(millimetreDraft) as [MillimetreField, keyof Draft][]) {
    const value = mm(draft[key]);
    const { min, max } = labOrderMillimetres[name];
    if (value !== null && !(Number.isFinite(value) && value >= min && value <= max && Number.isInteger(value * 2))) found[name] = t('labOrdersTab.mmRange', { min, max });
  }
  if (draft.expectedOn.trim() && !isIsoDay(draft.expectedOn.trim())) found.expectedOn = t('labOrdersTab.expectedOnFormat');
  return found;
}

/**
 * The server's field names (frame.a, lens.type, fittingHeights.right, ...) are the inputs' names. A refused create
 * (the form's own checks or the server's 400) focuses the summary above the fields, linking to each refused one.
 */
function CreateOrder({ patientId, onClose }: { patientId: string; onClose: (createdNumber: number | null) => void }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const formats = useFormats();
  const scope = { kind: 'patient', patientId } as const;
  const prescriptions = useQuery(recordsQueries.prescriptions(tenantId, scope));
  const invoices = useQuery(recordsQueries.invoices(tenantId, scope));
  const [draft, setDraft] = useState<Draft>(empty);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const invoice = useQuery({ ...recordsQueries.invoice(tenantId, scope, draft.invoiceId), enabled: draft.invoiceId !== '' });
  const dirty = JSON.stringify(draft) !== JSON.stringify(empty);
  useUnsavedChanges(dirty);
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const once = useOneAtATime();
  const create = useCreateLabOrder(tenantId, patientId, {
    onSuccess: (order) => {
      setDraft(empty);
      onClose(order.number);
    },
  });
  const serverFields = useFieldErrors(create.error);
  // The invoice and its line are one choice here: a refused line shows at that choice.
  const { invoiceLineNo, ...server } = serverFields;
  const fieldErrors: Record<string, string> = { ...server, ...(invoiceLineNo && !server.invoiceId ? { invoiceId: invoiceLineNo } : {}), ...localErrors };
  const labels: Record<string, string> = {
    rxId: t('labOrdersTab.rx'),
    invoiceId: t('labOrdersTab.invoice'),
    'frame.brand': t('labOrdersTab.frameBrand'),
    'frame.model': t('labOrdersTab.frameModel'),
    'frame.colour': t('labOrdersTab.frameColour'),
    'frame.a': t('labOrdersTab.frameA'),
    'frame.b': t('labOrdersTab.frameB'),
    'frame.dbl': t('labOrdersTab.frameDbl'),
    'lens.type': t('labOrdersTab.lensType'),
    'lens.material': t('labOrdersTab.lensMaterial'),
    'lens.coatings': t('labOrdersTab.coatings'),
    'fittingHeights.right': t('labOrdersTab.heightRight'),
    'fittingHeights.left': t('labOrdersTab.heightLeft'),
    labName: t('labOrdersTab.labName'),
    expectedOn: t('labOrdersTab.expectedOn'),
  };
  const { summary, refuse, accept } = useErrorSummary({ error: create.error, fields: fieldErrors, labels });
  const orderable = invoices.data?.invoices.filter((i) => i.status === 'open' || i.status === 'paid') ?? [];
  const spectacle = prescriptions.data?.spectacle ?? [];

  const submit = () => {
    const found = refusedFields(draft, t);
    setLocalErrors(found);
    if (Object.keys(found).length > 0) {
      create.reset();
      refuse();
      return;
    }
    accept();
    once((done) => create.mutate({
      patientId,
      rxId: draft.rxId,
      invoiceId: draft.invoiceId,
      invoiceLineNo: Number(draft.invoiceLineNo),
      frame: { brand: draft.brand, model: draft.model, colour: draft.colour, a: mm(draft.a), b: mm(draft.b), dbl: mm(draft.dbl) },
      lens: { type: draft.lensType, material: draft.material, coatings: draft.coatings.split(',').map((c) => c.trim()).filter(Boolean) },
      fittingHeights: { right: mm(draft.right), left: mm(draft.left) },
      labName: draft.labName,
      expectedOn: draft.expectedOn.trim() || null,
    }, { onSettled: done }));
  };

  return (
    <Form
      className={`${styles.card} ${styles.form}`}
      validationErrors={fieldErrors}
      validationBehavior="aria"
      aria-label={t('labOrdersTab.new')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className={styles.sectionHeading}>{t('labOrdersTab.new')}</h3>
      {summary && <ErrorSummary {...summary} />}
      {prescriptions.isSuccess && spectacle.length === 0 && <p className={styles.muted}>{t('labOrdersTab.noRx')}</p>}
      {invoices.isSuccess && orderable.length === 0 && <p className={styles.muted}>{t('labOrdersTab.noInvoice')}</p>}
      <div className={styles.fieldGrid}>
        <label className={lookup.toolbarField}>
          <span className={styles.legend}>{t('labOrdersTab.rx')}</span>
          <select
            name="rxId"
            aria-required="true"
            aria-invalid={fieldErrors.rxId ? true : undefined}
            aria-describedby={fieldErrors.rxId ? 'lab-order-rx-error' : undefined}
            className={lookup.control}
            value={draft.rxId}
            onChange={(event) => set('rxId')(event.target.value)}
          >
            <option value="">{t('labOrdersTab.chooseRx')}</option>
            {spectacle.map((rx) => (
              <option key={rx.id} value={rx.id}>
                {t('labOrdersTab.rxOption', { date: formats.date(rx.examDate), prescriber: isolatedText(rx.prescriber) })}
              </option>
            ))}
          </select>
          {fieldErrors.rxId && (
            <span id="lab-order-rx-error" className={lookup.fieldError}>
              {fieldErrors.rxId}
            </span>
          )}
        </label>
        <label className={lookup.toolbarField}>
          <span className={styles.legend}>{t('labOrdersTab.invoice')}</span>
          <select
            name="invoiceId"
            aria-required="true"
            aria-invalid={fieldErrors.invoiceId ? true : undefined}
            aria-describedby={fieldErrors.invoiceId ? 'lab-order-invoice-error' : undefined}
            className={lookup.control}
            value={draft.invoiceId ? `${draft.invoiceId}|${draft.invoiceLineNo}` : ''}
            onChange={(event) => {
              const [id = '', line = ''] = event.target.value.split('|');
              setDraft((d) => ({ ...d, invoiceId: id, invoiceLineNo: line }));
            }}
          >
            <option value="">{t('labOrdersTab.chooseLine')}</option>
            {orderable.map((inv) =>
              inv.id === draft.invoiceId && invoice.data ? (
                invoice.data.lines.map((line) => (
                  <option key={`${inv.id}|${line.lineNo}`} value={`${inv.id}|${line.lineNo}`}>
                    {t('labOrdersTab.lineOption', { number: formats.number(inv.number), line: line.lineNo, description: isolatedText(line.description) })}
                  </option>
                ))
              ) : (
                <option key={inv.id} value={`${inv.id}|1`}>
                  {t('labOrdersTab.lineOption', { number: formats.number(inv.number), line: 1, description: '…' })}
                </option>
              ),
            )}
          </select>
          {fieldErrors.invoiceId && (
            <span id="lab-order-invoice-error" className={lookup.fieldError}>
              {fieldErrors.invoiceId}
            </span>
          )}
        </label>
        <TextField name="frame.brand" label={t('labOrdersTab.frameBrand')} value={draft.brand} onChange={set('brand')} />
        <TextField name="frame.model" label={t('labOrdersTab.frameModel')} value={draft.model} onChange={set('model')} />
        <TextField name="frame.colour" label={t('labOrdersTab.frameColour')} value={draft.colour} onChange={set('colour')} />
        <TextField name="frame.a" label={t('labOrdersTab.frameA')} value={draft.a} onChange={set('a')} inputMode="decimal" />
        <TextField name="frame.b" label={t('labOrdersTab.frameB')} value={draft.b} onChange={set('b')} inputMode="decimal" />
        <TextField name="frame.dbl" label={t('labOrdersTab.frameDbl')} value={draft.dbl} onChange={set('dbl')} inputMode="decimal" />
        <TextField name="lens.type" label={t('labOrdersTab.lensType')} value={draft.lensType} onChange={set('lensType')} isRequired />
        <TextField name="lens.material" label={t('labOrdersTab.lensMaterial')} value={draft.material} onChange={set('material')} />
        <TextField name="lens.coatings" label={t('labOrdersTab.coatings')} value={draft.coatings} onChange={set('coatings')} />
        <TextField name="fittingHeights.right" label={t('labOrdersTab.heightRight')} value={draft.right} onChange={set('right')} inputMode="decimal" />
        <TextField name="fittingHeights.left" label={t('labOrdersTab.heightLeft')} value={draft.left} onChange={set('left')} inputMode="decimal" />
        <TextField name="labName" label={t('labOrdersTab.labName')} value={draft.labName} onChange={set('labName')} />
        <TextField name="expectedOn" label={t('labOrdersTab.expectedOn')} value={draft.expectedOn} onChange={set('expectedOn')} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isPending={create.isPending}>
          {t('labOrdersTab.create')}
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            setDraft(empty);
            onClose(null);
          }}
        >
          {t('labOrdersTab.cancel')}
        </Button>
      </div>
    </Form>
  );
}
