import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveCompanySettings, saveStoreSettings } from '../../../api/generalSettings';
import type { CompanySettingsUpdate, StoreSettings, StoreSettingsUpdate } from '../../../contract/generalSettings';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';
import { useSave, SaveBar, percentOf, bpOf } from './settingsForm';
import * as styles from './generalSettings.css';

function FooterField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.textareaField}>
      <span className={styles.label}>{t('generalSettings.fields.receiptFooter')}</span>
      <textarea id="setting-receiptFooter" name="receiptFooter" className={styles.textarea} rows={3} maxLength={300} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export function CompanySalesForm({ footer }: { footer: string }) {
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

export function StoreSalesForm({ store, company }: { store: StoreSettings; company: string }) {
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
