import { useState } from 'react';
import type { ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveCompanySettings } from '../../../api/generalSettings';
import type { CompanySettingsUpdate } from '../../../contract/generalSettings';
import { textOn } from '../../../contract/selectedRow';
import { applySelectedRowColour } from './selectedRow';
import { useSave, SaveBar } from './settingsForm';
import * as styles from './generalSettings.css';

export function SystemForm({ colour }: { colour: string }) {
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
