import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useCreatePatient } from '../../../api/patients';
import { PatientInput, patientMessages } from '../../../contract/patientsAdmin';
import { languages } from '../../../i18n/appI18n';
import { Field } from '../../shared/Field';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { useOneAtATime } from '../../ui/useOneAtATime';
import * as styles from './sale.css';

type Draft = { firstName: string; lastName: string; dateOfBirth: string; phone: string; email: string };
type FieldName = keyof Draft;
const empty: Draft = { firstName: '', lastName: '', dateOfBirth: '', phone: '', email: '' };
const fieldNames: FieldName[] = ['firstName', 'lastName', 'dateOfBirth', 'phone', 'email'];

/** The contract's field messages that the kiosk already says in every language (kiosk.errors). */
const translated = ['firstName', 'lastName', 'dateOfBirth', 'phone', 'email'] as const;
const requiredFields = ['firstName', 'lastName', 'dateOfBirth'] as const;

/**
 * The register's "New patient": the few details a sale needs (name, date of birth, a phone or an email), checked
 * with the contract's patient-create schema before sending and created at the register's store through the staff
 * create-patient endpoint. The patient is then chosen for the sale. Creating a patient needs the connection. A
 * refused create (the form's own check or the server's 400) focuses the summary above the fields, linking to each.
 */
export function NewPatientForm({ tenantId, locationId, online, onCreated, onCancel }: { tenantId: string; locationId: string; online: boolean; onCreated: (patient: { id: string; name: string }) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const once = useOneAtATime();
  const first = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  useEffect(() => first.current?.querySelector('input')?.focus(), []);
  const create = useCreatePatient(tenantId, {
    onSuccess: (patient) => {
      onCreated({ id: patient.id, name: `${patient.firstName} ${patient.lastName}` });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body?.fields) setErrors(messagesOf(error.body.fields));
    },
  });

  const { summary, refuse, accept } = useErrorSummary({
    error: create.error,
    fields: errors,
    labels: Object.fromEntries(fieldNames.map((name) => [name, t(`posSale.newPatient.${name}`)])),
  });

  /** A contract message in the reader's language; a required field left empty is told just that. */
  function messagesOf(fields: Record<string, string>): Partial<Record<FieldName, string>> {
    const out: Partial<Record<FieldName, string>> = {};
    for (const [field, message] of Object.entries(fields)) {
      const name = fieldNames.find((f) => f === field);
      if (!name) continue;
      const required = requiredFields.find((f) => f === name);
      const known = translated.find((key) => patientMessages[key] === message);
      out[name] = required && !draft[required].trim() ? t(`kiosk.errors.${required}Required`) : known ? t(`kiosk.errors.${known}`) : message;
    }
    return out;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const language = languages.find((l) => l === i18n.resolvedLanguage);
    const input = {
      locationId,
      ...draft,
      // Messages go where the patient can get them: email when given, else a text.
      preferredChannel: draft.email.trim() ? ('email' as const) : ('sms' as const),
      // The language the clerk serves them in is the best guess until the patient says otherwise.
      ...(language ? { preferredLanguage: language } : {}),
    };
    const checked = PatientInput.safeParse(input);
    const found: Partial<Record<FieldName, string>> = checked.success
      ? {}
      : messagesOf(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    // The schema asks for the channel's address: with neither given, ask for either.
    if (!draft.phone.trim() && !draft.email.trim()) found.phone = t('posSale.newPatient.contactRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      create.reset();
      refuse();
      return;
    }
    accept();
    once((done) => create.mutate(input, { onSettled: done }));
  };

  const field = (name: FieldName, type: string, ltr = false) => (
    <div ref={name === 'firstName' ? first : undefined}>
      <Field
        name={name}
        label={t(`posSale.newPatient.${name}`)}
        type={type}
        ltr={ltr}
        maxLength={name === 'email' ? 254 : name === 'phone' ? 30 : 100}
        value={draft[name]}
        onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
        error={errors[name]}
        hint={name === 'phone' ? t('posSale.newPatient.contactHint') : undefined}
      />
    </div>
  );
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.heading}>
        {t('posSale.newPatient.title')}
      </h3>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fields}>
        {field('firstName', 'text')}
        {field('lastName', 'text')}
        {field('dateOfBirth', 'date', true)}
        {field('phone', 'tel', true)}
        {field('email', 'email', true)}
      </div>
      {!online && (
        <p id={`${id}-offline`} className={styles.muted}>
          {t('apiErrors.pos.needsConnection', { what: t('posSale.needs.newPatient') })}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={!online} aria-describedby={online ? undefined : `${id}-offline`} isPending={create.isPending}>
          {t('posSale.newPatient.create')}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {t('posSale.newPatient.cancel')}
        </Button>
      </div>
    </form>
  );
}
