import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { useCreateCompany } from '../../api/enterprise';
import { ApiError } from '../../api/http';
import { translateError } from '../../i18n/apiErrors';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { Button } from '../ui/Button';
import { ErrorSummary } from '../ui/ErrorSummary';
import { TextField } from '../ui/TextField';
import { useSnackbarActor } from '../ui/shellActors';
import { RecordsPage, useRecordsAccess } from '../shared/records';
import * as records from '../shared/records.css';
import { basisPoints, browserZone, LogoField, slugOf } from '../shared/companyFields';
import { useFieldErrors } from '../shared/fieldErrors';
import * as styles from '../shared/companyFields.css';
import { Form } from '../ui/Form';

interface Draft {
  name: string;
  slug: string;
  logo: string | null;
  storeName: string;
  storeSlug: string;
  address: string;
  phone: string;
  timeZone: string;
  taxRate: string;
  adminName: string;
  adminEmail: string;
}

/**
 * /admin/add/companyDetails: a new company in one step, with its first store and its first admin, who is invited
 * by email and finishes the new-user flow. The slugs follow the names until they are edited.
 */
export function CompanyCreatePage() {
  const { t, i18n } = useTranslation();
  const { tenantId } = useRecordsAccess();
  const snackbar = useSnackbarActor();
  const [draft, setDraft] = useState<Draft>(() => ({
    name: '',
    slug: '',
    logo: null,
    storeName: '',
    storeSlug: '',
    address: '',
    phone: '',
    timeZone: browserZone(),
    taxRate: '0',
    adminName: '',
    adminEmail: '',
  }));
  const [slugEdited, setSlugEdited] = useState({ company: false, store: false });
  const create = useCreateCompany(tenantId, {
    onSuccess: (created, input) => {
      snackbar.send(savedSnackbar(t('enterprise.create.done', { email: input.admin.email })));
      navigate(`/admin/update/editCompany/${created.tenantId}`);
    },
  });
  const fieldErrors = useFieldErrors(create.error);
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  // A name that rewrites its slug clears the last refusal: the slug field would otherwise keep the server's error
  // (it was not edited itself) and the form would not submit again.
  const rewritesSlug = (edited: boolean) => {
    if (!edited && create.isError) create.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate({
      name: draft.name,
      slug: draft.slug,
      logo: draft.logo,
      store: {
        name: draft.storeName,
        slug: draft.storeSlug,
        address: draft.address,
        phone: draft.phone,
        timeZone: draft.timeZone,
        taxRateBp: basisPoints(draft.taxRate),
      },
      admin: { displayName: draft.adminName, email: draft.adminEmail },
    });
  };

  const labels: Record<string, string> = {
    name: t('enterprise.company.name'),
    slug: t('enterprise.company.slug'),
    logo: t('enterprise.company.logo'),
    'store.name': t('enterprise.store.name'),
    'store.slug': t('enterprise.store.slug'),
    'store.address': t('enterprise.store.address'),
    'store.phone': t('enterprise.store.phone'),
    'store.timeZone': t('enterprise.store.timeZone'),
    'store.taxRateBp': t('enterprise.store.taxRate'),
    'admin.displayName': t('enterprise.admin.name'),
    'admin.email': t('enterprise.admin.email'),
  };
  const refused = Object.entries(fieldErrors).map(([name, message]) => ({ name, label: labels[name] ?? name, message }));

  return (
    <RecordsPage title={t('enterprise.create.title')}>
      <p className={records.muted}>{t('enterprise.create.intro')}</p>
      <Form className={records.form} onSubmit={submit} validationErrors={fieldErrors}>
        {create.isError &&
          (refused.length > 0 ? (
            <ErrorSummary title={t('enterprise.form.refused')} fields={refused} refusal={create.error} />
          ) : (
            <ErrorSummary
              title={create.error instanceof ApiError && create.error.body ? translateError(i18n, create.error) : t('records.loadFailedHint')}
              fields={[]}
              refusal={create.error}
            />
          ))}
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('enterprise.create.company')}</legend>
          <div className={records.fields}>
            <TextField
              name="name"
              label={labels.name!}
              isRequired
              value={draft.name}
              onChange={(name) => {
                rewritesSlug(slugEdited.company);
                setDraft((current) => ({ ...current, name, slug: slugEdited.company ? current.slug : slugOf(name) }));
              }}
            />
            <TextField
              name="slug"
              label={labels.slug!}
              description={t('enterprise.form.slugHint')}
              isRequired
              value={draft.slug}
              onChange={(slug) => {
                setSlugEdited((current) => ({ ...current, company: true }));
                set('slug')(slug);
              }}
            />
          </div>
          <LogoField value={draft.logo} onChange={(logo) => setDraft((current) => ({ ...current, logo }))} error={fieldErrors.logo} />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('enterprise.create.store')}</legend>
          <div className={records.fields}>
            <TextField
              name="store.name"
              label={labels['store.name']!}
              isRequired
              value={draft.storeName}
              onChange={(storeName) => {
                rewritesSlug(slugEdited.store);
                setDraft((current) => ({ ...current, storeName, storeSlug: slugEdited.store ? current.storeSlug : slugOf(storeName) }));
              }}
            />
            <TextField
              name="store.slug"
              label={labels['store.slug']!}
              isRequired
              value={draft.storeSlug}
              onChange={(storeSlug) => {
                setSlugEdited((current) => ({ ...current, store: true }));
                set('storeSlug')(storeSlug);
              }}
            />
            <TextField name="store.address" label={labels['store.address']!} autoComplete="street-address" value={draft.address} onChange={set('address')} />
            <TextField name="store.phone" label={labels['store.phone']!} type="tel" autoComplete="tel" value={draft.phone} onChange={set('phone')} />
            <TextField
              name="store.timeZone"
              label={labels['store.timeZone']!}
              description={t('enterprise.store.timeZoneHint')}
              isRequired
              value={draft.timeZone}
              onChange={set('timeZone')}
            />
            <TextField
              name="store.taxRateBp"
              label={labels['store.taxRateBp']!}
              inputMode="decimal"
              isRequired
              value={draft.taxRate}
              onChange={set('taxRate')}
            />
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('enterprise.create.admin')}</legend>
          <p className={styles.hint}>{t('enterprise.create.adminHint')}</p>
          <div className={records.fields}>
            <TextField name="admin.displayName" label={labels['admin.displayName']!} isRequired autoComplete="off" value={draft.adminName} onChange={set('adminName')} />
            <TextField name="admin.email" label={labels['admin.email']!} type="email" isRequired autoComplete="off" value={draft.adminEmail} onChange={set('adminEmail')} />
          </div>
        </fieldset>
        <div className={records.actions}>
          <Button type="submit" isPending={create.isPending}>
            {t('enterprise.create.submit')}
          </Button>
        </div>
      </Form>
    </RecordsPage>
  );
}
