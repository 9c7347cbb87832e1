import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { enterpriseQueries, useAddCompanyStore, useSetCompanySuspended, useUpdateCompany } from '../../api/enterprise';
import { ApiError } from '../../api/http';
import type { Company } from '../../contract/enterprise';
import { numberLocale } from '../../contract/locale';
import { translateError } from '../../i18n/apiErrors';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorSummary } from '../ui/ErrorSummary';
import { TextField } from '../ui/TextField';
import { useSnackbarActor } from '../ui/shellActors';
import { Badge, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { useFormats } from '../shared/format';
import * as records from '../shared/records.css';
import { basisPoints, browserZone, LogoField, slugOf } from '../shared/companyFields';
import { useFieldErrors } from '../shared/fieldErrors';
import * as styles from '../shared/companyFields.css';
import { TableScroll } from '../ui/TableScroll';
import { Form } from '../ui/Form';

function Details({ company, tenantId }: { company: Company; tenantId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbarActor();
  const [name, setName] = useState(company.name);
  const [slug, setSlug] = useState(company.slug);
  const [logo, setLogo] = useState(company.logo);
  const save = useUpdateCompany(tenantId, company.tenantId, {
    onSuccess: () => {
      snackbar.send(savedSnackbar(t('enterprise.edit.saved')));
    },
  });
  const fieldErrors = useFieldErrors(save.error);
  const labels: Record<string, string> = { name: t('enterprise.company.name'), slug: t('enterprise.company.slug'), logo: t('enterprise.company.logo') };
  const refused = Object.entries(fieldErrors).map(([field, message]) => ({ name: field, label: labels[field] ?? field, message }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The logo travels only when it changed: an unchanged one is not sent back and forth.
    save.mutate({ name, slug, ...(logo !== company.logo ? { logo } : {}) });
  };
  return (
    <section className={records.card} aria-labelledby="company-details">
      <h2 id="company-details" className={records.heading}>
        {t('enterprise.edit.details')}
      </h2>
      <Form className={records.form} onSubmit={submit} validationErrors={fieldErrors}>
        {save.isError && (
          <ErrorSummary
            title={
              refused.length > 0
                ? t('enterprise.form.refused')
                : save.error instanceof ApiError && save.error.body
                  ? translateError(i18n, save.error)
                  : t('records.loadFailedHint')
            }
            fields={refused}
            refusal={save.error}
          />
        )}
        <div className={records.fields}>
          <TextField name="name" label={labels.name!} isRequired value={name} onChange={setName} />
          <TextField name="slug" label={labels.slug!} description={t('enterprise.form.slugHint')} isRequired value={slug} onChange={setSlug} />
        </div>
        <LogoField value={logo} onChange={setLogo} error={fieldErrors.logo} />
        <div className={records.actions}>
          <Button type="submit" isPending={save.isPending}>
            {t('enterprise.edit.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Status({ company, tenantId }: { company: Company; tenantId: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const snackbar = useSnackbarActor();
  const [asking, setAsking] = useState(false);
  const suspended = company.suspendedAt !== null;
  const change = useSetCompanySuspended(tenantId, company.tenantId, {
    onSuccess: (updated) => {
      setAsking(false);
      snackbar.send(savedSnackbar(updated.suspendedAt ? t('enterprise.edit.suspendedDone') : t('enterprise.edit.reinstatedDone')));
    },
    onError: () => setAsking(false),
  });
  return (
    <section className={records.card} aria-labelledby="company-status">
      <h2 id="company-status" className={records.heading}>
        {t('enterprise.edit.status')}
      </h2>
      <p>
        {suspended ? (
          <Badge tone="danger">{t('enterprise.status.suspendedSince', { date: formats.dayOf(company.suspendedAt!) })}</Badge>
        ) : (
          <Badge tone="good">{t('enterprise.status.active')}</Badge>
        )}
      </p>
      <p className={records.muted}>{suspended ? t('enterprise.edit.reinstateHint') : t('enterprise.edit.suspendHint')}</p>
      {change.isError && <ErrorSummary title={translateError(i18n, change.error)} fields={[]} refusal={change.error} />}
      <div className={records.actions}>
        <Button variant={suspended ? 'primary' : 'secondary'} onPress={() => setAsking(true)}>
          {suspended ? t('enterprise.edit.reinstate') : t('enterprise.edit.suspend')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={asking}
        question={suspended ? t('enterprise.edit.reinstateQuestion', { name: company.name }) : t('enterprise.edit.suspendQuestion', { name: company.name })}
        confirmLabel={suspended ? t('enterprise.edit.reinstate') : t('enterprise.edit.suspend')}
        cancelLabel={t('enterprise.form.cancel')}
        onConfirm={() => change.mutate(!suspended)}
        onCancel={() => setAsking(false)}
        isPending={change.isPending}
      />
    </section>
  );
}

function Stores({ company, tenantId }: { company: Company; tenantId: string }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(numberLocale(i18n.language), { style: 'percent', maximumFractionDigits: 2 });
  return (
    <section className={records.card} aria-labelledby="company-stores">
      <h2 id="company-stores" className={records.heading}>
        {t('enterprise.edit.stores')}
      </h2>
      <TableScroll>
        <table className={records.table}>
          <thead>
            <tr>
              <th scope="col">{t('enterprise.store.name')}</th>
              <th scope="col">{t('enterprise.store.signIn')}</th>
              <th scope="col">{t('enterprise.store.address')}</th>
              <th scope="col">{t('enterprise.store.timeZone')}</th>
              <th scope="col" className={records.number}>
                {t('enterprise.store.taxRate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {company.stores.map((store) => (
              <tr key={store.id}>
                <th scope="row">{store.name}</th>
                <td>
                  <bdi dir="ltr">{`/${company.slug}/${store.slug}`}</bdi>
                </td>
                <td>{store.address ? <bdi>{store.address}</bdi> : t('records.dash')}</td>
                <td>
                  <bdi dir="ltr">{store.timeZone}</bdi>
                </td>
                <td className={records.number}>{percent.format(store.taxRateBp / 10_000)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Link href="/admin/PortalMapping" className={records.link}>
        {t('enterprise.edit.addresses')}
      </Link>
      <AddStore company={company} tenantId={tenantId} />
    </section>
  );
}

interface StoreDraft {
  name: string;
  slug: string;
  address: string;
  phone: string;
  timeZone: string;
  taxRate: string;
}

const emptyStore = (): StoreDraft => ({ name: '', slug: '', address: '', phone: '', timeZone: browserZone(), taxRate: '0' });

/**
 * Adds a store to the company: its sign-in address /{company}/{slug} is made with it (the slug follows the name
 * until it is edited). The server checks every field again and says which one it refused.
 */
function AddStore({ company, tenantId }: { company: Company; tenantId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbarActor();
  const [draft, setDraft] = useState<StoreDraft>(emptyStore);
  const [slugEdited, setSlugEdited] = useState(false);
  const add = useAddCompanyStore(tenantId, company.tenantId, {
    onSuccess: (updated, input) => {
      setDraft(emptyStore());
      setSlugEdited(false);
      snackbar.send(savedSnackbar(t('enterprise.edit.storeAdded', { address: `/${updated.slug}/${input.slug}` })));
    },
  });
  const fieldErrors = useFieldErrors(add.error);
  const labels: Record<string, string> = {
    name: t('enterprise.store.name'),
    slug: t('enterprise.store.slug'),
    address: t('enterprise.store.address'),
    phone: t('enterprise.store.phone'),
    timeZone: t('enterprise.store.timeZone'),
    taxRateBp: t('enterprise.store.taxRate'),
  };
  const refused = Object.entries(fieldErrors).map(([name, message]) => ({ name, label: labels[name] ?? name, message }));
  // A change clears the last refusal: a field the name rewrites (the slug) would otherwise keep the server's error
  // and the form would not submit again.
  const update = (change: (current: StoreDraft) => StoreDraft) => {
    if (add.isError) add.reset();
    setDraft(change);
  };
  const set = (field: keyof StoreDraft) => (value: string) => update((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate({
      name: draft.name,
      slug: draft.slug,
      address: draft.address,
      phone: draft.phone,
      timeZone: draft.timeZone,
      taxRateBp: basisPoints(draft.taxRate),
    });
  };
  return (
    <Form className={records.form} onSubmit={submit} validationErrors={fieldErrors} aria-labelledby="company-add-store">
      <h3 id="company-add-store" className={styles.legend}>
        {t('enterprise.edit.addStore')}
      </h3>
      {add.isError && (
        <ErrorSummary
          title={
            refused.length > 0
              ? t('enterprise.form.refused')
              : add.error instanceof ApiError && add.error.body
                ? translateError(i18n, add.error)
                : t('records.loadFailedHint')
          }
          fields={refused}
          refusal={add.error}
        />
      )}
      <div className={records.fields}>
        <TextField
          name="name"
          label={labels.name!}
          isRequired
          value={draft.name}
          onChange={(name) => update((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugOf(name) }))}
        />
        <TextField
          name="slug"
          label={labels.slug!}
          description={t('enterprise.edit.storeSlugHint', { company: company.slug })}
          isRequired
          value={draft.slug}
          onChange={(slug) => {
            setSlugEdited(true);
            set('slug')(slug);
          }}
        />
        <TextField name="address" label={labels.address!} autoComplete="street-address" value={draft.address} onChange={set('address')} />
        <TextField name="phone" label={labels.phone!} type="tel" autoComplete="tel" value={draft.phone} onChange={set('phone')} />
        <TextField name="timeZone" label={labels.timeZone!} description={t('enterprise.store.timeZoneHint')} isRequired value={draft.timeZone} onChange={set('timeZone')} />
        <TextField name="taxRateBp" label={labels.taxRateBp!} inputMode="decimal" isRequired value={draft.taxRate} onChange={set('taxRate')} />
      </div>
      <div className={records.actions}>
        <Button type="submit" isPending={add.isPending}>
          {t('enterprise.edit.addStoreSubmit')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * /admin/update/editCompany/{companyID}: a company's details and logo, its stores (and adding one), and suspending
 * or reinstating it.
 */
export function CompanyEditPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { tenantId } = useRecordsAccess();
  const query = useQuery(enterpriseQueries.company(tenantId, companyId));
  return (
    <RecordsPage title={query.data ? query.data.name : t('enterprise.edit.title')}>
      <QueryView query={query}>
        {(company) => (
          <>
            <Details key={`${company.name}/${company.slug}/${company.logo?.length ?? 0}`} company={company} tenantId={tenantId} />
            <Status company={company} tenantId={tenantId} />
            <Stores company={company} tenantId={tenantId} />
          </>
        )}
      </QueryView>
    </RecordsPage>
  );
}
