import { useDeferredValue, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useUpdatePatient } from '../../../api/chart';
import { recordsQueries } from '../../../api/records';
import { contactChannels, languages, sexes } from '../../../contract/patientsAdmin';
import type { PatientUpdate } from '../../../contract/patientsAdmin';
import type { PatientProfile } from '../../../contract/records';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../shared/useTenant';
import { QueryView, useRecordsAccess } from '../../shared/records';
import { SignInFailures } from '../../shared/SignInFailures';
import { useFormats } from '../../shared/format';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { useSnackbarActor } from '../../ui/shellActors';
import { TextField } from '../../ui/TextField';
import * as styles from './chart.css';
import { changedMeanwhile, useFieldErrors } from '../../shared/fieldErrors';
import { SelectField } from '../../shared/fields';
import type { ChartTabProps } from './types';
import { useOneAtATime } from '../../ui/useOneAtATime';

type TextKey = 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'email' | 'addressLine' | 'city' | 'postalCode' | 'guardianName';
type Values = Pick<PatientProfile, TextKey | 'sex' | 'preferredChannel' | 'preferredLanguage' | 'notes' | 'consentContact' | 'consentPrivacy'>;

const valuesOf = (p: PatientProfile): Values => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth,
  sex: p.sex,
  phone: p.phone,
  email: p.email,
  addressLine: p.addressLine,
  city: p.city,
  postalCode: p.postalCode,
  guardianName: p.guardianName,
  preferredChannel: p.preferredChannel,
  preferredLanguage: p.preferredLanguage,
  notes: p.notes,
  consentContact: p.consentContact,
  consentPrivacy: p.consentPrivacy,
});

const requiredFields = ['firstName', 'lastName', 'dateOfBirth'] as const;

const languageNames = { en: 'English', tr: 'Türkçe', ar: 'العربية' } as const;

