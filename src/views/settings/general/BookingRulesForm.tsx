import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { bookingSettingsQuery, useSaveBookingRules } from '../../../api/booking';
import type { BlockedTime, BookingRules, BookingSettings, IntakeForm, ProviderSchedule } from '../../../contract/booking';
import { defaultStoreHours } from '../../../contract/generalSettings';
import type { AppointmentTypes, StoreSettings } from '../../../contract/generalSettings';
import { AppointmentType } from '../../../contract/records';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { SelectField } from '../../shared/fields';
import { useFormNames } from '../../shared/formName';
import { QueryView } from '../../shared/records';
import { useTenantId } from '../../shared/useTenant';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { useSnackbarActor } from '../../ui/shellActors';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { useSettingsFields } from './fieldErrors';
import { SaveBar } from './settingsForm';
import { HoursEditor } from './StoreDetailsForm';
import * as styles from './generalSettings.css';

/** The 'Online booking' section of a store: its rules and each provider's working hours, saved together. */
export function BookingRulesForm({ store, companyTypes }: { store: StoreSettings; companyTypes: AppointmentTypes }) {
  const tenantId = useTenantId();
  const query = useQuery(bookingSettingsQuery(tenantId, store.id));
  return <QueryView query={query}>{(settings) => <RulesEditor key={settings.updatedAt ?? 'new'} settings={settings} types={store.appointmentTypes ?? companyTypes} />}</QueryView>;
}

const numberText = (n: number) => String(n);
const datesOf = (text: string) =>
  text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);

