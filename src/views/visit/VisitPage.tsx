import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useAnswerVisit, useRescheduleVisit, visitQuery, visitSlotsQuery } from '../../api/visit';
import { addDays } from '../../contract/booking';
import { zonedDate } from '../../contract/zonedTime';
import { lastDayFrom, slotDays } from '../../machines/booking.machine';
import type { VisitPage as Visit } from '../../contract/visitReply';
import { translateError } from '../../i18n/apiErrors';
import { PageButton } from '../shared/publicPage/controls';
import { GuestMessage, GuestPage } from '../shared/publicPage/GuestPage';
import * as publicStyles from '../shared/publicPage/publicPage.css';
import { ScreenTitle } from '../shared/publicPage/ScreenTitle';
import { useFormats } from '../shared/format';
import { SlotStep } from '../shared/SlotStep';
import { Alert } from '../ui/Alert';
import { Spinner } from '../ui/Spinner';
import * as styles from './visit.css';

/**
 * /visit/{key} (guest): the page the appointment reminder links to. The visit (store, time in the store's zone,
 * type, provider) and Confirm / Cancel / Choose another time as the server allows them (the server's `canConfirm`,
 * `canCancel` and `canReschedule`: the store's notice and online rules are the server's, never the page's). It opens in the patient's language
 * unless the reader picked one here.
 */
export function VisitPage({ visitKey }: { visitKey: string }) {
  return (
    <GuestPage>
      <VisitScreen visitKey={visitKey} />
    </GuestPage>
  );
}

export function VisitScreen({ visitKey }: { visitKey: string }) {
  const { t, i18n } = useTranslation();
  const visit = useQuery(visitQuery(visitKey));
  // The patient's language, once, when the reader has not chosen one on this device.
  const languageSet = useRef(false);
  useEffect(() => {
    if (languageSet.current || !visit.data) return;
    languageSet.current = true;
    if (!localStorage.getItem('language') && i18n.language !== visit.data.language) void i18n.changeLanguage(visit.data.language);
  }, [visit.data, i18n]);
  if (visit.isPending) {
    return (
      <div className={publicStyles.centered}>
        <Spinner label={t('visit.loading')} />
      </div>
    );
  }
  if (visit.isError) {
    const status = visit.error instanceof ApiError ? visit.error.status : 0;
    if (status === 410) return <GuestMessage title={t('eformPublic.expiredTitle')} text={t('apiErrors.visit.linkExpired')} />;
    if (status === 404 || status === 400) return <GuestMessage title={t('visit.notFoundTitle')} text={t('apiErrors.visit.linkNotFound')} />;
    return (
      <div className={publicStyles.centered}>
        <ScreenTitle>{t('visit.title')}</ScreenTitle>
        <Alert>{translateError(i18n, visit.error)}</Alert>
      </div>
    );
  }
  return <VisitCard visitKey={visitKey} visit={visit.data} />;
}

