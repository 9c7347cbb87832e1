import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../../api/records';
import { lensMaterialGroup } from '../../../contract/pos';
import type { Discount, PricedLine, ProductOption } from '../../../contract/pos';
import type { SpectacleRx } from '../../../contract/records';
import { lineOptionsProblem } from '../../../machines/posSale.machine';
import type { SaleLine } from '../../../machines/posSale.machine';
import { rxText, useFormats } from '../../shared/format';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { parseAmount } from '../../shared/money';
import * as styles from './sale.css';

export interface LineActions {
  select(key: string): void;
  quantity(key: string, quantity: number): void;
  remove(key: string): void;
  /** One option chosen or not (a material replaces the lens's material; the machine refuses what it must). */
  option(key: string, optionId: string, chosen: boolean): void;
  rx(key: string, rxId: string | null): void;
  fitting(key: string, fitting: { heightRight: number | null; heightLeft: number | null } | null): void;
  /** Applies when within the limit; answers false (refused) otherwise. */
  discount(key: string, discount: Discount | null): boolean;
  canDiscount(key: string, discount: Discount): boolean;
}

/** The patient's spectacle prescriptions, newest exam first (the current one is the newest not expired). */
export function usePrescriptions(tenantId: string, patientId: string | null) {
  const query = useQuery({ ...recordsQueries.prescriptions(tenantId, { kind: 'patient', patientId: patientId ?? '' }), enabled: Boolean(patientId && tenantId) });
  const spectacle = query.data?.spectacle ?? [];
  return { spectacle, current: spectacle.find((rx) => !rx.expired) ?? null };
}

/** The sale's lines: quantity, lens options and prescription, fitting heights, discount, tax and total of each. */
export function SaleLines(props: {
  lines: SaleLine[];
  priced: PricedLine[];
  selectedLine: string | null;
  currency: string;
  tenantId: string;
  patientId: string | null;
  limitBp: number | null;
  actions: LineActions;
}) {
  const { t } = useTranslation();
  const { spectacle } = usePrescriptions(props.tenantId, props.patientId);
  if (props.lines.length === 0) return <p className={styles.muted}>{t('posSale.lines.empty')}</p>;
  return (
    <ul className={styles.lines} aria-label={t('posSale.lines.title')}>
      {props.lines.map((line, index) => (
        <LineItem key={line.key} {...props} line={line} priced={props.priced[index]} prescriptions={spectacle} />
      ))}
    </ul>
  );
}

