import { useState } from 'react';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useGuestBookingActor } from '../../actors/guestBooking';
import { ApiError } from '../../api/http';
import { fetchGuestSlots, fetchGuestStore, useGuestRead, type GuestRead } from '../../api/guestBooking';
import { addDays, type FreeSlot, type GuestBookingStore, type GuestSlotsQuery } from '../../contract/booking';
import type { AppointmentType } from '../../contract/records';
import { translateApiError, translateError } from '../../i18n/apiErrors';
import { I18nextPageTexts } from '../../i18n/I18nextPageTexts';
import { lastDayFrom, slotDays } from '../../machines/guestBooking.machine';
import { SelectField } from '../shared/fields';
import { FormName } from '../shared/formName';
import { SlotGone, VisitBooked } from '../shared/BookingOutcome';
import { SlotStepView } from '../shared/SlotStepView';
import { useFormats } from '../shared/format';
import { LanguageButtons } from '../shared/publicPage/controls';
import * as publicStyles from '../shared/publicPage/publicPage.css';
import * as styles from '../shared/records.css';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { CodeStep, DetailsStep } from './GuestPersonSteps';

/**
 * /{company}/{store}/book (guest, drawn without the shell): a new patient books a first visit. The guestBooking
 * machine's steps: the visit type (with its length) and optionally the provider, a free slot, the person's details
 * (the kiosk sign-up's fields), the one-time code sent to their email or phone, and the confirmation. A store that
 * takes no new patients online says so, and a person the store may already know is sent to sign in or call.
 */
export function GuestBookingPage({ company, store }: { company: string; store: string }) {
  return (
    <I18nextPageTexts>
      <div className={publicStyles.page}>
        <header className={publicStyles.header}>
          <LanguageButtons />
        </header>
        <main className={publicStyles.main}>
          <GuestBooking company={company} store={store} />
        </main>
      </div>
    </I18nextPageTexts>
  );
}

const signInHref = (company: string, store: string) => `/${encodeURIComponent(company)}/${encodeURIComponent(store)}`;

function GuestBooking({ company, store }: { company: string; store: string }) {
  const { t, i18n } = useTranslation();
  const found = useGuestRead(`${company}/${store}`, (signal) => fetchGuestStore(company, store, signal));
  if (found.status === 'pending') {
    return (
      <div className={publicStyles.centered}>
        <Spinner label={t('guestBooking.loading')} />
      </div>
    );
  }
  if (found.status === 'error') {
    const status = found.error instanceof ApiError ? found.error.status : 0;
    return (
      <section className={publicStyles.card} aria-labelledby="guest-booking-title">
        <h1 id="guest-booking-title" className={publicStyles.title}>
          {status === 404 ? t('notFound.title') : t('guestBooking.refusedTitle')}
        </h1>
        <Alert>{status === 404 ? t('errors.unknownPortal') : translateError(i18n, found.error)}</Alert>
        {status === 409 && (
          <Link href={signInHref(company, store)} className={styles.link}>
            {t('guestBooking.signIn')}
          </Link>
        )}
      </section>
    );
  }
  const info = found.data;
  return (
    <section className={publicStyles.card} aria-labelledby="guest-booking-title">
      <p className={publicStyles.muted}>
        <bdi>{info.companyName}</bdi> · <bdi>{info.storeName}</bdi>
      </p>
      <h1 id="guest-booking-title" className={publicStyles.title}>
        {t('guestBooking.title')}
      </h1>
      <p className={publicStyles.text}>{t('guestBooking.intro', { store: info.storeName })}</p>
      <Steps company={company} store={store} info={info} />
    </section>
  );
}

