import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveCompanySettings } from '../../../api/generalSettings';
import type { CompanySettingsUpdate } from '../../../contract/generalSettings';
import type { RecallPlans } from '../../../contract/recallPlans';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useSave, SaveBar } from './settingsForm';
import * as styles from './generalSettings.css';

export function RecallsForm({ value }: { value: RecallPlans }) {
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
