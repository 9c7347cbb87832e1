import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { generalSettingsQuery, storesOverviewQuery, useAddStore } from '../../../api/generalSettings';
import { defaultCurrency, weekdays } from '../../../contract/generalSettings';
import type { StoreOverview } from '../../../contract/storesAdmin';
import { translateError } from '../../../i18n/apiErrors';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../shared/useTenant';
import { StoreDetailsForm } from '../general/StoreDetailsForm';
import { useSettingsFields } from '../general/fieldErrors';
import * as styles from '../general/generalSettings.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { useSnackbarActor } from '../../ui/shellActors';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useOneAtATime } from '../../ui/useOneAtATime';

/**
 * /admin/stores (admins; the toolbar's store button): the company's stores with their details, sign-in address,
 * registers and kiosk devices; a new store (its sign-in address /{company}/{store} and two registers come with
 * it); a store's details edited in place (the general settings' store group).
 */
export function StoresPage() {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const overview = useQuery(storesOverviewQuery(tenantId));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('storesAdmin.title')}
      </h1>
      <div className={styles.bar}>
        <Button onPress={() => setAdding(true)} isDisabled={adding}>
          {t('storesAdmin.add.open')}
        </Button>
        <Link href="/admin/settings/general/all" className={styles.link}>
          {t('storesAdmin.settingsLink')}
        </Link>
      </div>
      {adding && overview.data && <AddStoreForm companySlug={overview.data.companySlug} onDone={() => setAdding(false)} />}
      {overview.isPending ? (
        <Spinner label={t('storesAdmin.loading')} />
      ) : overview.isError ? (
        <Alert>{translateError(i18n, overview.error)}</Alert>
      ) : (
        <ul className={styles.cards}>
          {overview.data.stores.map((store) => (
            <li key={store.id}>
              <StoreCard store={store} editing={editing === store.id} onEdit={(on) => setEditing(on ? store.id : null)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StoreCard({ store, editing, onEdit }: { store: StoreOverview; editing: boolean; onEdit: (on: boolean) => void }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const settings = useQuery({ ...generalSettingsQuery(tenantId), enabled: editing });
  const details = settings.data?.stores.find((s) => s.id === store.id);
  return (
    <article className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {store.name}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('storesAdmin.address')}</dt>
        <dd>{store.address ? <bdi>{store.address}</bdi> : t('storesAdmin.none')}</dd>
        <dt>{t('storesAdmin.phone')}</dt>
        <dd>
          <bdi dir="ltr">{store.phone || t('storesAdmin.none')}</bdi>
        </dd>
        <dt>{t('storesAdmin.timeZone')}</dt>
        <dd>
          <bdi dir="ltr">{store.timeZone}</bdi>
        </dd>
        <dt>{t('storesAdmin.currency')}</dt>
        <dd>
          <bdi dir="ltr">{store.currency}</bdi>
        </dd>
        <dt>{t('storesAdmin.taxNumber')}</dt>
        <dd>{store.taxNumber ? <bdi dir="ltr">{store.taxNumber}</bdi> : t('storesAdmin.none')}</dd>
        <dt>{t('storesAdmin.signIn')}</dt>
        <dd>
          {store.signInPaths.map((path) => (
            <Link key={path} href={path} className={styles.link} target="_blank" rel="noopener">
              <bdi dir="ltr">{path}</bdi>
            </Link>
          ))}
        </dd>
      </dl>
      <h3 className={styles.legend}>{t('storesAdmin.hours')}</h3>
      <dl className={styles.facts}>
        {weekdays.map((day) => {
          const hours = store.hours[day];
          return (
            <div key={day} style={{ display: 'contents' }}>
              <dt>{t(`generalSettings.weekdays.${day}`)}</dt>
              <dd>{hours ? <bdi dir="ltr">{`${hours.opens}–${hours.closes}`}</bdi> : t('storesAdmin.closed')}</dd>
            </div>
          );
        })}
      </dl>
      <h3 className={styles.legend}>{t('storesAdmin.registers')}</h3>
      <ul className={styles.list}>
        {store.registers.map((r) => (
          <li key={r.id}>
            {r.name} · {t(r.open ? 'storesAdmin.registerOpen' : 'storesAdmin.registerClosed')}
          </li>
        ))}
      </ul>
      <h3 className={styles.legend}>{t('storesAdmin.kiosks')}</h3>
      {store.kiosks.length === 0 ? (
        <p className={styles.muted}>{t('storesAdmin.noKiosks')}</p>
      ) : (
        <ul className={styles.list}>
          {store.kiosks.map((k) => (
            <li key={k.id}>
              {k.displayName} (<bdi dir="ltr">{k.email}</bdi>){k.active ? '' : ` · ${t('storesAdmin.deactivated')}`}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        details ? (
          <>
            <StoreDetailsForm store={details} onSaved={() => onEdit(false)} />
            <div className={styles.actions}>
              <Button variant="secondary" onPress={() => onEdit(false)}>
                {t('storesAdmin.cancel')}
              </Button>
            </div>
          </>
        ) : (
          <Spinner label={t('storesAdmin.loading')} />
        )
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => onEdit(true)} aria-label={t('storesAdmin.editOf', { name: store.name })}>
            {t('storesAdmin.edit')}
          </Button>
          <Link href={`/admin/settings/general/all/${store.id}`} className={styles.link}>
            {t('storesAdmin.allSettings')}
          </Link>
        </div>
      )}
    </article>
  );
}

function AddStoreForm({ companySlug, onDone }: { companySlug: string; onDone: () => void }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const titleId = useId();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [timeZone, setTimeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [currency, setCurrency] = useState<string>(defaultCurrency);
  const [taxRate, setTaxRate] = useState('0');
  const mutation = useAddStore(tenantId, {
    onSuccess: () => {
      snackbar.send(savedSnackbar(t('storesAdmin.add.done', { name })));
      onDone();
    },
  });
  const { fields, formRef } = useSettingsFields(mutation.error);
  const { summary } = useErrorSummary({
    error: mutation.error,
    fields,
    labels: {
      name: t('generalSettings.fields.name'),
      slug: t('storesAdmin.add.slug'),
      address: t('generalSettings.fields.address'),
      phone: t('generalSettings.fields.phone'),
      timeZone: t('generalSettings.fields.timeZone'),
      currency: t('generalSettings.fields.currency'),
      taxRateBp: t('storesAdmin.add.taxRate'),
    },
    title: t('generalSettings.fixFields'),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rate = Number(taxRate.replace(',', '.'));
    const taxRateBp = taxRate.trim() === '' || !Number.isFinite(rate) ? Number.NaN : Math.round(rate * 100);
    once((done) => mutation.mutate({ name, slug, address, phone, timeZone, currency, taxRateBp }, { onSettled: done }));
  };
  return (
    <Form className={styles.panel} onSubmit={submit} validationBehavior="aria" validationErrors={fields} ref={formRef} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('storesAdmin.add.title')}
      </h2>
      <p className={styles.muted}>{t('storesAdmin.add.hint', { address: `/${companySlug}/${slug || '…'}` })}</p>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.grid}>
        <TextField name="name" label={t('generalSettings.fields.name')} value={name} onChange={setName} isRequired maxLength={100} />
        <TextField name="slug" label={t('storesAdmin.add.slug')} description={t('storesAdmin.add.slugHint')} value={slug} onChange={(v) => setSlug(v.toLowerCase())} isRequired maxLength={63} />
        <TextField name="address" label={t('generalSettings.fields.address')} value={address} onChange={setAddress} maxLength={200} />
        <TextField name="phone" type="tel" label={t('generalSettings.fields.phone')} value={phone} onChange={setPhone} maxLength={30} />
        <TextField name="timeZone" label={t('generalSettings.fields.timeZone')} description={t('generalSettings.fields.timeZoneHint')} value={timeZone} onChange={setTimeZone} maxLength={64} />
        <TextField name="currency" label={t('generalSettings.fields.currency')} description={t('generalSettings.fields.currencyHint')} value={currency} onChange={(v) => setCurrency(v.toUpperCase())} isRequired maxLength={3} />
        <TextField name="taxRateBp" inputMode="decimal" label={t('storesAdmin.add.taxRate')} value={taxRate} onChange={setTaxRate} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isPending={mutation.isPending}>
          {t('storesAdmin.add.save')}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          {t('storesAdmin.cancel')}
        </Button>
      </div>
    </Form>
  );
}
