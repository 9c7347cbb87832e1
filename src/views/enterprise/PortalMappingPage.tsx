import { useDeferredValue, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { enterpriseQueries, useRemoveMapping, useSaveMapping } from '../../api/enterprise';
import type { Company, PortalMappingInput, PortalMappingRow } from '../../contract/enterprise';
import { translateError } from '../../i18n/apiErrors';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorSummary } from '../ui/ErrorSummary';
import { TextField } from '../ui/TextField';
import { useSnackbarActor } from '../ui/shellActors';
import { Badge, EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import * as records from '../shared/records.css';
import { SelectField } from '../shared/companyFields';
import { useFieldErrors } from '../shared/fieldErrors';
import * as styles from '../shared/companyFields.css';
import { TableScroll } from '../ui/TableScroll';
import { Form } from '../ui/Form';

/** The form's subject: a new address, or the mapping being changed. */
type Editing = { kind: 'new' } | { kind: 'edit'; mapping: PortalMappingRow };

const addressOf = (m: { companySlug: string; storeSlug: string }) => `/${m.companySlug}/${m.storeSlug}`;

function MappingForm({ editing, companies, tenantId, onDone }: { editing: Editing; companies: Company[]; tenantId: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbarActor();
  const start = editing.kind === 'edit' ? editing.mapping : null;
  const [values, setValues] = useState<PortalMappingInput>(() =>
    start
      ? { tenantId: start.tenantId, locationId: start.locationId, companySlug: start.companySlug, storeSlug: start.storeSlug }
      : { tenantId: '', locationId: '', companySlug: '', storeSlug: '' },
  );
  const company = companies.find((c) => c.tenantId === values.tenantId);
  const save = useSaveMapping(tenantId, start?.id ?? null, (saved) => {
    snackbar.send(savedSnackbar(t('enterprise.mappings.saved', { address: addressOf(saved) })));
    onDone();
  });
  const fieldErrors = useFieldErrors(save.error);
  const labels: Record<string, string> = {
    tenantId: t('enterprise.mappings.company'),
    locationId: t('enterprise.mappings.store'),
    companySlug: t('enterprise.mappings.companySlug'),
    storeSlug: t('enterprise.mappings.storeSlug'),
  };
  const refused = Object.entries(fieldErrors).map(([name, message]) => ({ name, label: labels[name] ?? name, message }));

  // Choosing a company or store suggests its own slug for the address.
  const chooseCompany = (id: string) => {
    const chosen = companies.find((c) => c.tenantId === id);
    setValues((v) => ({ ...v, tenantId: id, locationId: '', companySlug: chosen?.slug ?? v.companySlug }));
  };
  const chooseStore = (id: string) => {
    const chosen = company?.stores.find((s) => s.id === id);
    setValues((v) => ({ ...v, locationId: id, storeSlug: chosen?.slug ?? v.storeSlug }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values);
  };
  const title = start ? t('enterprise.mappings.editTitle', { address: addressOf(start) }) : t('enterprise.mappings.newTitle');

  return (
    <section className={records.card} aria-labelledby="mapping-form">
      <h2 id="mapping-form" className={records.heading}>
        {title}
      </h2>
      <Form className={records.form} onSubmit={submit} validationErrors={fieldErrors}>
        {save.isError && (
          <ErrorSummary
            title={refused.length > 0 ? t('enterprise.form.refused') : translateError(i18n, save.error)}
            fields={refused}
            refusal={save.error}
          />
        )}
        <div className={records.fields}>
          <SelectField name="tenantId" label={labels.tenantId!} value={values.tenantId} onChange={chooseCompany} error={fieldErrors.tenantId}>
            <option value="">{t('enterprise.mappings.chooseCompany')}</option>
            {companies.map((c) => (
              <option key={c.tenantId} value={c.tenantId} dir="auto">
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField name="locationId" label={labels.locationId!} value={values.locationId} onChange={chooseStore} error={fieldErrors.locationId}>
            <option value="">{t('enterprise.mappings.chooseStore')}</option>
            {company?.stores.map((s) => (
              <option key={s.id} value={s.id} dir="auto">
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField name="companySlug" label={labels.companySlug!} description={t('enterprise.form.slugHint')} isRequired value={values.companySlug} onChange={(companySlug) => setValues((v) => ({ ...v, companySlug }))} />
          <TextField name="storeSlug" label={labels.storeSlug!} isRequired value={values.storeSlug} onChange={(storeSlug) => setValues((v) => ({ ...v, storeSlug }))} />
        </div>
        <p className={styles.hint}>
          {t('enterprise.mappings.preview')}{' '}
          <bdi dir="ltr" className={styles.address}>
            {addressOf({ companySlug: values.companySlug || '…', storeSlug: values.storeSlug || '…' })}
          </bdi>
        </p>
        <div className={records.actions}>
          <Button type="submit" isPending={save.isPending}>
            {t('enterprise.mappings.save')}
          </Button>
          <Button variant="secondary" onPress={onDone}>
            {t('enterprise.form.cancel')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function MappingTable({
  mappings,
  editingId,
  onEdit,
  onRemove,
}: {
  mappings: PortalMappingRow[];
  editingId: string | null;
  onEdit: (m: PortalMappingRow) => void;
  onRemove: (m: PortalMappingRow) => void;
}) {
  const { t } = useTranslation();
  if (mappings.length === 0) return <EmptyState>{t('enterprise.mappings.none')}</EmptyState>;
  return (
    <TableScroll cards>
      <table className={records.table}>
        <caption className={records.muted}>{t('enterprise.mappings.caption', { number: mappings.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('enterprise.mappings.address')}</th>
            <th scope="col">{t('enterprise.mappings.company')}</th>
            <th scope="col">{t('enterprise.mappings.store')}</th>
            <th scope="col">{t('enterprise.mappings.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {mappings.map((m) => (
            <tr key={m.id} className={styles.mappingRow} aria-current={m.id === editingId ? 'true' : undefined}>
              <th scope="row">
                {/* A new tab without this tab's session, so the sign-in page shows as its visitors see it. */}
                <Link
                  href={addressOf(m)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={records.link}
                  aria-label={t('enterprise.mappings.open', { address: addressOf(m) })}
                >
                  <bdi dir="ltr" className={styles.address}>
                    {addressOf(m)}
                  </bdi>
                </Link>
              </th>
              <td>
                <Link href={`/admin/update/editCompany/${m.tenantId}`} className={records.link}>
                  <bdi>{m.companyName}</bdi>
                </Link>{' '}
                {m.suspended && <Badge tone="danger">{t('enterprise.status.suspended')}</Badge>}
              </td>
              <td>
                <bdi>{m.storeName}</bdi>
              </td>
              <td>
                <div className={styles.rowActions}>
                  <Button variant="secondary" onPress={() => onEdit(m)} aria-label={t('enterprise.mappings.editAddress', { address: addressOf(m) })}>
                    {t('enterprise.mappings.edit')}
                  </Button>
                  <Button variant="secondary" onPress={() => onRemove(m)} aria-label={t('enterprise.mappings.removeAddress', { address: addressOf(m) })}>
                    {t('enterprise.mappings.remove')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** /admin/PortalMapping: every sign-in address of the installation, searched, added, changed and removed. */
export function PortalMappingPage() {
  const { t, i18n } = useTranslation();
  const { tenantId } = useRecordsAccess();
  const snackbar = useSnackbarActor();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<PortalMappingRow | null>(null);
  const mappings = useQuery({ ...enterpriseQueries.mappings(tenantId, deferred), placeholderData: (previous) => previous });
  const companies = useQuery(enterpriseQueries.companies(tenantId));
  const remove = useRemoveMapping(tenantId, {
    onSuccess: (m) => {
      setRemoving(null);
      snackbar.send(savedSnackbar(t('enterprise.mappings.removed', { address: addressOf(m) })));
    },
    onError: () => setRemoving(null),
  });

  return (
    <RecordsPage title={t('enterprise.mappings.title')}>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <TextField name="search" type="search" label={t('enterprise.mappings.search')} value={search} onChange={setSearch} />
        </div>
        <Button onPress={() => setEditing({ kind: 'new' })} isDisabled={editing?.kind === 'new'}>
          {t('enterprise.mappings.add')}
        </Button>
        <Link href="/admin/add/companyDetails" className={records.link}>
          {t('enterprise.create.title')}
        </Link>
      </div>
      {remove.isError && <ErrorSummary title={translateError(i18n, remove.error)} fields={[]} refusal={remove.error} />}
      {editing && (
        <QueryView query={companies}>
          {(list) => (
            <MappingForm
              key={editing.kind === 'edit' ? editing.mapping.id : 'new'}
              editing={editing}
              companies={list.companies}
              tenantId={tenantId}
              onDone={() => setEditing(null)}
            />
          )}
        </QueryView>
      )}
      <QueryView query={mappings}>
        {(list) => (
          <MappingTable
            mappings={list.mappings}
            editingId={editing?.kind === 'edit' ? editing.mapping.id : null}
            onEdit={(mapping) => setEditing({ kind: 'edit', mapping })}
            onRemove={setRemoving}
          />
        )}
      </QueryView>
      <ConfirmDialog
        isOpen={removing !== null}
        question={removing ? t('enterprise.mappings.removeQuestion', { address: addressOf(removing) }) : ''}
        confirmLabel={t('enterprise.mappings.remove')}
        cancelLabel={t('enterprise.form.cancel')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        isPending={remove.isPending}
      />
    </RecordsPage>
  );
}
