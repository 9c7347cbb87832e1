import { useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useBookingActor } from '../../actors/booking';
import { bookingStoresQuery, freeSlotsQuery } from '../../api/booking';
import { addDays, type BookingStore, type FreeSlot } from '../../contract/booking';
import type { AppointmentType } from '../../contract/records';
import { translateApiError } from '../../i18n/apiErrors';
import { lastDayFrom, slotDays } from '../../machines/booking.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { SlotGone, VisitBooked } from '../shared/BookingOutcome';
import { SelectField } from '../shared/fields';
import { FormName } from '../shared/formName';
import { SlotStep } from '../shared/SlotStep';
import { useFormats } from '../shared/format';
import { QueryView } from '../shared/records';
import * as styles from '../shared/records.css';

/** 'Book a visit' on the patient's appointments page: the booking machine's steps, each a screen of its own. */
export function BookVisit({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const stores = useQuery(bookingStoresQuery(tenantId));
  return (
    <section className={styles.card} aria-labelledby="book-visit-title">
      <h2 id="book-visit-title" className={styles.heading}>
        {t('booking.title')}
      </h2>
      <QueryView query={stores}>
        {({ stores: list }) =>
          list.length === 0 ? (
            <>
              <Alert>{t('booking.noStores')}</Alert>
              <div className={styles.actions}>
                <Button variant="secondary" onPress={onClose}>
                  {t('booking.close')}
                </Button>
              </div>
            </>
          ) : (
            <Steps tenantId={tenantId} stores={list} onClose={onClose} />
          )
        }
      </QueryView>
    </section>
  );
}

function Steps({ tenantId, stores, onClose }: { tenantId: string; stores: BookingStore[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const actor = useBookingActor(tenantId);
  const state = useSelector(actor, (s) => s);
  const { type, storeId, providerId, from, slot, nextSlots, error, booked } = state.context;
  const store = stores.find((s) => s.id === storeId);
  const typeName = (visit: AppointmentType) => t(`records.appointments.types.${visit}`);
  const back = (
    <Button variant="secondary" onPress={() => actor.send({ type: 'booking.back' })}>
      {t('booking.back')}
    </Button>
  );
  const step = (n: number) => <p className={styles.muted}>{t('booking.step', { step: n })}</p>;
  const summary = (s: FreeSlot) =>
    t('booking.summary', { type: typeName(type!), store: store?.name ?? '', when: formats.dateTime(s.startsAt, store?.timeZone, 'full'), provider: s.providerName });

  if (state.matches('type')) {
    const offered = [...new Set(stores.flatMap((s) => s.types.map((x) => x.type)))];
    return (
      <fieldset className={styles.fieldset}>
        {step(1)}
        <legend className={styles.legend}>{t('booking.typeLegend')}</legend>
        <div className={styles.actions}>
          {offered.map((visit) => (
            <Button key={visit} variant="secondary" onPress={() => actor.send({ type: 'booking.chooseType', visitType: visit })}>
              {typeName(visit)}
            </Button>
          ))}
          <Button variant="secondary" onPress={onClose}>
            {t('booking.close')}
          </Button>
        </div>
      </fieldset>
    );
  }
  if (state.matches('store')) return <StoreStep stores={stores.filter((s) => s.types.some((x) => x.type === type))} step={step(2)} back={back} onChoose={(id, provider) => actor.send({ type: 'booking.chooseStore', storeId: id, providerId: provider })} />;
  if (state.matches('slot'))
    return (
      <SlotStep
        slotsQuery={freeSlotsQuery(tenantId, { locationId: storeId!, type: type!, from, to: lastDayFrom(from), ...(providerId ? { providerId } : {}) })}
        from={from}
        to={lastDayFrom(from)}
        canGoEarlier={state.can({ type: 'booking.days', from: addDays(from, -slotDays) })}
        step={step(3)}
        back={back}
        onDays={(days) => actor.send({ type: 'booking.days', from: addDays(from, days) })}
        onChoose={(chosen) => actor.send({ type: 'booking.chooseSlot', slot: chosen })}
      />
    );
  if (state.matches('slotGone'))
    return <SlotGone heading="h3" nextSlots={nextSlots} timeZone={store?.timeZone} onChoose={(s) => actor.send({ type: 'booking.chooseSlot', slot: s })} onBack={() => actor.send({ type: 'booking.back' })} />;
  if (state.matches('confirmed') && booked) {
    const { appointment: visit, forms } = booked;
    return (
      <VisitBooked heading="h3" visit={visit}>
        {forms.length > 0 && (
          <section aria-labelledby="booked-forms">
            <h4 id="booked-forms" className={styles.heading}>
              {t('booking.formsTitle')}
            </h4>
            <ul className={styles.timeline}>
              {forms.map((form) => (
                <li key={form.id}>
                  <Link href={`/patient/forms/${form.id}`} className={styles.link}>
                    <FormName name={form.name} names={form.names} />
                  </Link>{' '}
                  {t('booking.formsFillBy', { date: formats.dayOf(form.expiresAt, visit.timeZone) })}
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className={styles.actions}>
          <Button onPress={onClose}>{t('booking.done')}</Button>
        </div>
      </VisitBooked>
    );
  }
  // confirm, booking and failed: the chosen slot and Book it.
  return (
    <div className={styles.form}>
      {step(4)}
      <h3 className={styles.heading}>{t('booking.confirmTitle')}</h3>
      {slot && <p>{summary(slot)}</p>}
      <p className={styles.muted}>{t('booking.zone')}</p>
      {state.matches('failed') && error && <Alert>{translateApiError(i18n, error.code ? { error: error.message ?? '', code: error.code, params: error.params } : null, t('errors.unexpected'))}</Alert>}
      <div className={styles.actions}>
        <Button isPending={state.hasTag('busy')} onPress={() => actor.send({ type: 'booking.confirm' })}>
          {t('booking.confirm')}
        </Button>
        {back}
      </div>
    </div>
  );
}

function StoreStep({ stores, step, back, onChoose }: { stores: BookingStore[]; step: ReactNode; back: ReactNode; onChoose: (storeId: string, providerId: string | null) => void }) {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState(stores[0]?.id ?? '');
  const [providerId, setProviderId] = useState('');
  const store = stores.find((s) => s.id === storeId);
  return (
    <div className={styles.form}>
      {step}
      <div className={styles.fields}>
        <SelectField
          label={t('booking.store')}
          name="store"
          value={storeId}
          onChange={(id) => {
            setStoreId(id);
            setProviderId('');
          }}
          options={stores.map((s) => ({ value: s.id, label: s.name, dir: 'auto' as const }))}
        />
        <SelectField
          label={t('booking.provider')}
          name="provider"
          value={providerId}
          onChange={setProviderId}
          options={[{ value: '', label: t('booking.anyProvider') }, ...(store?.providers ?? []).map((p) => ({ value: p.id, label: p.name, dir: 'auto' as const }))]}
        />
      </div>
      <div className={styles.actions}>
        <Button isDisabled={!store} onPress={() => onChoose(storeId, providerId || null)}>
          {t('booking.next')}
        </Button>
        {back}
      </div>
    </div>
  );
}
