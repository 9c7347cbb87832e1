import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ContactLensRx, PatientProfile, SpectacleRx } from '../../../contract/records';
import { useFormats } from '../../shared/format';
import { ContactLensTable, SpectacleTable } from '../../shared/RxTables';
import { slip } from './rxSlip.css';

/** The printable slip of one Rx (print CSS): the store, the patient, the prescription, the prescriber. */
export function RxSlip({ rx, patient }: { rx: SpectacleRx | ContactLensRx; patient: PatientProfile }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return createPortal(
    <article className={slip} aria-hidden="true">
      <h1>
        <bdi>{rx.storeName}</bdi>
      </h1>
      <dl>
        <dt>{t('patientChart.slip.patient')}</dt>
        <dd>
          <bdi>{t('patientChart.name', { first: patient.firstName, last: patient.lastName })}</bdi>
        </dd>
        <dt>{t('patientChart.slip.dateOfBirth')}</dt>
        <dd>{formats.date(patient.dateOfBirth)}</dd>
        <dt>{t('records.rx.examDate')}</dt>
        <dd>{formats.date(rx.examDate)}</dd>
        <dt>{t('records.rx.expiresOn')}</dt>
        <dd>{formats.date(rx.expiresOn)}</dd>
        <dt>{t('records.rx.prescriber')}</dt>
        <dd>
          <bdi>{rx.prescriber}</bdi>
        </dd>
        {'brand' in rx && (
          <>
            <dt>{t('records.rx.brand')}</dt>
            <dd>{[rx.brand, rx.manufacturer].filter(Boolean).join(' · ')}</dd>
          </>
        )}
      </dl>
      {'brand' in rx ? <ContactLensTable rx={rx} /> : <SpectacleTable rx={rx} />}
      {rx.notes && <p>{rx.notes}</p>}
    </article>,
    document.body,
  );
}
