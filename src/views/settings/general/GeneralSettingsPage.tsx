import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { generalSettingsQuery } from '../../../api/generalSettings';
import { companyOnlyGroups, groupSettings, settingsGroups, storeOnlyGroups } from '../../../contract/generalSettings';
import type { GeneralSettings, SettingsGroup, StoreSettings } from '../../../contract/generalSettings';
import { translateError } from '../../../i18n/apiErrors';
import { useTenantId } from '../../shared/useTenant';
import { Alert } from '../../ui/Alert';
import { isolatedText } from '../../ui/Isolated';
import { Spinner } from '../../ui/Spinner';
import { StoreDetailsForm } from './StoreDetailsForm';
import { CompanySalesForm, StoreSalesForm } from './SalesForms';
import { AppointmentTypesForm, StoreAppointmentsForm } from './AppointmentsForms';
import { BookingRulesForm } from './BookingRulesForm';
import { RecallsForm } from './RecallsForm';
import { PortalForm } from './PortalForm';
import { SystemForm } from './SystemForm';
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
                    {!(group && storeOnlyGroups.includes(group)) && <option value="">{t('generalSettings.company', { name: isolatedText(query.data.company.name) })}</option>}
                    {query.data.stores.map((s) => (
                      <option key={s.id} value={s.id} dir="auto">
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
        case 'booking':
          return <BookingRulesForm store={store} companyTypes={settings.company.appointmentTypes} />;
        case 'portal':
          return <PortalForm store={store} company={settings.company.portal} />;
        default:
          return null;
      }
    }
    switch (group) {
      case 'store':
      case 'booking':
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
