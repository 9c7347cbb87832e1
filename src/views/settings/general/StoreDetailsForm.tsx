import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveStoreSettings } from '../../../api/generalSettings';
import { weekdays } from '../../../contract/generalSettings';
import type { StoreHours, StoreSettings, StoreSettingsUpdate } from '../../../contract/generalSettings';
import { LogoField } from '../../shared/companyFields';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';
import { useSave, SaveBar } from './settingsForm';
import * as styles from './generalSettings.css';

export function StoreDetailsForm({ store, onSaved }: { store: StoreSettings; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(store.name);
  const [address, setAddress] = useState(store.address);
  const [phone, setPhone] = useState(store.phone);
  const [timeZone, setTimeZone] = useState(store.timeZone);
  const [currency, setCurrency] = useState(store.currency);
  const [taxNumber, setTaxNumber] = useState(store.taxNumber);
  const [hours, setHours] = useState<StoreHours>(store.hours);
  const [logo, setLogo] = useState<string | null>(store.logo);
  const { mutation, fields, formRef, submit } = useSave((body: StoreSettingsUpdate) => saveStoreSettings(store.id, body), onSaved);
  // The logo travels only when it changed (absent: unchanged; null: removed): a save of the hours re-sends no picture.
  const logoChange = logo !== store.logo ? { logo } : {};
  // The currency likewise: a save that leaves it alone does not send it.
  const currencyChange = currency !== store.currency ? { currency } : {};
  return (
    <Form
      className={styles.form}
      validationErrors={fields}
      ref={formRef}
      validationBehavior="aria"
      onSubmit={submit({ group: 'store', name, address, phone, timeZone, taxNumber, hours, ...currencyChange, ...logoChange })}
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
        <TextField
          id="setting-currency"
          name="currency"
          label={t('generalSettings.fields.currency')}
          description={t('generalSettings.fields.currencyHint')}
          value={currency}
          onChange={(v) => setCurrency(v.toUpperCase())}
          isRequired
          maxLength={3}
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

/** A week of opening (or working) hours; `name` prefixes each control's name, as the server names its fields. */
export function HoursEditor({
  hours,
  onChange,
  fields,
  name = 'hours',
  legend,
}: {
  hours: StoreHours;
  onChange: (hours: StoreHours) => void;
  fields: Record<string, string>;
  name?: string;
  legend?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset id={`setting-${name}`} tabIndex={-1} className={styles.fieldset}>
      <legend className={styles.legend}>{legend ?? t('generalSettings.fields.hours')}</legend>
      <div className={styles.hours}>
        {weekdays.map((day) => {
          const value = hours[day];
          const problem = fields[`${name}.${day}.closes`] ?? fields[`${name}.${day}.opens`] ?? fields[`${name}.${day}`];
          const problemId = `setting-${name}-${day}-problem`.replaceAll('.', '-');
          // Each time says its own message (or the day's); the summary's links find them by these names.
          const timeProblem = (part: 'opens' | 'closes') =>
            fields[`${name}.${day}.${part}`] || fields[`${name}.${day}`] ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
          return (
            <div key={day} className={styles.day} role="group" aria-label={t(`generalSettings.weekdays.${day}`)}>
              <span className={styles.dayName} aria-hidden="true">
                {t(`generalSettings.weekdays.${day}`)}
              </span>
              <Checkbox name={`${name}.${day}`} isSelected={value !== null} onChange={(open) => onChange({ ...hours, [day]: open ? { opens: '09:00', closes: '17:00' } : null })}>
                {t('generalSettings.fields.open')}
              </Checkbox>
              {value && (
                <>
                  <label className={styles.time}>
                    <span>{t('generalSettings.fields.opens')}</span>
                    <input type="time" name={`${name}.${day}.opens`} {...timeProblem('opens')} className={styles.input} value={value.opens} onChange={(e) => onChange({ ...hours, [day]: { ...value, opens: e.target.value } })} />
                  </label>
                  <label className={styles.time}>
                    <span>{t('generalSettings.fields.closes')}</span>
                    <input type="time" name={`${name}.${day}.closes`} {...timeProblem('closes')} className={styles.input} value={value.closes} onChange={(e) => onChange({ ...hours, [day]: { ...value, closes: e.target.value } })} />
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
