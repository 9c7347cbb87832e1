import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveCompanySettings, saveStoreSettings } from '../../../api/generalSettings';
import type { CompanySettingsUpdate, PortalRights, StoreSettings, StoreSettingsUpdate } from '../../../contract/generalSettings';
import { Checkbox } from '../../ui/Checkbox';
import { Switch } from '../../ui/Switch';
import { useSave, SaveBar } from './settingsForm';
import * as styles from './generalSettings.css';

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

export function PortalForm({ store, company }: { store?: StoreSettings; company: PortalRights }) {
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
