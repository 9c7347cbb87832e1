import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveCompanySettings, saveStoreSettings } from '../../../api/generalSettings';
import type { AppointmentTypes, CompanySettingsUpdate, StoreSettings, StoreSettingsUpdate } from '../../../contract/generalSettings';
import { Checkbox } from '../../ui/Checkbox';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { useSave, SaveBar } from './settingsForm';
import * as styles from './generalSettings.css';

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

export function AppointmentTypesForm({ value }: { value: AppointmentTypes }) {
  const [types, setTypes] = useState(value);
  const { mutation, fields, formRef, submit } = useSave((body: CompanySettingsUpdate) => saveCompanySettings(body));
  return (
    <Form className={styles.form} validationErrors={fields} ref={formRef} validationBehavior="aria" onSubmit={submit({ group: 'appointments', appointmentTypes: types })}>
      <TypesEditor value={types} onChange={setTypes} fields={fields} />
      <SaveBar pending={mutation.isPending} error={mutation.error} fields={fields} />
    </Form>
  );
}

export function StoreAppointmentsForm({ store, company }: { store: StoreSettings; company: AppointmentTypes }) {
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
