import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useKioskRegistrationActor } from '../../actors/kioskRegistration';
import type { ErrorResponse } from '../../contract/common';
import { translateApiError } from '../../i18n/apiErrors';
import { languageNames, languages } from '../../i18n/appI18n';
import type { KioskDraft, KioskRegistrationEvent } from '../../machines/kioskRegistration.machine';
import { Choice } from '../shared/Choice';
import { useRecordsAccess } from '../shared/records';
import { ErrorSummary } from '../ui/ErrorSummary';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import * as patientStyles from '../shared/records.css';
import { onStartOver } from './startOver';
import * as styles from './kiosk.css';

const emptyDraft = (): KioskDraft => ({
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  preferredChannel: '',
  preferredLanguage: 'en',
  consentContact: false,
  consentPrivacy: false,
});

/** The field messages (by code, src/contract/fieldMessages.ts) the kiosk says in its own words (kiosk.errors); any other as the server put it. */
const translatedMessages = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'phone',
  'email',
  'consentPrivacy',
  'preferredChannel',
  'emailForChannel',
  'phoneForChannel',
] as const;

/** Required fields left empty are told just that (the contract's message also names the length limit). */
const requiredFields = ['firstName', 'lastName', 'dateOfBirth'] as const;

function useFieldMessages(error: ErrorResponse | null, values: KioskDraft): Record<string, string> {
  const { t } = useTranslation();
  // Read at the refusal, not as the person types: the message stays the one the server gave until the next submit.
  const submitted = useRef(values);
  const refusal = useRef(error);
  if (refusal.current !== error) {
    refusal.current = error;
    submitted.current = values;
  }
  // The same object while the error is the same.
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(error?.fields ?? {}).map(([field, message]) => {
          const required = requiredFields.find((key) => key === field);
          if (required && !submitted.current[required].trim()) return [field, t(`kiosk.errors.${required}Required`)];
          const code = error?.fieldCodes?.[field];
          const known = translatedMessages.find((key) => code === `patient.${key}`);
          return [field, known ? t(`kiosk.errors.${known}`) : message];
        }),
      ),
    [error, t],
  );
}

interface KioskFormProps {
  error: ErrorResponse | null;
  isSubmitting: boolean;
  onActivity: () => void;
  onSubmit: (values: KioskDraft) => void;
}