function Steps({ company, store, info }: { company: string; store: string; info: GuestBookingStore }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const actor = useGuestBookingActor(company, store);
  const state = useSelector(actor, (s) => s);
  const { type, providerId, from, slot, nextSlots, error, booked, codeSent, person } = state.context;
  const typeName = (visit: AppointmentType) => t(`records.appointments.types.${visit}`);
  const step = (n: number) => <p className={styles.muted}>{t('guestBooking.step', { step: n })}</p>;
  const back = (
    <Button variant="secondary" onPress={() => actor.send({ type: 'guest.back' })}>
      {t('booking.back')}
    </Button>
  );
  const summary = (s: FreeSlot) =>
    t('booking.summary', { type: typeName(type!), store: info.storeName, when: formats.dateTime(s.startsAt, info.timeZone, 'full'), provider: s.providerName });
  const refusal = error && translateApiError(i18n, error.code ? { error: error.message ?? '', code: error.code, params: error.params } : null, t('errors.unexpected'));

  if (state.matches('type')) return <TypeStep info={info} step={step(1)} onChoose={(visit, provider) => actor.send({ type: 'guest.chooseType', visitType: visit, providerId: provider })} />;
  if (state.matches('slot'))
    return (
      <GuestSlots
        company={company}
        store={store}
        query={{ type: type!, from, to: lastDayFrom(from), ...(providerId ? { providerId } : {}) }}
        from={from}
        to={lastDayFrom(from)}
        canGoEarlier={state.can({ type: 'guest.days', from: addDays(from, -slotDays) })}
        step={step(2)}
        back={back}
        onDays={(days) => actor.send({ type: 'guest.days', from: addDays(from, days) })}
        onChoose={(chosen) => actor.send({ type: 'guest.chooseSlot', slot: chosen })}
      />
    );
  if (state.matches('details') || state.matches('sendingCode'))
    return (
      <DetailsStep
        step={step(3)}
        chosen={slot ? summary(slot) : ''}
        initial={person}
        refusal={refusal}
        likelyExisting={error?.code === 'booking.likelyExisting' ? signInHref(company, store) : null}
        isSending={state.hasTag('busy')}
        back={back}
        onSubmit={(values) => actor.send({ type: 'guest.details', person: values })}
      />
    );
  if (state.matches('code'))
    return (
      <CodeStep
        key={codeSent?.destination}
        step={step(4)}
        chosen={slot ? summary(slot) : ''}
        destination={codeSent?.destination ?? ''}
        refusal={refusal}
        isConfirming={state.hasTag('busy')}
        back={back}
        onResend={() => actor.send({ type: 'guest.resend' })}
        onSubmit={(code) => actor.send({ type: 'guest.code', code })}
      />
    );
  if (state.matches('expired'))
    return (
      <div className={styles.form}>
        <h2 className={styles.heading}>{t('guestBooking.expiredTitle')}</h2>
        <Alert>{t('guestBooking.expiredText')}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => actor.send({ type: 'guest.resend' })}>{t('guestBooking.resend')}</Button>
          {back}
        </div>
      </div>
    );
  if (state.matches('slotGone'))
    return <SlotGone heading="h2" nextSlots={nextSlots} timeZone={info.timeZone} onChoose={(s) => actor.send({ type: 'guest.chooseSlot', slot: s })} onBack={() => actor.send({ type: 'guest.back' })} />;
  if (state.matches('confirmed') && booked) {
    const { appointment: visit, forms } = booked;
    return (
      <VisitBooked heading="h2" visit={visit}>
        <p>{t('guestBooking.confirmedText')}</p>
        {forms.length > 0 && (
          <section aria-labelledby="booked-forms">
            <h3 id="booked-forms" className={styles.heading}>
              {t('booking.formsTitle')}
            </h3>
            <p>{t('guestBooking.formsSent')}</p>
            <ul className={styles.timeline}>
              {forms.map((form) => (
                <li key={form.id}>
                  <FormName name={form.name} names={form.names} /> {t('booking.formsFillBy', { date: formats.dayOf(form.expiresAt, visit.timeZone) })}
                </li>
              ))}
            </ul>
          </section>
        )}
      </VisitBooked>
    );
  }
  return null;
}

function TypeStep({ info, step, onChoose }: { info: GuestBookingStore; step: ReactNode; onChoose: (type: AppointmentType, providerId: string | null) => void }) {
  const { t } = useTranslation();
  const [providerId, setProviderId] = useState('');
  return (
    <div className={styles.form}>
      {step}
      <SelectField
        label={t('booking.provider')}
        name="provider"
        value={providerId}
        onChange={setProviderId}
        options={[{ value: '', label: t('booking.anyProvider') }, ...info.providers.map((p) => ({ value: p.id, label: p.name, dir: 'auto' as const }))]}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('booking.typeLegend')}</legend>
        <div className={styles.actions}>
          {info.types.map(({ type, minutes }) => (
            <Button key={type} variant="secondary" onPress={() => onChoose(type, providerId || null)}>
              {t('guestBooking.typeMinutes', { type: t(`records.appointments.types.${type}`), minutes })}
            </Button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** The slot step with the slots read for the days shown (again each time it shows: a slot taken since is gone). */
function GuestSlots({
  company,
  store,
  query,
  ...view
}: { company: string; store: string; query: GuestSlotsQuery } & Omit<Parameters<typeof SlotStepView>[0], 'list'>) {
  const key = `${query.type}/${query.from}/${query.to}/${query.providerId ?? ''}`;
  const slots = useGuestRead(key, (signal) => fetchGuestSlots(company, store, query, signal));
  return <SlotStepView {...view} list={(draw) => <GuestReadView read={slots}>{({ slots: free }) => draw(free)}</GuestReadView>} />;
}

/** Loading, failed (with Try again) or the data, as the signed-in pages' QueryView says it. */
function GuestReadView<T>({ read, children }: { read: GuestRead<T>; children: (data: T) => ReactNode }) {
  const { t, i18n } = useTranslation();
  if (read.status === 'pending') {
    return (
      <div className={styles.state}>
        <Spinner label={t('records.loading')} />
        <p className={styles.muted} aria-hidden="true">
          {t('records.loading')}
        </p>
      </div>
    );
  }
  if (read.status === 'error') {
    const error = read.error;
    const message = error instanceof ApiError && error.status < 500 && error.body ? translateError(i18n, error) : undefined;
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.heading}>{t('records.loadFailed')}</p>
        <p className={styles.muted}>{message ?? t('records.loadFailedHint')}</p>
        <Button variant="secondary" onPress={read.retry}>
          {t('records.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(read.data)}</>;
}
