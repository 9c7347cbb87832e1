import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FreeSlot } from '../../contract/booking';
import { slotDays } from '../../machines/booking.machine';
import { Button } from '../ui/Button';
import { useFormats } from './format';
import * as styles from './records.css';

/**
 * The free slots of the days shown, by day, each a button: the patient's booking (./SlotStep.tsx, its query) and the
 * public booking page (its own read, without TanStack Query) draw it. `list` draws the read's loading or failure,
 * or the slots through `draw`.
 */
export function SlotStepView({
  from,
  to,
  canGoEarlier,
  step,
  back,
  onDays,
  onChoose,
  list,
}: {
  from: string;
  to: string;
  canGoEarlier: boolean;
  step: ReactNode;
  back: ReactNode;
  onDays: (days: number) => void;
  onChoose: (slot: FreeSlot) => void;
  list: (draw: (free: readonly FreeSlot[]) => ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const draw = (free: readonly FreeSlot[]) => {
    const days = [...new Set(free.map((s) => s.localDate))];
    return (
      <>
        <p className={styles.muted} aria-live="polite">
          {free.length ? t('booking.slotsCount', { count: free.length }) : t('booking.noSlots')}
        </p>
        {days.map((day) => (
          <section key={day} aria-label={formats.date(day)} className={styles.fieldset}>
            <h4 className={styles.legend}>{formats.date(day)}</h4>
            <div className={styles.actions}>
              {free
                .filter((s) => s.localDate === day)
                .map((s) => (
                  <Button
                    key={`${s.startsAt}-${s.providerId}`}
                    variant="secondary"
                    aria-label={`${formats.date(day)}, ${t('booking.slotLabel', { time: s.localTime, provider: s.providerName })}`}
                    onPress={() => onChoose(s)}
                  >
                    <bdi>{s.localTime}</bdi>
                  </Button>
                ))}
            </div>
          </section>
        ))}
        <p className={styles.muted}>{t('booking.zone')}</p>
      </>
    );
  };
  return (
    <div className={styles.form}>
      {step}
      <h3 className={styles.heading}>{t('booking.slotsTitle')}</h3>
      <p className={styles.muted}>{t('booking.days', { from: formats.date(from), to: formats.date(to) })}</p>
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled={!canGoEarlier} onPress={() => onDays(-slotDays)}>
          {t('booking.earlierDays')}
        </Button>
        <Button variant="secondary" onPress={() => onDays(slotDays)}>
          {t('booking.laterDays')}
        </Button>
      </div>
      {list(draw)}
      <div className={styles.actions}>{back}</div>
    </div>
  );
}