/** One person's form. Remounted (key) at every reset, so no value of the previous person survives. */
function KioskForm({ error, isSubmitting, onActivity, onSubmit }: KioskFormProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<KioskDraft>(emptyDraft);
  const change =
    <Field extends keyof KioskDraft>(field: Field) =>
    (value: KioskDraft[Field]) => {
      setValues((current) => ({ ...current, [field]: value }));
      onActivity();
    };
  const fields = useFieldMessages(error, values);
  // A consent's label is a paragraph: the summary names it shortly.
  const labelOf = (field: string) =>
    i18n.exists(`kiosk.summaryLabels.${field}`) ? t(`kiosk.summaryLabels.${field}`) : i18n.exists(`kiosk.${field}`) ? t(`kiosk.${field}`) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(values);
  };

  // A shared screen: the browser must not offer the previous person's entries (autocomplete off).
  const text = (field: 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'email', type: string) => (
    <TextField
      name={field}
      label={t(`kiosk.${field}`)}
      type={type}
      autoComplete="off"
      value={values[field]}
      onChange={change(field)}
      isRequired={field === 'firstName' || field === 'lastName' || field === 'dateOfBirth'}
      isDisabled={isSubmitting}
    />
  );

  // Any key or touch in the form counts as activity (the idle clock starts again).
  return (
    <div onKeyDownCapture={onActivity} onPointerDownCapture={onActivity}>
    <Form className={patientStyles.form} onSubmit={submit} validationErrors={fields} validationBehavior="aria">
      {error && (
        <ErrorSummary
          // A refusal of the person as a whole (a likely existing record) says its own words; one of fields, kiosk.failed.
          title={error.code && !error.fields ? translateApiError(i18n, error, t('kiosk.failed')) : t('kiosk.failed')}
          refusal={error}
          fields={Object.entries(fields).map(([name, message]) => ({ name, label: labelOf(name), message }))}
        />
      )}
      <section className={styles.section} aria-labelledby="kiosk-details">
        <h2 id="kiosk-details" className={styles.sectionTitle}>
          {t('kiosk.details')}
        </h2>
        <div className={patientStyles.fields}>
          {text('firstName', 'text')}
          {text('lastName', 'text')}
          {text('dateOfBirth', 'date')}
          {text('phone', 'tel')}
          {text('email', 'email')}
        </div>
      </section>
      <section className={styles.section} aria-labelledby="kiosk-preferences">
        <h2 id="kiosk-preferences" className={styles.sectionTitle}>
          {t('kiosk.preferences')}
        </h2>
        <Choice
          name="preferredChannel"
          label={t('kiosk.preferredChannel')}
          value={values.preferredChannel || null}
          onChange={(value) => change('preferredChannel')(value as KioskDraft['preferredChannel'])}
          isRequired
          isDisabled={isSubmitting}
          options={[
            { value: 'email', label: t('records.profile.channels.email') },
            { value: 'sms', label: t('records.profile.channels.sms') },
          ]}
        />
        <Choice
          name="preferredLanguage"
          label={t('kiosk.preferredLanguage')}
          value={values.preferredLanguage}
          onChange={(value) => change('preferredLanguage')(value as KioskDraft['preferredLanguage'])}
          isDisabled={isSubmitting}
          options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
        />
      </section>
      <section className={styles.section} aria-labelledby="kiosk-consents">
        <h2 id="kiosk-consents" className={styles.sectionTitle}>
          {t('kiosk.consents')}
        </h2>
        <div className={styles.consent}>
          <Checkbox
            name="consentPrivacy"
            isSelected={values.consentPrivacy}
            onChange={change('consentPrivacy')}
            isInvalid={Boolean(fields.consentPrivacy)}
            isDisabled={isSubmitting}
            aria-describedby={fields.consentPrivacy ? 'consent-privacy-error' : undefined}
          >
            {t('kiosk.consentPrivacy')}
          </Checkbox>
          {fields.consentPrivacy && (
            <span id="consent-privacy-error" className={patientStyles.fieldError}>
              {fields.consentPrivacy}
            </span>
          )}
        </div>
        <div className={styles.consent}>
          <Checkbox
            name="consentContact"
            isSelected={values.consentContact}
            onChange={change('consentContact')}
            isDisabled={isSubmitting}
          >
            {t('kiosk.consentContact')}
          </Checkbox>
        </div>
      </section>
      <div className={patientStyles.actions}>
        <Button type="submit" isPending={isSubmitting}>
          {t('kiosk.submit')}
        </Button>
      </div>
    </Form>
    </div>
  );
}

/**
 * /patient/register (kiosk role, kiosk layout): a walk-in patient signs up at the counter. The flow is the
 * kioskRegistration machine (editing -> submitting -> done -> editing, cleared after 2 minutes idle and after the
 * thank-you screen); each reset remounts the form, drops the registration from TanStack Query's mutation cache and
 * puts the kiosk's language back, so the next person never sees the previous one's data or choices.
 */
export function KioskRegisterPage() {
  const { t } = useTranslation();
  const { tenantId } = useRecordsAccess();
  // Activity events restart the idle clock without changing what is shown: the page reads only what it shows.
  const actor = useKioskRegistrationActor(tenantId);
  const formKey = useSelector(actor, (snapshot) => snapshot.context.formKey);
  const registered = useSelector(actor, (snapshot) => (snapshot.hasTag('done') ? snapshot.context.registered : null));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const isSubmitting = useSelector(actor, (snapshot) => snapshot.hasTag('submitting'));
  const send = (event: KioskRegistrationEvent) => actor.send(event);

  // The toolbar's 'Start over'.
  useEffect(() => onStartOver(() => actor.send({ type: 'kiosk.startOver' })), [actor]);

  return (
    <section className={styles.kiosk} aria-labelledby="kiosk-title">
      <h1 id="kiosk-title" className={styles.title}>
        {t('kiosk.title')}
      </h1>
      {registered ? (
        <div className={styles.done} role="status">
          <p className={styles.thanks}>{t('kiosk.thankYou', { name: registered.firstName })}</p>
          <p className={styles.intro}>{t('kiosk.thankYouText')}</p>
          <Button onPress={() => send({ type: 'kiosk.next' })}>{t('kiosk.next')}</Button>
          <p className={styles.intro}>{t('kiosk.clears')}</p>
        </div>
      ) : (
        <>
          <p className={styles.intro}>{t('kiosk.intro')}</p>
          <KioskForm
            key={formKey}
            error={error}
            isSubmitting={isSubmitting}
            onActivity={() => send({ type: 'kiosk.activity' })}
            onSubmit={(values) => send({ type: 'kiosk.submit', values })}
          />
        </>
      )}
    </section>
  );
}
