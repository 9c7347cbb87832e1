import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { generalSettingsKey, generalSettingsQuery, saveCompanySettings, saveStoreSettings, storesAdminKey } from '../../../api/generalSettings';
import { companyOnlyGroups, groupSettings, settingsGroups, storeOnlyGroups, weekdays } from '../../../contract/generalSettings';
import type {
  AppointmentTypes,
  CompanySettingsUpdate,
  GeneralSettings,
  PortalRights,
  SettingsGroup,
  StoreHours,
  StoreSettings,
  StoreSettingsUpdate,
} from '../../../contract/generalSettings';
import type { RecallPlans } from '../../../contract/recallPlans';
import { textOn } from '../../../contract/selectedRow';
import { translateError } from '../../../i18n/apiErrors';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../eforms/admin/useTenant';
import { LogoField } from '../../enterprise/fields';
import { Alert } from '../../ui/Alert';
import { controlNamed, ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { useSnackbarActor } from '../../ui/shellActors';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { applySelectedRowColour } from './selectedRow';
import { useSettingsFields } from './fieldErrors';
import * as styles from './generalSettings.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isGroup = (value: string): value is SettingsGroup => (settingsGroups as readonly string[]).includes(value);

/**
 * /admin/settings/general/{all|group}/{locationId?} and /admin/settings/general/{folderHandle}/{todoId}: every group
 * (all) or one, for the company or one store (a store's id as the second part), or one group with one of its
 * settings brought into view (a setting's name as the second part). The company's value applies wherever a store
 * has none of its own.
 */
export function GeneralSettingsPage({ type, second }: { type: string; second?: string }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const query = useQuery(generalSettingsQuery(tenantId));
  const group = type.toLowerCase() === 'all' ? null : isGroup(type) ? type : undefined;
  const storeInPath = second && UUID.test(second) ? second : undefined;
  const todo = second && !storeInPath && group ? (groupSettings[group] as readonly string[]).find((s) => s.toLowerCase() === second.toLowerCase()) : undefined;
  // With a setting in the address the store is chosen on the page (the address has no room for it).
  const [chosenStore, setChosenStore] = useState<string | undefined>(undefined);
  const data = query.data;
  const firstStore = data?.stores[0]?.id;
  const storeId = storeInPath ?? chosenStore ?? (group && storeOnlyGroups.includes(group) ? firstStore : undefined);
  const store = data?.stores.find((s) => s.id === storeId);
  const base = `/admin/settings/general/${group ?? 'all'}`;

  useEffect(() => {
    if (!todo || !data) return;
    const target = document.getElementById(`setting-${todo}`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [todo, data]);

  const choose = (id: string) => {
    if (todo) setChosenStore(id || undefined);
    else navigate(id ? `${base}/${id}` : base, { replace: true });
  };

  if (group === undefined) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        <h1 id={titleId} className={styles.title}>
          {t('generalSettings.title')}
        </h1>
        <Alert>{t('generalSettings.unknownGroup')}</Alert>
        <Link href="/admin/settings/general/all" className={styles.link}>
          {t('generalSettings.allGroups')}
        </Link>
      </section>
    );
  }

  const groups = group ? [group] : settingsGroups;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('generalSettings.title')}
      </h1>
      <div className={styles.layout}>
        <nav aria-label={t('generalSettings.groups')}>
          <ul className={styles.folders}>
            <li>
              <Link href={`/admin/settings/general/all${storeId ? `/${storeId}` : ''}`} className={styles.folder} aria-current={group === null ? 'page' : undefined}>
                {t('generalSettings.allGroups')}
              </Link>
            </li>
            {settingsGroups.map((each) => (
              <li key={each}>
                <Link
                  href={`/admin/settings/general/${each}${storeId && !companyOnlyGroups.includes(each) ? `/${storeId}` : ''}`}
                  className={styles.folder}
                  aria-current={group === each ? 'page' : undefined}
                >
                  {t(`generalSettings.groupNames.${each}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.content}>
          {query.isPending ? (
            <Spinner label={t('generalSettings.loading')} />
          ) : query.isError ? (
            <Alert>{translateError(i18n, query.error)}</Alert>
          ) : (
            <>
              {!(group && companyOnlyGroups.includes(group)) && (
                <label className={styles.scope}>
                  <span className={styles.label}>{t('generalSettings.scope')}</span>
                  <select className={styles.select} value={storeId ?? ''} onChange={(event) => choose(event.target.value)}>
                    {!(group && storeOnlyGroups.includes(group)) && <option value="">{t('generalSettings.company', { name: query.data.company.name })}</option>}
                    {query.data.stores.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {storeInPath && !store && <Alert>{t('generalSettings.unknownStore')}</Alert>}
              {groups.map((each) => (
                <GroupPanel key={`${each}-${store?.id ?? 'company'}`} group={each} settings={query.data} store={store} />
              ))}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function GroupPanel({ group, settings, store }: { group: SettingsGroup; settings: GeneralSettings; store: StoreSettings | undefined }) {
  const { t } = useTranslation();
  const titleId = useId();
  const body = (() => {
    if (store) {
      switch (group) {
        case 'store':
          return <StoreDetailsForm store={store} />;
        case 'sales':
          return <StoreSalesForm store={store} company={settings.company.receiptFooter} />;
        case 'appointments':
          return <StoreAppointmentsForm store={store} company={settings.company.appointmentTypes} />;
        case 'portal':
          return <PortalForm store={store} company={settings.company.portal} />;
        default:
          return null;
      }
    }
    switch (group) {
      case 'store':
        return <p className={styles.muted}>{t('generalSettings.chooseStore')}</p>;
      case 'sales':
        return <CompanySalesForm footer={settings.company.receiptFooter} />;
      case 'appointments':
        return <AppointmentTypesForm value={settings.company.appointmentTypes} />;
      case 'recalls':
        return <RecallsForm value={settings.company.recalls} />;
      case 'portal':
        return <PortalForm company={settings.company.portal} />;
      case 'system':
        return <SystemForm colour={settings.company.systemPrefs.selectedRowBackColor} />;
    }
  })();
  const companyOnly = store && companyOnlyGroups.includes(group);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t(`generalSettings.groupNames.${group}`)}
      </h2>
      <p className={styles.muted}>{t(`generalSettings.groupHints.${group}`)}</p>
      {companyOnly ? (
        <>
          <p className={styles.muted}>{t('generalSettings.companyOnly')}</p>
          {group === 'recalls' ? <RecallsForm value={settings.company.recalls} /> : <SystemForm colour={settings.company.systemPrefs.selectedRowBackColor} />}
        </>
      ) : (
        body
      )}
    </section>
  );
}

/** One save of a group: the whole settings come back and replace the cached ones. */
function useSave<T>(save: (body: T) => Promise<GeneralSettings>, onSaved?: (settings: GeneralSettings) => void) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (settings) => {
      queryClient.setQueryData(generalSettingsKey(tenantId), settings);
      void queryClient.invalidateQueries({ queryKey: storesAdminKey(tenantId) });
      snackbar.send(savedSnackbar(t('generalSettings.saved')));
      onSaved?.(settings);
    },
  });
  const { fields, formRef } = useSettingsFields(mutation.error);
  const submit = (body: T) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    once((done) => mutation.mutate(body, { onSettled: done }));
  };
  return { mutation, fields, formRef, submit };
}

/** The group's Save, with the summary of a refused save just above it (focused, linking to each refused field). */
function SaveBar({ pending, error, fields }: { pending: boolean; error: unknown; fields: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const { summary } = useErrorSummary({
    error,
    fields,
    labels: Object.fromEntries(Object.keys(fields).map((name) => [name, settingLabel(name, t, i18n.exists)])),
    title: t('generalSettings.fixFields'),
  });
  return (
    <>
      {summary && <ErrorSummary {...summary} fieldOf={settingControl} />}
      <div className={styles.actions}>
        <Button type="submit" isPending={pending}>
          {t('generalSettings.save')}
        </Button>
      </div>
    </>
  );
}

/**
 * A refused setting's label in the summary: the field's own, a day's time with its day, a row's with its row (a
 * recall type, a tax class, an appointment type); none when the message names its field itself.
 */
function settingLabel(name: string, t: (key: string, options?: Record<string, unknown>) => string, exists: (key: string) => boolean): string | undefined {
  const [group, row, part] = name.split('.');
  if (group === 'hours' && row && exists(`generalSettings.weekdays.${row}`)) {
    const day = t(`generalSettings.weekdays.${row}`);
    return part === 'opens' || part === 'closes' ? t('generalSettings.dayField', { day, field: t(`generalSettings.fields.${part}`) }) : day;
  }
  if (group === 'recalls' && row && exists(`generalSettings.recallTypes.${row}`)) return t(`generalSettings.recallTypes.${row}`);
  if (group === 'taxRates' && row && exists(`generalSettings.taxClasses.${row}`)) return t(`generalSettings.taxClasses.${row}`);
  if (group === 'appointmentTypes' && row && exists(`generalSettings.appointmentTypes.${row}`)) return t(`generalSettings.appointmentTypes.${row}`);
  if (name === 'systemPrefs.selectedRowBackColor') return t('generalSettings.fields.selectedRow');
  return exists(`generalSettings.fields.${name}`) ? t(`generalSettings.fields.${name}`) : undefined;
}

/** The control named like the refused field (or the nearest name it starts with), else the setting's own region. */
function settingControl(name: string, form: ParentNode): HTMLElement | null {
  const named = controlNamed(name, form);
  if (named) return named;
  const parts = name.split('.');
  for (let length = parts.length; length > 0; length--) {
    const region = form.querySelector<HTMLElement>(`#${CSS.escape(`setting-${parts.slice(0, length).join('.')}`)}`);
    if (region) return region;
  }
  return null;
}

const percentOf = (bp: number) => String(bp / 100);
const bpOf = (text: string) => {
  const value = Number(text.replace(',', '.').trim());
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : Math.round(value * 100);
};

// ---- Store details ----

export function StoreDetailsForm({ store, onSaved }: { store: StoreSettings; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(store.name);
  const [address, setAddress] = useState(store.address);
  const [phone, setPhone] = useState(store.phone);
  const [timeZone, setTimeZone] = useState(store.timeZone);
  const [taxNumber, setTaxNumber] = useState(store.taxNumber);
  const [hours, setHours] = useState<StoreHours>(store.hours);
  const [logo, setLogo] = useState<string | null>(store.logo);
  const { mutation, fields, formRef, submit } = useSave((body: StoreSettingsUpdate) => saveStoreSettings(store.id, body), onSaved);
  // The logo travels only when it changed (absent: unchanged; null: removed): a save of the hours re-sends no picture.
  const logoChange = logo !== store.logo ? { logo } : {};
  return (
    <Form
      className={styles.form}
      validationErrors={fields}
      ref={formRef}
      validationBehavior="aria"
      onSubmit={submit({ group: 'store', name, address, phone, timeZone, taxNumber, hours, ...logoChange })}
    >
      <div className={styles.grid}>
        <TextField id="setting-name" name="name" label={t('generalSettings.fields.name')} value={name} onChange={setName} isRequired maxLength={100} />
        <TextField id="setting-address" name="address" label={t('generalSettings.fields.address')} value={address} onChange={setAddress} maxLength={200} />
        <TextField id="setting-phone" name="phone" type="tel" label={t('generalSettings.fields.phone')} value={phone} onChange={setPhone} maxLength={30} />
        <TextField
          id="setting-timeZone"
          name="timeZone"
          label={t('generalSettings.fields.timeZone')}
          description={t('generalSettings.fields.timeZoneHint')}
          value={timeZone}
          onChange={setTimeZone}
          maxLength={64}
        />
        <TextField id="setting-taxNumber" name="taxNumber" label={t('generalSettings.fields.taxNumber')} value={taxNumber} onChange={setTaxNumber} maxLength={30} />
      </div>
      <HoursEditor hours={hours} onChange={setHours} fields={fields} />
      {/* The store's own logo, on its printed receipts (over the company's). */}
      <div id="setting-logo" tabIndex={-1}>
        <LogoField value={logo} onChange={setLogo} error={fields.logo} />
      </div>
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

function HoursEditor({ hours, onChange, fields }: { hours: StoreHours; onChange: (hours: StoreHours) => void; fields: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <fieldset id="setting-hours" tabIndex={-1} className={styles.fieldset}>
      <legend className={styles.legend}>{t('generalSettings.fields.hours')}</legend>
      <div className={styles.hours}>
        {weekdays.map((day) => {
          const value = hours[day];
          const problem = fields[`hours.${day}.closes`] ?? fields[`hours.${day}.opens`] ?? fields[`hours.${day}`];
          const problemId = `setting-hours-${day}-problem`;
          // Each time says its own message (or the day's); the summary's links find them by these names.
          const timeProblem = (part: 'opens' | 'closes') =>
            fields[`hours.${day}.${part}`] || fields[`hours.${day}`] ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
          return (
            <div key={day} className={styles.day} role="group" aria-label={t(`generalSettings.weekdays.${day}`)}>
              <span className={styles.dayName} aria-hidden="true">
                {t(`generalSettings.weekdays.${day}`)}
              </span>
              <Checkbox name={`hours.${day}`} isSelected={value !== null} onChange={(open) => onChange({ ...hours, [day]: open ? { opens: '09:00', closes: '17:00' } : null })}>
                {t('generalSettings.fields.open')}
              </Checkbox>
              {value && (
                <>
                  <label className={styles.time}>
                    <span>{t('generalSettings.fields.opens')}</span>
                    <input type="time" name={`hours.${day}.opens`} {...timeProblem('opens')} className={styles.input} value={value.opens} onChange={(e) => onChange({ ...hours, [day]: { ...value, opens: e.target.value } })} />
                  </label>
                  <label className={styles.time}>
                    <span>{t('generalSettings.fields.closes')}</span>
                    <input type="time" name={`hours.${day}.closes`} {...timeProblem('closes')} className={styles.input} value={value.closes} onChange={(e) => onChange({ ...hours, [day]: { ...value, closes: e.target.value } })} />
                  </label>
                </>
              )}
              {problem && (
                <p id={problemId} className={styles.error}>
                  {problem}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

// ---- Sales ----

function FooterField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.textareaField}>
      <span className={styles.label}>{t('generalSettings.fields.receiptFooter')}</span>
      <textarea id="setting-receiptFooter" name="receiptFooter" className={styles.textarea} rows={3} maxLength={300} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function CompanySalesForm({ footer }: { footer: string }) {
  const [value, setValue] = useState(footer);
  const { mutation, fields, formRef, submit } = useSave((body: CompanySettingsUpdate) => saveCompanySettings(body));
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit({ group: 'sales', receiptFooter: value })}>
      <FooterField value={value} onChange={setValue} />
      {fields.receiptFooter && <p className={styles.error}>{fields.receiptFooter}</p>}
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

function StoreSalesForm({ store, company }: { store: StoreSettings; company: string }) {
  const { t } = useTranslation();
  const [rates, setRates] = useState({ standard: percentOf(store.taxRates.standard), reduced: percentOf(store.taxRates.reduced), zero: percentOf(store.taxRates.zero) });
  const [limit, setLimit] = useState(percentOf(store.staffDiscountLimitBp));
  const [own, setOwn] = useState(store.receiptFooter !== null);
  const [footer, setFooter] = useState(store.receiptFooter ?? company);
  const { mutation, fields, formRef, submit } = useSave((body: StoreSettingsUpdate) => saveStoreSettings(store.id, body));
  const body: StoreSettingsUpdate = {
    group: 'sales',
    taxRates: { standard: bpOf(rates.standard), reduced: bpOf(rates.reduced), zero: bpOf(rates.zero) },
    staffDiscountLimitBp: bpOf(limit),
    receiptFooter: own ? footer : null,
  };
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit(body)}>
      <fieldset id="setting-taxRates" tabIndex={-1} className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.fields.taxRates')}</legend>
        <div className={styles.grid}>
          {(['standard', 'reduced', 'zero'] as const).map((c) => (
            <TextField
              key={c}
              name={`taxRates.${c}`}
              inputMode="decimal"
              label={t(`generalSettings.taxClasses.${c}`)}
              value={rates[c]}
              onChange={(v) => setRates({ ...rates, [c]: v })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset id="setting-discountLimits" tabIndex={-1} className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.fields.discountLimits')}</legend>
        <p className={styles.muted}>{t('generalSettings.fields.adminNoLimit')}</p>
        <div className={styles.grid}>
          <TextField name="staffDiscountLimitBp" inputMode="decimal" label={t('generalSettings.fields.staffLimit')} value={limit} onChange={setLimit} />
        </div>
      </fieldset>
      <Checkbox isSelected={own} onChange={setOwn}>
        {t('generalSettings.ownValue')}
      </Checkbox>
      {own ? <FooterField value={footer} onChange={setFooter} /> : <p className={styles.muted}>{company ? t('generalSettings.companyFooter', { footer: company }) : t('generalSettings.noFooter')}</p>}
      {fields.receiptFooter && <p className={styles.error}>{fields.receiptFooter}</p>}
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

// ---- Appointments ----

function TypesEditor({ value, onChange, fields }: { value: AppointmentTypes; onChange: (value: AppointmentTypes) => void; fields: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <fieldset id="setting-appointmentTypes" tabIndex={-1} className={styles.fieldset}>
      <legend className={styles.legend}>{t('generalSettings.fields.appointmentTypes')}</legend>
      <div className={styles.types}>
        {(Object.keys(value) as (keyof AppointmentTypes)[]).map((type) => (
          <div key={type} className={styles.typeRow}>
            <Switch isSelected={value[type].offered} onChange={(offered) => onChange({ ...value, [type]: { ...value[type], offered } })}>
              {t(`generalSettings.appointmentTypes.${type}`)}
            </Switch>
            <TextField
              name={`appointmentTypes.${type}.minutes`}
              inputMode="numeric"
              label={t('generalSettings.fields.minutes')}
              value={String(value[type].minutes)}
              onChange={(v) => onChange({ ...value, [type]: { ...value[type], minutes: Number(v) } })}
            />
          </div>
        ))}
      </div>
      {fields.appointmentTypes && <p className={styles.error}>{fields.appointmentTypes}</p>}
    </fieldset>
  );
}

function AppointmentTypesForm({ value }: { value: AppointmentTypes }) {
  const [types, setTypes] = useState(value);
  const { mutation, fields, formRef, submit } = useSave((body: CompanySettingsUpdate) => saveCompanySettings(body));
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit({ group: 'appointments', appointmentTypes: types })}>
      <TypesEditor value={types} onChange={setTypes} fields={fields} />
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

function StoreAppointmentsForm({ store, company }: { store: StoreSettings; company: AppointmentTypes }) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(store.appointmentTypes !== null);
  const [types, setTypes] = useState(store.appointmentTypes ?? company);
  const [mayCancel, setMayCancel] = useState(store.patientsMayCancel);
  const [notice, setNotice] = useState(String(store.cancelNoticeHours));
  const { mutation, fields, formRef, submit } = useSave((body: StoreSettingsUpdate) => saveStoreSettings(store.id, body));
  return (
    <Form
      className={styles.form}
      validationErrors={fields} ref={formRef}
      validationBehavior="aria"
      onSubmit={submit({ group: 'appointments', appointmentTypes: own ? types : null, patientsMayCancel: mayCancel, cancelNoticeHours: Number(notice) })}
    >
      <Checkbox isSelected={own} onChange={setOwn}>
        {t('generalSettings.ownTypes')}
      </Checkbox>
      {own ? <TypesEditor value={types} onChange={setTypes} fields={fields} /> : <p className={styles.muted}>{t('generalSettings.companyTypes')}</p>}
      <fieldset id="setting-cancellation" tabIndex={-1} className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.fields.cancellation')}</legend>
        <Switch isSelected={mayCancel} onChange={setMayCancel}>
          {t('generalSettings.fields.patientsMayCancel')}
        </Switch>
        <div className={styles.grid}>
          <TextField name="cancelNoticeHours" inputMode="numeric" label={t('generalSettings.fields.noticeHours')} value={notice} onChange={setNotice} isDisabled={!mayCancel} />
        </div>
      </fieldset>
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

// ---- Recalls (company only) ----

function RecallsForm({ value }: { value: RecallPlans }) {
  const { t } = useTranslation();
  const [plans, setPlans] = useState(value);
  const { mutation, fields, formRef, submit } = useSave((body: CompanySettingsUpdate) => saveCompanySettings(body));
  const types = Object.keys(plans) as (keyof RecallPlans)[];
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit({ group: 'recalls', recalls: plans })}>
      {types.map((type) => {
        const plan = plans[type];
        const set = (next: typeof plan) => setPlans({ ...plans, [type]: next });
        const problem = Object.entries(fields).find(([k]) => k.startsWith(`recalls.${type}`))?.[1];
        return (
          <fieldset key={type} id={`setting-${type}`} tabIndex={-1} className={styles.fieldset}>
            <legend className={styles.legend}>{t(`generalSettings.recallTypes.${type}`)}</legend>
            <div className={styles.grid}>
              <TextField
                name={`recalls.${type}.intervalMonths`}
                inputMode="numeric"
                label={t('generalSettings.fields.intervalMonths')}
                value={String(plan.intervalMonths)}
                onChange={(v) => set({ ...plan, intervalMonths: Number(v) })}
              />
            </div>
            <ol className={styles.steps}>
              {plan.steps.map((step, index) => (
                <li key={index} className={styles.step}>
                  <TextField
                    name={`recalls.${type}.steps.${index}.afterDays`}
                    label={t('generalSettings.fields.afterDays', { step: index + 1 })}
                    inputMode="numeric"
                    value={String(step.afterDays)}
                    onChange={(v) => set({ ...plan, steps: plan.steps.map((s, i) => (i === index ? { ...s, afterDays: Number(v) } : s)) })}
                  />
                  <label className={styles.time}>
                    <span>{t('generalSettings.fields.channel')}</span>
                    <select
                      name={`recalls.${type}.steps.${index}.channel`}
                      className={styles.select}
                      value={step.channel}
                      onChange={(e) => set({ ...plan, steps: plan.steps.map((s, i) => (i === index ? { ...s, channel: e.target.value as 'email' | 'sms' } : s)) })}
                    >
                      <option value="email">{t('generalSettings.channels.email')}</option>
                      <option value="sms">{t('generalSettings.channels.sms')}</option>
                    </select>
                  </label>
                  {plan.steps.length > 1 && (
                    <Button variant="secondary" onPress={() => set({ ...plan, steps: plan.steps.filter((_, i) => i !== index) })}>
                      {t('generalSettings.removeStep', { step: index + 1 })}
                    </Button>
                  )}
                </li>
              ))}
            </ol>
            {plan.steps.length < 5 && (
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  onPress={() => set({ ...plan, steps: [...plan.steps, { afterDays: (plan.steps.at(-1)?.afterDays ?? 0) + 14, channel: 'sms' }] })}
                >
                  {t('generalSettings.addStep')}
                </Button>
              </div>
            )}
            {problem && <p className={styles.error}>{problem}</p>}
          </fieldset>
        );
      })}
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

// ---- Patient portal ----

function RightsSwitches({ value, onChange }: { value: PortalRights; onChange: (value: PortalRights) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.switches}>
      {(Object.keys(value) as (keyof PortalRights)[]).map((right) => (
        <div key={right} id={`setting-${right}`} tabIndex={-1}>
          <Switch isSelected={value[right]} onChange={(on) => onChange({ ...value, [right]: on })}>
            {t(`generalSettings.portalRights.${right}`)}
          </Switch>
        </div>
      ))}
    </div>
  );
}

function PortalForm({ store, company }: { store?: StoreSettings; company: PortalRights }) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(store ? store.portal !== null : true);
  const [rights, setRights] = useState(store?.portal ?? company);
  const { mutation, fields, formRef, submit } = useSave((body: CompanySettingsUpdate | StoreSettingsUpdate) =>
    store ? saveStoreSettings(store.id, body as StoreSettingsUpdate) : saveCompanySettings(body as CompanySettingsUpdate),
  );
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit({ group: 'portal', portal: store && !own ? null : rights })}>
      {store && (
        <Checkbox isSelected={own} onChange={setOwn}>
          {t('generalSettings.ownValue')}
        </Checkbox>
      )}
      {own ? <RightsSwitches value={rights} onChange={setRights} /> : <p className={styles.muted}>{t('generalSettings.companyRights')}</p>}
      <p className={styles.muted}>{t('generalSettings.cancelHint')}</p>
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

// ---- System preferences (company only) ----

function SystemForm({ colour }: { colour: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(colour);
  const { mutation, fields, formRef, submit } = useSave(
    (body: CompanySettingsUpdate) => saveCompanySettings(body),
    (settings) => applySelectedRowColour(settings.company.systemPrefs.selectedRowBackColor),
  );
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit({ group: 'system', systemPrefs: { selectedRowBackColor: value } })}>
      <div className={styles.colourRow}>
        <label className={styles.time}>
          <span>{t('generalSettings.fields.selectedRow')}</span>
          <input id="setting-selectedRow" type="color" name="systemPrefs.selectedRowBackColor" className={styles.colour} value={value.toLowerCase()} onChange={(e) => setValue(e.target.value.toUpperCase())} />
        </label>
        <Preview colour={value}>{t('generalSettings.preview')}</Preview>
      </div>
      {fields['systemPrefs.selectedRowBackColor'] && <p className={styles.error}>{fields['systemPrefs.selectedRowBackColor']}</p>}
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

function Preview({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <span className={styles.preview} style={{ background: colour, color: textOn(colour) }}>
      {children}
    </span>
  );
}