/** Demographics, contact preferences, consents and notes; only the changed fields are sent (PATCH, audited). */
function DetailsForm({ profile, patientId }: { profile: PatientProfile; patientId: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  // What the server holds and its version: the profile, then each saved change at once (the refetch may come later).
  const [initial, setInitial] = useState(() => valuesOf(profile));
  const [version, setVersion] = useState(profile.updatedAt);
  const [values, setValues] = useState(initial);
  const changes = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== initial[k as keyof Values]),
  ) as PatientUpdate;
  const dirty = Object.keys(changes).length > 0;
  const takeServerVersion = () => {
    setInitial(valuesOf(profile));
    setValues(valuesOf(profile));
    setVersion(profile.updatedAt);
  };
  // A newer version read meanwhile (someone else saved) replaces the form only while nothing is typed in it;
  // typed changes stay, and saving them is refused with the choice to load that version.
  const [seen, setSeen] = useState(profile.updatedAt);
  if (seen !== profile.updatedAt) {
    setSeen(profile.updatedAt);
    if (!dirty && profile.updatedAt !== version) takeServerVersion();
  }
  useUnsavedChanges(dirty);
  const once = useOneAtATime();
  const mutation = useUpdatePatient(tenantId, patientId, {
    onSuccess: (saved, sent) => {
      setInitial((current) => ({ ...current, ...sent.changes }));
      setVersion(saved.updatedAt);
      snackbar.send(savedSnackbar(t('patientChart.details.saved')));
    },
  });
  // A required field emptied is refused here and told just that (the server's message names a length or a format).
  const [emptyChecked, setEmptyChecked] = useState(false);
  const emptied = emptyChecked ? requiredFields.filter((f) => !values[f].trim()) : [];
  const fields: Record<string, string> = {
    ...useFieldErrors(mutation.error),
    ...Object.fromEntries(emptied.map((f) => [f, t('errors.required')])),
  };
  const { summary, refuse, accept } = useErrorSummary({
    error: mutation.error,
    fields,
    labels: Object.fromEntries(Object.keys(fields).map((f) => [f, i18n.exists(`patientChart.details.fields.${f}`) ? t(`patientChart.details.fields.${f}`) : undefined])),
    title: t('patientChart.fixFields'),
  });
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  // Who she is first (the top of the tab, all a phone shows): the contact, consent and notes fields come in React's
  // next render, which yields to the browser, so the tab shows her without waiting for the whole form.
  const restDrawn = useDeferredValue(true, false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requiredFields.some((f) => !values[f].trim())) {
      setEmptyChecked(true);
      mutation.reset();
      return refuse();
    }
    accept();
    if (dirty) once((done) => mutation.mutate({ version, changes }, { onSettled: done }));
  };
  return (
    <Form className={styles.form} onSubmit={submit} validationErrors={fields} validationBehavior="aria" aria-label={t('patientChart.tabs.details')}>
      {summary && (
        <ErrorSummary {...summary}>
          {changedMeanwhile(mutation.error) && (
            <Button
              variant="secondary"
              isDisabled={profile.updatedAt === version}
              onPress={() => {
                takeServerVersion();
                mutation.reset();
              }}
            >
              {t('patientChart.loadTheirVersion')}
            </Button>
          )}
        </ErrorSummary>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('patientChart.details.identity')}</legend>
        <div className={styles.fieldGrid}>
          {(['firstName', 'lastName'] as const).map((f) => (
            <TextField key={f} name={f} label={t(`patientChart.details.fields.${f}`)} value={values[f]} onChange={(v) => set({ [f]: v })} />
          ))}
          <TextField name="dateOfBirth" type="date" label={t('patientChart.details.fields.dateOfBirth')} value={values.dateOfBirth} onChange={(v) => set({ dateOfBirth: v })} />
          <SelectField
            name="sex"
            label={t('patientChart.details.fields.sex')}
            value={values.sex}
            onChange={(v) => set({ sex: v as Values['sex'] })}
            error={fields.sex}
            options={sexes.map((s) => ({ value: s, label: t(`records.profile.sexes.${s}`) }))}
          />
          <TextField name="guardianName" label={t('patientChart.details.fields.guardianName')} value={values.guardianName} onChange={(v) => set({ guardianName: v })} />
        </div>
      </fieldset>
      {restDrawn && (
        <>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('patientChart.details.contact')}</legend>
            <div className={styles.fieldGrid}>
              <TextField name="phone" type="tel" label={t('patientChart.details.fields.phone')} value={values.phone} onChange={(v) => set({ phone: v })} />
              <TextField name="email" type="email" label={t('patientChart.details.fields.email')} value={values.email} onChange={(v) => set({ email: v })} />
              {(['addressLine', 'city', 'postalCode'] as const).map((f) => (
                <TextField key={f} name={f} label={t(`patientChart.details.fields.${f}`)} value={values[f]} onChange={(v) => set({ [f]: v })} />
              ))}
              <SelectField
                name="preferredChannel"
                label={t('patientChart.details.fields.preferredChannel')}
                value={values.preferredChannel}
                onChange={(v) => set({ preferredChannel: v as Values['preferredChannel'] })}
                error={fields.preferredChannel}
                options={contactChannels.map((c) => ({ value: c, label: t(`records.profile.channels.${c}`) }))}
              />
              <SelectField
                name="preferredLanguage"
                label={t('patientChart.details.fields.preferredLanguage')}
                value={values.preferredLanguage}
                onChange={(v) => set({ preferredLanguage: v as Values['preferredLanguage'] })}
                error={fields.preferredLanguage}
                options={languages.map((l) => ({ value: l, label: languageNames[l], dir: 'auto' as const }))}
              />
            </div>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('patientChart.details.consents')}</legend>
            <Checkbox name="consentContact" isSelected={values.consentContact} onChange={(v) => set({ consentContact: v })}>
              {t('patientChart.details.fields.consentContact')}
            </Checkbox>
            <Checkbox name="consentPrivacy" isSelected={values.consentPrivacy} onChange={(v) => set({ consentPrivacy: v })}>
              {t('patientChart.details.fields.consentPrivacy')}
            </Checkbox>
            {profile.consentAt && <p className={styles.muted}>{t('patientChart.details.consentAt', { date: formats.dayOf(profile.consentAt) })}</p>}
            {!profile.smsConsent.given && (
              <p className={styles.muted}>
                {profile.smsConsent.at ? t('patientChart.details.smsStopped', { date: formats.dayOf(profile.smsConsent.at) }) : t('patientChart.details.smsStoppedUndated')}
              </p>
            )}
            {profile.smsConsent.given && profile.smsConsent.source === 'sms' && profile.smsConsent.at && (
              <p className={styles.muted}>{t('patientChart.details.smsRestarted', { date: formats.dayOf(profile.smsConsent.at) })}</p>
            )}
          </fieldset>
          <TextField name="notes" label={t('patientChart.details.fields.notes')} value={values.notes} onChange={(v) => set({ notes: v })} rows={5} />
          <div className={styles.actions}>
            <Button type="submit" isPending={mutation.isPending} isDisabled={!dirty} disabledReason={t('errors.noChanges')}>
              {t('patientChart.details.save')}
            </Button>
            <Button variant="secondary" isDisabled={!dirty || mutation.isPending} onPress={() => setValues(initial)}>
              {t('patientChart.details.discard')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

/**
 * Tab 1: the patient's details, editable by staff; above them, when the patient's portal account has sign-in
 * failures, what they are and Clear (admins and staff, the roles GET /api/staff/locks allows).
 */
export default function DetailsTab({ patientId }: ChartTabProps) {
  const tenantId = useTenantId();
  const { roles } = useRecordsAccess(patientId);
  const seesSignIn = roles.includes('admin') || roles.includes('staff');
  const query = useQuery(recordsQueries.profile(tenantId, { kind: 'patient', patientId }));
  return (
    <div className={styles.section}>
      <QueryView query={query}>
        {(profile) => (
          <>
            {seesSignIn && profile.hasPortalAccount && <SignInFailures filter={{ patientId }} />}
            <DetailsForm key={patientId} profile={profile} patientId={patientId} />
          </>
        )}
      </QueryView>
    </div>
  );
}
