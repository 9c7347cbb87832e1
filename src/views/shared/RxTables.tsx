import { useTranslation } from 'react-i18next';
import type { ContactLensRx, SpectacleRx } from '../../contract/records';
import { Badge, Ltr } from './records';
import { rxText, useFormats } from './format';
import * as styles from './records.css';
import { RowsTable } from './RowsTable';
import type { Column } from './RowsTable';

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

/**
 * One column of an Rx table: its heading (records.rx.<heading>) and each eye's value. A value is a measure (right-aligned,
 * isolated left to right) unless `words` (translated text); an empty one is the dash.
 */
type EyeColumn<Eye> = { heading: string; value: (eye: Eye) => string | null; words?: boolean };

/** A prescription's OD (right) and OS (left) rows under its columns. */
function EyesTable<Eye>({ caption, right, left, columns }: { caption: string; right: Eye; left: Eye; columns: EyeColumn<Eye>[] }) {
  const { t } = useTranslation();
  const eyes = [
    { eye: 'od', values: right },
    { eye: 'os', values: left },
  ] as const;
  return (
    <RowsTable
      className={styles.table}
      caption={caption}
      rows={eyes}
      rowKey={(row) => row.eye}
      columns={[
        { heading: t('records.rx.eye'), rowHeader: true, cell: (row) => t(`records.rx.${row.eye}`) },
        ...columns.map(({ heading, value, words }): Column<(typeof eyes)[number]> => ({
          heading: t(`records.rx.${heading}`),
          className: words ? undefined : styles.number,
          cell: (row) => {
            const text = value(row.values);
            return text === null ? t('records.dash') : words ? text : <Ltr>{text}</Ltr>;
          },
        })),
      ]}
    />
  );
}

/** A spectacle Rx in optician notation. */
export function SpectacleTable({ rx }: { rx: SpectacleRx }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const columns: EyeColumn<SpectacleRx['right']>[] = [
    { heading: 'sphere', value: (eye) => rxText.dioptres(eye.sphere) },
    { heading: 'cylinder', value: (eye) => rxText.dioptres(eye.cylinder) },
    { heading: 'axis', value: (eye) => rxText.axis(eye.axis) },
    { heading: 'add', value: (eye) => rxText.dioptres(eye.add) },
    { heading: 'prism', value: (eye) => rxText.prism(eye.prism) },
    { heading: 'base', value: (eye) => (eye.prismBase ? t(`records.rx.bases.${eye.prismBase}`) : null), words: true },
    { heading: 'pdDistance', value: (eye) => rxText.millimetres(eye.pdDistance) },
    { heading: 'pdNear', value: (eye) => rxText.millimetres(eye.pdNear) },
  ];
  return (
    <EyesTable
      caption={t('records.rx.spectacleCaption', { date: formats.date(rx.examDate) })}
      right={rx.right}
      left={rx.left}
      columns={columns}
    />
  );
}

/** A contact-lens Rx: power, base curve, diameter (and toric or multifocal values) per eye. */
export function ContactLensTable({ rx }: { rx: ContactLensRx }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const columns: EyeColumn<ContactLensRx['right']>[] = [
    { heading: 'power', value: (eye) => rxText.dioptres(eye.power) },
    { heading: 'baseCurve', value: (eye) => rxText.millimetres(eye.baseCurve) },
    { heading: 'diameter', value: (eye) => rxText.millimetres(eye.diameter) },
    { heading: 'cylinder', value: (eye) => rxText.dioptres(eye.cylinder) },
    { heading: 'axis', value: (eye) => rxText.axis(eye.axis) },
    { heading: 'add', value: (eye) => rxText.dioptres(eye.add) },
  ];
  return (
    <EyesTable
      caption={t('records.rx.contactLensCaption', { date: formats.date(rx.examDate) })}
      right={rx.right}
      left={rx.left}
      columns={columns}
    />
  );
}
