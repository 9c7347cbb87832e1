import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookedVisit, FreeSlot } from '../../contract/booking';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { useFormats } from './format';
import * as styles from './records.css';

type Heading = 'h2' | 'h3';

/**
 * The end of a booking, the patient's ('Book a visit') and the public page's alike: the time went meanwhile (the
 * next free ones to choose, or another day), or the visit is booked (its summary; `children` says what follows).
 */
export function SlotGone({ heading: H, nextSlots, timeZone, onChoose, onBack }: { heading: Heading; nextSlots: FreeSlot[]; timeZone: string | undefined; onChoose: (slot: FreeSlot) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div className={styles.form}>
      <H className={styles.heading}>{t('booking.slotGoneTitle')}</H>
      <Alert>{nextSlots.length ? t('booking.slotGoneText') : t('booking.noNextSlots')}</Alert>
      <div className={styles.actions}>
        {nextSlots.map((s) => (
          <Button key={`${s.startsAt}-${s.providerId}`} variant="secondary" onPress={() => onChoose(s)}>
            {formats.dateTime(s.startsAt, timeZone, 'medium')}
          </Button>
        ))}
        <Button variant="secondary" onPress={onBack}>
          {t('booking.chooseAnother')}
        </Button>
      </div>
    </div>
  );
}

export function VisitBooked({ heading: H, visit, children }: { heading: Heading; visit: BookedVisit['appointment']; children: ReactNode }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div className={styles.form} role="status">
      <H className={styles.heading}>{t('booking.confirmedTitle')}</H>
      <p>
        {t('booking.summary', {
          type: t(`records.appointments.types.${visit.type}`),
          store: visit.storeName,
          when: formats.dateTime(visit.startsAt, visit.timeZone, 'full'),
          provider: visit.providerName,
        })}
      </p>
      <p className={styles.muted}>{t('booking.zone')}</p>
      {children}
    </div>
  );
}