function VisitCard({ visitKey, visit }: { visitKey: string; visit: Visit }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const [note, setNote] = useState<'confirmed' | 'cancelled' | 'alreadyConfirmed' | 'alreadyCancelled' | 'moved' | null>(null);
  const [askCancel, setAskCancel] = useState(false);
  // Choosing another time: the first day shown (the store's today, then a week at a time).
  const today = zonedDate(new Date(), visit.timeZone);
  const [movingFrom, setMovingFrom] = useState<string | null>(null);
  const move = useRescheduleVisit(visitKey, {
    onSuccess: () => {
      setMovingFrom(null);
      setNote('moved');
    },
  });
  const answer = useAnswerVisit(visitKey, {
    onSuccess: (done, action) => {
      setAskCancel(false);
      setNote(action === 'confirm' ? (done.already ? 'alreadyConfirmed' : 'confirmed') : done.already ? 'alreadyCancelled' : 'cancelled');
    },
    onError: () => setAskCancel(false),
  });
  const questionId = useId();
  const phone = visit.storePhone.replace(/[^\d+]/g, '');
  const type = t(`records.appointments.types.${visit.type}`);
  if (movingFrom !== null && visit.canReschedule) {
    return (
      <div className={styles.card}>
        <ScreenTitle>{t('visit.reschedule')}</ScreenTitle>
        {move.isError && <Alert>{translateError(i18n, move.error)}</Alert>}
        <SlotStep
          slotsQuery={visitSlotsQuery(visitKey, { from: movingFrom, to: lastDayFrom(movingFrom) })}
          from={movingFrom}
          to={lastDayFrom(movingFrom)}
          canGoEarlier={addDays(movingFrom, -slotDays) >= today}
          step={<p className={publicStyles.text}>{t('visit.rescheduleIntro', { type })}</p>}
          back={
            <PageButton variant="secondary" onPress={() => setMovingFrom(null)}>
              {t('visit.keepTime')}
            </PageButton>
          }
          onDays={(days) => setMovingFrom(addDays(movingFrom, days))}
          onChoose={(slot) => move.mutate({ providerId: slot.providerId, startsAt: slot.startsAt })}
        />
      </div>
    );
  }
  return (
    <div className={styles.card}>
      <ScreenTitle>{t('visit.title')}</ScreenTitle>
      <p className={publicStyles.text} role="status">
        {note ? t(`visit.done.${note}`) : t(`visit.states.${visit.state}`)}
      </p>
      {answer.isError && <Alert>{translateError(i18n, answer.error)}</Alert>}
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('visit.type')}</dt>
        <dd className={styles.definition}>{type}</dd>
        <dt className={styles.term}>{t('visit.when')}</dt>
        <dd className={styles.definition}>{formats.dateTime(visit.startsAt, visit.timeZone, 'full')}</dd>
        <dt className={styles.term}>{t('visit.store')}</dt>
        <dd className={styles.definition}>
          <bdi>{visit.storeName}</bdi>
          {visit.storeAddress && (
            <>
              <br />
              <bdi>{visit.storeAddress}</bdi>
            </>
          )}
        </dd>
        <dt className={styles.term}>{t('visit.provider')}</dt>
        <dd className={styles.definition}>
          <bdi>{visit.providerName}</bdi>
        </dd>
      </dl>
      <p className={publicStyles.muted}>{t('visit.zoneNote', { zone: visit.timeZone })}</p>
      {visit.state !== 'cancelled' && visit.cancelNoticeHours !== null && (
        <p className={publicStyles.muted}>{t('visit.cancelNotice', { count: visit.cancelNoticeHours })}</p>
      )}
      {visit.state !== 'cancelled' && !visit.canCancel && <p className={publicStyles.muted}>{t('visit.cancelClosed')}</p>}
      {askCancel ? (
        <div role="group" aria-labelledby={questionId} className={publicStyles.form}>
          <p id={questionId} className={publicStyles.text}>
            {t('visit.cancelQuestion')}
          </p>
          <div className={publicStyles.actions}>
            <PageButton variant="secondary" onPress={() => setAskCancel(false)}>
              {t('visit.keep')}
            </PageButton>
            <PageButton pending={answer.isPending} onPress={() => answer.mutate('cancel')}>
              {t('visit.cancelYes')}
            </PageButton>
          </div>
        </div>
      ) : (
        (visit.canConfirm || visit.canCancel || visit.canReschedule) && (
          <div className={publicStyles.actions}>
            {visit.canReschedule && (
              <PageButton variant="secondary" onPress={() => (move.reset(), setNote(null), setMovingFrom(today))}>
                {t('visit.reschedule')}
              </PageButton>
            )}
            {visit.canCancel && (
              <PageButton variant="secondary" onPress={() => setAskCancel(true)}>
                {t('visit.cancel')}
              </PageButton>
            )}
            {visit.canConfirm && (
              <PageButton pending={answer.isPending} onPress={() => answer.mutate('confirm')}>
                {t('visit.confirm')}
              </PageButton>
            )}
          </div>
        )
      )}
      {phone && (
        <p className={publicStyles.text}>
          <a href={`tel:${phone}`}>{t('visit.call')}</a>{' '}
          <bdi dir="ltr">{visit.storePhone}</bdi>
        </p>
      )}
    </div>
  );
}