function LineItem({
  line,
  priced,
  selectedLine,
  currency,
  patientId,
  limitBp,
  actions,
  prescriptions,
}: {
  line: SaleLine;
  priced: PricedLine | undefined;
  selectedLine: string | null;
  currency: string;
  patientId: string | null;
  limitBp: number | null;
  actions: LineActions;
  prescriptions: SpectacleRx[];
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const id = useId();
  const money = (minor: number) => formats.money(minor, currency);
  const { product } = line;
  const selected = selectedLine === line.key;
  const isLens = product.kind === 'spectacle-lens';
  const rx = prescriptions.find((p) => p.id === line.rxId) ?? null;
  const short = product.stock !== null && product.stock < line.quantity;
  return (
    <li className={styles.line} data-selected={selected} aria-current={selected ? 'true' : undefined}>
      <div className={styles.lineHead}>
        <button type="button" className={styles.lineTitle} aria-pressed={selected} onClick={() => actions.select(line.key)}>
          {product.name}
          {product.colour && ` · ${product.colour}`}
        </button>
        <span className={styles.amount}>{priced ? money(priced.total) : ''}</span>
      </div>
      <div className={styles.lineHead}>
        <span className={styles.quantity} role="group" aria-label={t('posSale.lines.quantityOf', { name: product.name })}>
          <Button variant="secondary" aria-label={t('posSale.lines.less', { name: product.name })} isDisabled={line.quantity <= 1} onPress={() => actions.quantity(line.key, line.quantity - 1)}>
            −
          </Button>
          <span aria-live="polite">{t('posSale.lines.quantity', { number: line.quantity })}</span>
          <Button variant="secondary" aria-label={t('posSale.lines.more', { name: product.name })} onPress={() => actions.quantity(line.key, line.quantity + 1)}>
            +
          </Button>
        </span>
        {priced && (
          <span className={styles.muted}>
            {t('posSale.lines.each', { price: money(priced.unitPrice) })}
            {priced.discount > 0 && ` · ${t('posSale.lines.discounted', { amount: money(priced.discount) })}`}
            {` · ${t('posSale.lines.tax', { amount: money(priced.tax) })}`}
          </span>
        )}
        <Button variant="secondary" onPress={() => actions.remove(line.key)} aria-label={t('posSale.lines.remove', { name: product.name })}>
          {t('posSale.lines.removeShort')}
        </Button>
      </div>
      {short && <p className={styles.warning}>{t('posSale.lines.toOrder', { count: product.stock ?? 0 })}</p>}
      {product.options.length > 0 && <LineOptions line={line} money={money} onChoose={(optionId, chosen) => actions.option(line.key, optionId, chosen)} />}
      {isLens && (
        <div className={styles.fields}>
          <div className={styles.field}>
            <label htmlFor={`${id}-rx`} className={styles.label}>
              {t('posSale.lines.rx')}
            </label>
            {patientId ? (
              <select id={`${id}-rx`} className={styles.input} value={line.rxId ?? ''} onChange={(event) => actions.rx(line.key, event.target.value || null)}>
                <option value="">{t('posSale.lines.noRx')}</option>
                {prescriptions.map((p) => (
                  <option key={p.id} value={p.id}>
                    {t(p.expired ? 'posSale.lines.rxExpired' : 'posSale.lines.rxCurrent', { date: formats.date(p.examDate), right: rxText.eyeLine(p.right), left: rxText.eyeLine(p.left) })}
                  </option>
                ))}
              </select>
            ) : (
              <span id={`${id}-rx`} className={styles.muted}>
                {t('posSale.lines.rxNeedsPatient')}
              </span>
            )}
            {rx?.expired && (
              <span className={styles.warning} role="alert">
                {t('posSale.lines.rxExpiredWarning', { date: formats.date(rx.expiresOn) })}
              </span>
            )}
          </div>
          <HeightField label={t('posSale.lines.heightRight')} value={line.fitting?.heightRight ?? null} onChange={(v) => actions.fitting(line.key, { heightRight: v, heightLeft: line.fitting?.heightLeft ?? null })} />
          <HeightField label={t('posSale.lines.heightLeft')} value={line.fitting?.heightLeft ?? null} onChange={(v) => actions.fitting(line.key, { heightRight: line.fitting?.heightRight ?? null, heightLeft: v })} />
        </div>
      )}
      <DiscountEditor
        title={t('posSale.discount.lineTitle', { name: product.name })}
        current={line.discount}
        currency={currency}
        limitBp={limitBp}
        canApply={(d) => actions.canDiscount(line.key, d)}
        onApply={(d) => actions.discount(line.key, d)}
      />
    </li>
  );
}

/**
 * A lens's options as the catalogue groups them: its materials a radio group (exactly one), every other group
 * (coatings, tints) checkboxes. A lens without its material says so: the sale cannot be paid until one is chosen.
 */
function LineOptions({ line, money, onChoose }: { line: SaleLine; money: (minor: number) => string; onChoose: (optionId: string, chosen: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const groups = [...new Set(line.product.options.map((o) => o.group))].map((group) => ({ group, options: line.product.options.filter((o) => o.group === group) }));
  const missing = lineOptionsProblem(line) !== null;
  const label = (option: ProductOption) => t('posSale.lines.option', { name: option.name, price: money(option.price) });
  return (
    <div className={styles.optionGroups}>
      {groups.map(({ group, options }) => {
        const legend = t(`posSale.lines.optionGroups.${group}`, { defaultValue: group });
        if (group === lensMaterialGroup) {
          return (
            <fieldset key={group} role="radiogroup" className={styles.options} aria-describedby={missing ? `${id}-missing` : undefined}>
              <legend className={styles.label}>{legend}</legend>
              {missing && (
                <span id={`${id}-missing`} className={styles.warning}>
                  {t('posSale.lines.materialRequired', { name: line.product.name })}
                </span>
              )}
              {options.map((option) => (
                <label key={option.id} className={styles.check}>
                  <input type="radio" name={`${id}-material`} checked={line.optionIds.includes(option.id)} onChange={() => onChoose(option.id, true)} />
                  {label(option)}
                </label>
              ))}
            </fieldset>
          );
        }
        return (
          <fieldset key={group} className={styles.options}>
            <legend className={styles.label}>{legend}</legend>
            {options.map((option) => (
              <label key={option.id} className={styles.check}>
                <input type="checkbox" checked={line.optionIds.includes(option.id)} onChange={(event) => onChoose(option.id, event.target.checked)} />
                {label(option)}
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}

function HeightField({ label, value, onChange }: { label: string; value: number | null; onChange: (value: number | null) => void }) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const number = Number(text.replace(',', '.'));
  const invalid = text.trim() !== '' && (!Number.isFinite(number) || number < 5 || number > 50);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="decimal"
        dir="ltr"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const n = Number(next.replace(',', '.'));
          if (next.trim() === '') onChange(null);
          else if (Number.isFinite(n) && n >= 5 && n <= 50) onChange(n);
        }}
      />
      {invalid && <HeightError id={`${id}-error`} />}
    </div>
  );
}

function HeightError({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <span id={id} className={styles.error}>
      {t('posSale.lines.heightInvalid')}
    </span>
  );
}

/** Percent text ("10", "12.5") to basis points, or null. */
const percentToBp = (text: string) => {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp >= 1 && bp <= 10_000 ? bp : null;
};

/**
 * A discount (a line's or the order's): percent or amount, with a reason. Over the clerk's limit it is refused at
 * the field, before anything is sent.
 */
export function DiscountEditor({
  title,
  current,
  currency,
  limitBp,
  canApply,
  onApply,
}: {
  title: string;
  current: Discount | null;
  currency: string;
  limitBp: number | null;
  canApply: (discount: Discount) => boolean;
  onApply: (discount: Discount | null) => boolean;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<Discount['type']>(current?.type ?? 'percent');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState(current?.reason ?? '');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  // Refused before anything is sent: the summary above the fields takes the focus, a link to each.
  const { summary, refuse, accept } = useErrorSummary({
    error: null,
    fields: errors,
    labels: { value: t('posSale.discount.value'), reason: t('posSale.discount.reason') },
  });
  const overLimit = () => t('posSale.discount.overLimit', { limit: formats.number((limitBp ?? 0) / 100) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const next: { value?: string; reason?: string } = {};
    const parsed = type === 'percent' ? percentToBp(value) : parseAmount(value, currency);
    if (parsed === null || parsed < 1) next.value = type === 'percent' ? t('posSale.discount.percentInvalid') : t('posSale.discount.amountInvalid');
    if (!reason.trim()) next.reason = t('posSale.discount.reasonRequired');
    if (!next.value && parsed !== null) {
      const discount: Discount = { type, value: parsed, reason: reason.trim() };
      if (!canApply(discount)) next.value = overLimit();
    }
    setErrors(next);
    if (next.value || next.reason || parsed === null) return refuse();
    if (onApply({ type, value: parsed, reason: reason.trim() })) {
      accept();
      setOpen(false);
    } else {
      // The sale refused it after all (its limit is the machine's): said at the field like the check above.
      setErrors({ value: overLimit() });
      refuse();
    }
  };

  if (!open) {
    return (
      <div className={styles.actions}>
        {current && (
          <span className={styles.muted}>
            {t('posSale.discount.applied', {
              value: current.type === 'percent' ? `${formats.number(current.value / 100)} %` : formats.money(current.value, currency),
              reason: current.reason,
            })}
          </span>
        )}
        {/* The name keeps the visible words first (WCAG 2.5.3) and says whose discount it is. */}
        <Button variant="secondary" aria-label={`${current ? t('posSale.discount.change') : t('posSale.discount.add')}: ${title}`} onPress={() => setOpen(true)}>
          {current ? t('posSale.discount.change') : t('posSale.discount.add')}
        </Button>
        {current && (
          <Button variant="secondary" onPress={() => onApply(null)}>
            {t('posSale.discount.remove')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <form className={styles.form} aria-label={title} onSubmit={submit} noValidate>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-type`} className={styles.label}>
            {t('posSale.discount.type')}
          </label>
          <select id={`${id}-type`} name="type" className={styles.input} value={type} onChange={(event) => setType(event.target.value === 'amount' ? 'amount' : 'percent')}>
            <option value="percent">{t('posSale.discount.percent')}</option>
            <option value="amount">{t('posSale.discount.amount', { currency })}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-value`} className={styles.label}>
            {t('posSale.discount.value')}
          </label>
          <input
            id={`${id}-value`}
            name="value"
            className={styles.input}
            inputMode="decimal"
            dir="ltr"
            autoFocus
            value={value}
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={errors.value ? `${id}-value-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {errors.value && (
            <span id={`${id}-value-error`} className={styles.error}>
              {errors.value}
            </span>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`} className={styles.label}>
            {t('posSale.discount.reason')}
          </label>
          <input
            id={`${id}-reason`}
            name="reason"
            className={styles.input}
            maxLength={200}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.reason && (
            <span id={`${id}-reason-error`} className={styles.error}>
              {errors.reason}
            </span>
          )}
        </div>
      </div>
      <div className={styles.actions}>
        <Button type="submit">{t('posSale.discount.apply')}</Button>
        <Button
          variant="secondary"
          onPress={() => {
            // Opened again, the editor starts without the last attempt's messages.
            setErrors({});
            accept();
            setOpen(false);
          }}
        >
          {t('posSale.discount.cancel')}
        </Button>
      </div>
    </form>
  );
}
