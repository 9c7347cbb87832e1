import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { recordsQueries, useUpdateOwnProfile } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { recordMessages } from '../../contract/records';
import type { ContactChannel, PatientProfile, PreferredLanguage } from '../../contract/records';
import { languageNames, languages } from '../../i18n/appI18n';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { Button } from '../ui/Button';
import { ErrorSummary } from '../ui/ErrorSummary';
import { TextField } from '../ui/TextField';
import { useErrorSummary } from '../ui/useErrorSummary';
import { useSnackbarActor } from '../ui/shellActors';
import { Choice } from '../shared/Choice';
import { QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { useFormats } from '../shared/format';
import * as styles from '../shared/records.css';

type ContactValues = Pick<
  PatientProfile,
  'phone' | 'email' | 'addressLine' | 'city' | 'postalCode' | 'preferredChannel' | 'preferredLanguage'
>;

const contactOf = (profile: PatientProfile): ContactValues => ({
  phone: profile.phone,
  email: profile.email,
  addressLine: profile.addressLine,
  city: profile.city,
  postalCode: profile.postalCode,
  preferredChannel: profile.preferredChannel,
  preferredLanguage: profile.preferredLanguage,
});

/** The contract's fixed field messages, said in the reader's language; any other as the server wrote it. */
const knownMessages: Record<string, string> = {
  'Enter a phone number: digits, spaces, ( ) - . and an optional leading +': 'phone',
  'Enter a valid email address, like name@example.com': 'email',
  'The postal code can have letters, digits, spaces and -': 'postalCode',
  [recordMessages.smsNeedsPhone]: 'smsNeedsPhone',
  [recordMessages.emailNeedsEmail]: 'emailNeedsEmail',
};

function Identity({ profile }: { profile: PatientProfile }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <section className={styles.card} aria-labelledby="identity-title">
      <h2 id="identity-title" className={styles.heading}>
        {t('records.profile.identity')}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('records.profile.name')}</dt>
        <dd>
          <bdi>{t('patientChart.name', { first: profile.firstName, last: profile.lastName })}</bdi>
        </dd>
        <dt>{t('records.profile.dateOfBirth')}</dt>
        <dd>{formats.date(profile.dateOfBirth)}</dd>
        <dt>{t('records.profile.sex')}</dt>
        <dd>{t(`records.profile.sexes.${profile.sex}`)}</dd>
        <dt>{t('records.orders.store')}</dt>
        <dd>
          <bdi>{profile.storeName}</bdi>
        </dd>
      </dl>
      <p className={styles.muted}>{t('records.profile.identityHint')}</p>
    </section>
  );
}

/**
 * The contact fields the patient may correct; the server's field messages show under the fields, and a refused save
 * focuses the summary above them that links to each.
 */
function ContactForm({ profile, tenantId, editable }: { profile: PatientProfile; tenantId: string; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbarActor();
  const [values, setValues] = useState<ContactValues>(() => contactOf(profile));
  const save = useUpdateOwnProfile(tenantId, {
    onSuccess: (updated) => {
      setValues(contactOf(updated));
      snackbar.send(savedSnackbar(t('records.profile.saved')));
    },
  });
  const serverFields = save.error instanceof ApiError ? save.error.body?.fields : undefined;
  const fieldErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(serverFields ?? {}).map(([field, message]) => {
          const known = knownMessages[message];
          return [field, known ? t(`records.profile.errors.${known}`) : message];
        }),
      ),
    [serverFields, t],
  );
  const { summary } = useErrorSummary({
    error: save.error,
    fields: fieldErrors,
    labels: Object.fromEntries(Object.keys(fieldErrors).map((field) => [field, i18n.exists(`records.profile.${field}`) ? t(`records.profile.${field}`) : undefined])),
    title: t('records.profile.saveFailed'),
  });
  const set = (field: keyof ContactValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values);
  };

  const text = (field: 'phone' | 'email' | 'addressLine' | 'city' | 'postalCode', type = 'text', autoComplete?: string) => (
    <TextField
      name={field}
      label={t(`records.profile.${field}`)}
      type={type}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={set(field)}
      isReadOnly={!editable}
    />
  );

  return (
    <section className={styles.card} aria-labelledby="contact-title">
      <h2 id="contact-title" className={styles.heading}>
        {t('records.profile.contact')}
      </h2>
      <Form className={styles.form} onSubmit={submit} validationErrors={fieldErrors} validationBehavior="aria" aria-labelledby="contact-title">
        {summary && <ErrorSummary {...summary} />}
        <div className={styles.fields}>
          {text('phone', 'tel', 'tel')}
          {text('email', 'email', 'email')}
          {text('addressLine', 'text', 'street-address')}
          {text('city', 'text', 'address-level2')}
          {text('postalCode', 'text', 'postal-code')}
        </div>
        <Choice
          name="preferredChannel"
          label={t('records.profile.preferredChannel')}
          value={values.preferredChannel}
          onChange={(value) => setValues((current) => ({ ...current, preferredChannel: value as ContactChannel }))}
          isReadOnly={!editable}
          options={[
            { value: 'email', label: t('records.profile.channels.email') },
            { value: 'sms', label: t('records.profile.channels.sms') },
          ]}
        />
        <Choice
          name="preferredLanguage"
          label={t('records.profile.preferredLanguage')}
          value={values.preferredLanguage}
          onChange={(value) => setValues((current) => ({ ...current, preferredLanguage: value as PreferredLanguage }))}
          isReadOnly={!editable}
          options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
        />
        {editable && (
          <div className={styles.actions}>
            <Button type="submit" isPending={save.isPending}>
              {t('records.profile.save')}
            </Button>
          </div>
        )}
      </Form>
    </section>
  );
}

function Profile({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const query = useQuery(recordsQueries.profile(tenantId, scope));
  return (
    <QueryView query={query}>
      {(profile) => (
        <>
          <Identity profile={profile} />
          {/* Only the patient edits here (PATCH /api/my/profile); staff see the same details read-only. */}
          <ContactForm key={profile.updatedAt} profile={profile} tenantId={tenantId} editable={scope.kind === 'own'} />
        </>
      )}
    </QueryView>
  );
}

/** /patient/demographicinfo: identity read-only; the patient corrects contact details, channel and language. */
export function DemographicInfoPage() {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.demographicInfo')}>
      {scope ? <Profile scope={scope} tenantId={tenantId} /> : <NoPatientState />}
    </RecordsPage>
  );
}
