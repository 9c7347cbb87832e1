import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactLensRx, SpectacleRx } from '../../contract/records';
import { Badge, Ltr } from './records';
import { rxText, useFormats } from './format';
import * as styles from './records.css';
import { TableScroll } from '../ui/TableScroll';

/** A value or the dash of an empty cell. */
function Cell({ value, numeric = true }: { value: ReactNode | null; numeric?: boolean }) {
  const { t } = useTranslation();
  return (
    <td className={numeric ? styles.number : undefined}>{value === null ? t('records.dash') : <Ltr>{value}</Ltr>}</td>
  );
}

/** Exam date, expiry (marked in words when expired), prescriber and store of one prescription. */
export function RxFacts({ rx }: { rx: SpectacleRx | ContactLensRx }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <dl className={styles.facts}>
      <dt>{t('records.rx.examDate')}</dt>
      <dd>{formats.date(rx.examDate)}</dd>
      <dt>{t('records.rx.expiresOn')}</dt>
      <dd>
        {formats.date(rx.expiresOn)}{' '}
        {rx.expired ? <Badge tone="danger">{t('records.rx.expired')}</Badge> : <Badge tone="good">{t('records.rx.current')}</Badge>}
      </dd>
      <dt>{t('records.rx.prescriber')}</dt>
      <dd>
        <bdi>{rx.prescriber}</bdi>
      </dd>
      <dt>{t('records.orders.store')}</dt>
      <dd>
        <bdi>{rx.storeName}</bdi>
      </dd>
    </dl>
  );
}

/** A spectacle Rx in optician notation: OD (right) and OS (left) rows. */
export function SpectacleTable({ rx }: { rx: SpectacleRx }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const eyes = [
    ['od', rx.right],
    ['os', rx.left],
  ] as const;
  return (
    <TableScroll>
      <table className={styles.table}>
        <caption>{t('records.rx.spectacleCaption', { date: formats.date(rx.examDate) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('records.rx.eye')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.sphere')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.cylinder')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.axis')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.add')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.prism')}</th>
            <th scope="col">{t('records.rx.base')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.pdDistance')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.pdNear')}</th>
          </tr>
        </thead>
        <tbody>
          {eyes.map(([eye, values]) => (
            <tr key={eye}>
              <th scope="row">{t(`records.rx.${eye}`)}</th>
              <Cell value={rxText.dioptres(values.sphere)} />
              <Cell value={rxText.dioptres(values.cylinder)} />
              <Cell value={rxText.axis(values.axis)} />
              <Cell value={rxText.dioptres(values.add)} />
              <Cell value={rxText.prism(values.prism)} />
              <td>{values.prismBase ? t(`records.rx.bases.${values.prismBase}`) : t('records.dash')}</td>
              <Cell value={rxText.millimetres(values.pdDistance)} />
              <Cell value={rxText.millimetres(values.pdNear)} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A contact-lens Rx: power, base curve, diameter (and toric or multifocal values) per eye. */
export function ContactLensTable({ rx }: { rx: ContactLensRx }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const eyes = [
    ['od', rx.right],
    ['os', rx.left],
  ] as const;
  return (
    <TableScroll>
      <table className={styles.table}>
        <caption>{t('records.rx.contactLensCaption', { date: formats.date(rx.examDate) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('records.rx.eye')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.power')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.baseCurve')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.diameter')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.cylinder')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.axis')}</th>
            <th scope="col" className={styles.number}>{t('records.rx.add')}</th>
          </tr>
        </thead>
        <tbody>
          {eyes.map(([eye, values]) => (
            <tr key={eye}>
              <th scope="row">{t(`records.rx.${eye}`)}</th>
              <Cell value={rxText.dioptres(values.power)} />
              <Cell value={rxText.millimetres(values.baseCurve)} />
              <Cell value={rxText.millimetres(values.diameter)} />
              <Cell value={rxText.dioptres(values.cylinder)} />
              <Cell value={rxText.axis(values.axis)} />
              <Cell value={rxText.dioptres(values.add)} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
