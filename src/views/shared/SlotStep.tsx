import type { ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FreeSlot, FreeSlots } from '../../contract/booking';
import { slotDays } from '../../machines/booking.machine';
import { Button } from '../ui/Button';
import { useFormats } from './format';
import { QueryView } from './records';
import * as styles from './records.css';

/** The free slots of the days shown, by day, each a button; also the public booking page's slot step. */
export function SlotStep<Key extends readonly unknown[]>({
  slotsQuery,
  from,
  to,
  canGoEarlier,
  step,
  back,
  onDays,
  onChoose,
}: {
  /** The slots of the days shown, `from` to `to`. */
  slotsQuery: UseQueryOptions<FreeSlots, Error, FreeSlots, Key>;
  from: string;
  to: string;
  canGoEarlier: boolean;
  step: ReactNode;
  back: ReactNode;
  onDays: (days: number) => void;
  onChoose: (slot: FreeSlot) => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const slots = useQuery(slotsQuery);
  const query = { from, to };
  return (
    <div className={styles.form}>
      {step}
      <h3 className={styles.heading}>{t('booking.slotsTitle')}</h3>
      <p className={styles.muted}>{t('booking.days', { from: formats.date(query.from), to: formats.date(query.to) })}</p>
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled={!canGoEarlier} onPress={() => onDays(-slotDays)}>
          {t('booking.earlierDays')}
        </Button>
        <Button variant="secondary" onPress={() => onDays(slotDays)}>
          {t('booking.laterDays')}
        </Button>
      </div>
      <QueryView query={slots}>
        {({ slots: free }) => {
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
        }}
      </QueryView>
      <div className={styles.actions}>{back}</div>
    </div>
  );
}
