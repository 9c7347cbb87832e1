import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formsQuery } from '../../../api/eformsAdmin';
import { storesQuery } from '../../../api/stores';
import { CardStatus } from '../../../contract/eforms';
import { translateError } from '../../../i18n/apiErrors';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { TableScroll } from '../../ui/TableScroll';
import { TextField } from '../../ui/TextField';
import * as styles from './eformsAdmin.css';
import { FormActions } from './FormActions';
import { addPath, boardsPath, editPath } from './paths';
import { FormStatusBadge } from './StatusBadge';
import { useTenantId } from '../../shared/useTenant';
import { FormName } from '../../shared/formName';

/** /admin/eforms/all: every form of the stores the user may see; search, filter by store and status; act on each. */
export function AllFormsPage() {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const [search, setSearch] = useState('');
  const [locationId, setLocationId] = useState('');
  const [status, setStatus] = useState<CardStatus | ''>('');
  const deferredSearch = useDeferredValue(search.trim());
  const stores = useQuery(storesQuery(tenantId));
  const forms = useQuery(
    formsQuery(tenantId, {
      search: deferredSearch || undefined,
      locationId: locationId || undefined,
      status: status || undefined,
    }),
  );

  return (
    <section className={styles.page} aria-labelledby="eforms-all-title">
      <header className={styles.header}>
        <h1 id="eforms-all-title" className={styles.title}>
          {t('eformsAdmin.all.title')}
        </h1>
        <Link href={addPath(locationId || undefined)} className={styles.link}>
          {t('eformsAdmin.boards.newForm')}
        </Link>
      </header>
      <div className={styles.toolbar} role="search" aria-label={t('eformsAdmin.filters.label')}>
        <div className={styles.grow} style={{ maxInlineSize: '24rem' }}>
          <TextField label={t('eformsAdmin.filters.search')} type="search" value={search} onChange={setSearch} maxLength={100} />
        </div>
        <label className={styles.fieldLabel}>
          {t('eformsAdmin.filters.store')}
          <select className={styles.select} value={locationId} onChange={(event) => setLocationId(event.target.value)}>
            <option value="">{t('eformsAdmin.filters.allStores')}</option>
            {stores.data?.stores.map((store) => (
              <option key={store.id} value={store.id} dir="auto">
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.fieldLabel}>
          {t('eformsAdmin.filters.status')}
          <select className={styles.select} value={status} onChange={(event) => setStatus(event.target.value as CardStatus | '')}>
            <option value="">{t('eformsAdmin.filters.allStatuses')}</option>
            {CardStatus.options.map((value) => (
              <option key={value} value={value}>
                {t(`eformsAdmin.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stores.data && (
        <nav aria-label={t('eformsAdmin.boards.storesLabel')} className={styles.row}>
          {stores.data.stores.map((store) => (
            <Link key={store.id} href={boardsPath(store.id)} className={styles.link}>
              {t('eformsAdmin.boards.titleOf', { store: store.name })}
            </Link>
          ))}
        </nav>
      )}
      {forms.isPending && <Spinner label={t('eformsAdmin.loading')} />}
      {forms.isError && <Alert>{translateError(i18n, forms.error)}</Alert>}
      {forms.data?.forms.length === 0 && <p className={styles.muted}>{t('eformsAdmin.all.none')}</p>}
      {forms.data && forms.data.forms.length > 0 && (
        <TableScroll cards>
          <table className={styles.table}>
            <caption className={styles.muted} style={{ textAlign: 'start' }}>
              {t('eformsAdmin.all.caption', { number: forms.data.forms.length })}
            </caption>
            <thead>
              <tr>
                <th className={styles.cell}>{t('eformsAdmin.all.name')}</th>
                <th className={styles.cell}>{t('eformsAdmin.filters.store')}</th>
                <th className={styles.cell}>{t('eformsAdmin.all.board')}</th>
                <th className={styles.cell}>{t('eformsAdmin.filters.status')}</th>
                <th className={styles.cell}>{t('eformsAdmin.all.usage')}</th>
                <th className={styles.cell}>{t('eformsAdmin.assignments.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {forms.data.forms.map((form) => (
                <tr key={form.id}>
                  <td className={styles.cell}>
                    <Link href={editPath(form.locationId, form.id)} className={styles.link}>
                      <FormName name={form.name} names={form.names} />
                    </Link>
                  </td>
                  <td className={styles.cell}>
                    <bdi>{form.locationName}</bdi>
                  </td>
                  <td className={styles.cell}>{form.boardName}</td>
                  <td className={styles.cell}>
                    <FormStatusBadge status={form.status} />
                  </td>
                  <td className={styles.cell}>
                    {t('eformsAdmin.all.counts', {
                      sections: form.sectionCount,
                      assigned: form.assignmentCount,
                      submitted: form.submittedCount,
                    })}
                  </td>
                  <td className={styles.cell}>
                    <FormActions form={form} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