function RulesEditor({ settings, types }: { settings: BookingSettings; types: AppointmentTypes }) {
  const { t } = useTranslation();
  const formNames = useFormNames();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const initial = settings.rules;
  const [rules, setRules] = useState<BookingRules>(initial);
  const [limits, setLimits] = useState({
    bufferMinutes: numberText(initial.bufferMinutes),
    minNoticeHours: numberText(initial.minNoticeHours),
    horizonDays: numberText(initial.horizonDays),
    maxOnlinePerDay: numberText(initial.maxOnlinePerDay),
  });
  // Days off as typed, per provider: the list is made from the text only when saving.
  const [daysOff, setDaysOff] = useState<Record<string, string>>(Object.fromEntries(initial.providers.map((p) => [p.providerId, p.daysOff.join(', ')])));
  const mutation = useSaveBookingRules(tenantId, settings.locationId, { onSuccess: () => snackbar.send(savedSnackbar(t('generalSettings.saved'))) });
  const { fields, formRef } = useSettingsFields(mutation.error);
  const set = (patch: Partial<BookingRules>) => setRules((r) => ({ ...r, ...patch }));
  // The saved providers in the order this store lists them: the server names a refused field by this index.
  const scheduled = settings.providers.flatMap((p) => rules.providers.filter((s) => s.providerId === p.id));
  const scheduleOf = (id: string) => rules.providers.find((p) => p.providerId === id);
  const setSchedule = (id: string, schedule: ProviderSchedule | null) =>
    set({ providers: schedule ? [...rules.providers.filter((p) => p.providerId !== id), schedule] : rules.providers.filter((p) => p.providerId !== id) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: BookingRules = {
      ...rules,
      bufferMinutes: Number(limits.bufferMinutes),
      minNoticeHours: Number(limits.minNoticeHours),
      horizonDays: Number(limits.horizonDays),
      maxOnlinePerDay: Number(limits.maxOnlinePerDay),
      providers: scheduled.map((p) => ({ ...p, daysOff: datesOf(daysOff[p.providerId] ?? '') })),
    };
    once((done) => mutation.mutate(body, { onSettled: done }));
  };

  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit}>
      <div id="setting-onlineBooking" tabIndex={-1} className={styles.switches}>
        <Switch isSelected={rules.onlineEnabled} onChange={(onlineEnabled) => set({ onlineEnabled })}>
          {t('generalSettings.booking.onlineEnabled')}
        </Switch>
        <Switch isSelected={rules.newPatientsMayBook} onChange={(newPatientsMayBook) => set({ newPatientsMayBook })}>
          {t('generalSettings.booking.newPatientsMayBook')}
        </Switch>
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.booking.onlineTypes')}</legend>
        {AppointmentType.options.map((type) => (
          <Checkbox
            key={type}
            isSelected={rules.onlineTypes.includes(type)}
            onChange={(on) => set({ onlineTypes: on ? [...rules.onlineTypes, type] : rules.onlineTypes.filter((x) => x !== type) })}
          >
            {t(`records.appointments.types.${type}`)} ·{' '}
            {types[type].offered ? t('patientChart.appointments.minutes', { count: types[type].minutes }) : t('generalSettings.booking.notOffered')}
          </Checkbox>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.booking.limits')}</legend>
        <div className={styles.grid}>
          {(['bufferMinutes', 'minNoticeHours', 'horizonDays', 'maxOnlinePerDay'] as const).map((name) => (
            <TextField key={name} name={name} inputMode="numeric" label={t(`generalSettings.booking.${name}`)} value={limits[name]} onChange={(v) => setLimits((l) => ({ ...l, [name]: v }))} />
          ))}
        </div>
      </fieldset>
      <fieldset id="setting-closures" tabIndex={-1} className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.booking.closures')}</legend>
        {rules.closures.length === 0 && <p className={styles.muted}>{t('generalSettings.booking.noClosures')}</p>}
        {rules.closures.map((closure, i) => (
          <div key={i} className={styles.step}>
            <label className={styles.time}>
              <span>{t('generalSettings.booking.closureDate')}</span>
              <input
                type="date"
                name={`closures.${i}.date`}
                className={styles.input}
                value={closure.date}
                aria-invalid={fields[`closures.${i}.date`] ? true : undefined}
                onChange={(e) => set({ closures: rules.closures.map((c, j) => (j === i ? { ...c, date: e.target.value } : c)) })}
              />
            </label>
            <TextField name={`closures.${i}.label`} label={t('generalSettings.booking.closureLabel')} value={closure.label} maxLength={60} onChange={(label) => set({ closures: rules.closures.map((c, j) => (j === i ? { ...c, label } : c)) })} />
            <Button variant="secondary" onPress={() => set({ closures: rules.closures.filter((_, j) => j !== i) })}>
              {t('generalSettings.booking.removeClosure', { date: closure.date })}
            </Button>
            {fields[`closures.${i}.date`] && <p className={styles.error}>{fields[`closures.${i}.date`]}</p>}
          </div>
        ))}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => set({ closures: [...rules.closures, { date: '', label: '' }] })}>
            {t('generalSettings.booking.addClosure')}
          </Button>
        </div>
      </fieldset>
      <fieldset id="setting-intakeForms" tabIndex={-1} className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.booking.intakeForms')}</legend>
        <p className={styles.muted}>{t('generalSettings.booking.intakeHelp')}</p>
        {settings.forms.length === 0 ? (
          <p className={styles.muted}>{t('generalSettings.booking.noPublishedForms')}</p>
        ) : (
          rules.intakeForms.length === 0 && <p className={styles.muted}>{t('generalSettings.booking.noIntakeForms')}</p>
        )}
        {rules.intakeForms.map((intake, i) => {
          const form = settings.forms.find((f) => f.id === intake.formId);
          const formName = form ? formNames.isolated(form.name, form.names) : '';
          const setIntake = (patch: Partial<IntakeForm>) => set({ intakeForms: rules.intakeForms.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
          return (
            <div key={i} className={styles.step}>
              <SelectField
                name={`intakeForms.${i}.type`}
                label={t('generalSettings.booking.intakeType')}
                value={intake.type}
                onChange={(type) => setIntake({ type: AppointmentType.parse(type) })}
                options={AppointmentType.options.map((type) => ({ value: type, label: t(`records.appointments.types.${type}`) }))}
              />
              <SelectField
                name={`intakeForms.${i}.formId`}
                label={t('generalSettings.booking.intakeForm')}
                value={intake.formId}
                onChange={(formId) => setIntake({ formId })}
                options={settings.forms.map((f) => ({ value: f.id, label: formNames.text(f.name, f.names), dir: 'auto' as const, lang: formNames.language(f.name, f.names) }))}
                error={fields[`intakeForms.${i}.formId`]}
              />
              <Checkbox isSelected={intake.newPatientsOnly} onChange={(newPatientsOnly) => setIntake({ newPatientsOnly })}>
                {t('generalSettings.booking.newPatientsOnly')}
              </Checkbox>
              <Button variant="secondary" onPress={() => set({ intakeForms: rules.intakeForms.filter((_, j) => j !== i) })}>
                {t('generalSettings.booking.removeIntakeForm', { form: formName, type: t(`records.appointments.types.${intake.type}`) })}
              </Button>
            </div>
          );
        })}
        {settings.forms.length > 0 && (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onPress={() => set({ intakeForms: [...rules.intakeForms, { type: rules.onlineTypes[0] ?? 'eye-exam', formId: settings.forms[0]!.id, newPatientsOnly: false }] })}
            >
              {t('generalSettings.booking.addIntakeForm')}
            </Button>
          </div>
        )}
      </fieldset>
      <fieldset id="setting-providerHours" tabIndex={-1} className={styles.fieldset}>
        <legend className={styles.legend}>{t('generalSettings.booking.providers')}</legend>
        {settings.providers.length === 0 && <p className={styles.muted}>{t('generalSettings.booking.noProviders')}</p>}
        {settings.providers.map((provider) => {
          const schedule = scheduleOf(provider.id);
          const index = scheduled.findIndex((p) => p.providerId === provider.id);
          return (
            <div key={provider.id} className={styles.fieldset}>
              <Switch isSelected={schedule !== undefined} onChange={(on) => setSchedule(provider.id, on ? { providerId: provider.id, hours: defaultStoreHours, daysOff: [], blocks: [] } : null)}>
                {t('generalSettings.booking.providerTakes', { name: provider.name })}
              </Switch>
              {schedule && (
                <>
                  {fields[`providers.${index}.providerId`] && <p className={styles.error}>{fields[`providers.${index}.providerId`]}</p>}
                  <HoursEditor name={`providers.${index}.hours`} legend={provider.name} hours={schedule.hours} onChange={(hours) => setSchedule(provider.id, { ...schedule, hours })} fields={fields} />
                  <TextField
                    name={`providers.${index}.daysOff`}
                    label={t('generalSettings.booking.daysOff')}
                    value={daysOff[provider.id] ?? ''}
                    onChange={(v) => setDaysOff((d) => ({ ...d, [provider.id]: v }))}
                  />
                  <BlockedTimes
                    name={`providers.${index}.blocks`}
                    providerName={provider.name}
                    blocks={schedule.blocks}
                    fields={fields}
                    onChange={(blocks) => setSchedule(provider.id, { ...schedule, blocks })}
                  />
                </>
              )}
            </div>
          );
        })}
      </fieldset>
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

/** A provider's blocked times (a meeting, a training): each a date, from and to in the store's time, and a reason. */
function BlockedTimes({ name, providerName, blocks, fields, onChange }: { name: string; providerName: string; blocks: BlockedTime[]; fields: Record<string, string>; onChange: (blocks: BlockedTime[]) => void }) {
  const { t } = useTranslation();
  const edit = (i: number, patch: Partial<BlockedTime>) => onChange(blocks.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const invalid = (field: string) => (fields[field] ? { 'aria-invalid': true as const } : {});
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('generalSettings.booking.blocks', { name: providerName })}</legend>
      {blocks.length === 0 && <p className={styles.muted}>{t('generalSettings.booking.noBlocks')}</p>}
      {blocks.map((block, i) => {
        const at = `${name}.${i}`;
        const problems = [fields[`${at}.date`], fields[`${at}.from`], fields[`${at}.to`]].filter(Boolean);
        return (
          <div key={i} className={styles.step}>
            <label className={styles.time}>
              <span>{t('generalSettings.booking.blockDate')}</span>
              <input type="date" name={`${at}.date`} className={styles.input} value={block.date} {...invalid(`${at}.date`)} onChange={(e) => edit(i, { date: e.target.value })} />
            </label>
            <label className={styles.time}>
              <span>{t('generalSettings.booking.blockFrom')}</span>
              <input type="time" name={`${at}.from`} className={styles.input} value={block.from} {...invalid(`${at}.from`)} onChange={(e) => edit(i, { from: e.target.value })} />
            </label>
            <label className={styles.time}>
              <span>{t('generalSettings.booking.blockTo')}</span>
              <input type="time" name={`${at}.to`} className={styles.input} value={block.to} {...invalid(`${at}.to`)} onChange={(e) => edit(i, { to: e.target.value })} />
            </label>
            <TextField name={`${at}.label`} label={t('generalSettings.booking.blockLabel')} value={block.label} maxLength={60} onChange={(label) => edit(i, { label })} />
            <Button variant="secondary" onPress={() => onChange(blocks.filter((_, j) => j !== i))}>
              {t('generalSettings.booking.removeBlock', { date: block.date, from: block.from })}
            </Button>
            {problems.map((problem) => (
              <p key={problem} className={styles.error}>
                {problem}
              </p>
            ))}
          </div>
        );
      })}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => onChange([...blocks, { date: '', from: '12:00', to: '13:00', label: '' }])}>
          {t('generalSettings.booking.addBlock', { name: providerName })}
        </Button>
      </div>
    </fieldset>
  );
}
