import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Form, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { GuestBookingRequest } from '../../contract/booking';
import { fieldCodesOf } from '../../contract/fieldMessages';
import { languageNames, languages } from '../../i18n/appI18n';
import { type GuestPerson } from '../../machines/guestBooking.machine';
import * as styles from '../shared/records.css';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';

/**
 * The public booking page's steps about the person (src/views/booking/GuestBookingPage.tsx): their details, checked
 * by the contract's rules before anything is sent, and the one-time code sent to them.
 */
/** The form's values: no channel chosen yet, and the privacy consent not given until the person ticks it. */
type Draft = Omit<GuestPerson, 'preferredChannel' | 'consentPrivacy'> & { preferredChannel: GuestPerson['preferredChannel'] | ''; consentPrivacy: boolean };

/** The contract's checks of the person (the kiosk's), said by field in the reader's language before anything is sent. */
function problemsOf(values: Draft, t: (key: string) => string, exists: (key: string) => boolean): Record<string, string> {
  const parsed = GuestBookingRequest.shape.person.safeParse(values);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || fields[name]) continue;
    const code = fieldCodesOf({ [name]: issue.message })?.[name];
    fields[name] = code && exists(`fieldErrors.${code}`) ? t(`fieldErrors.${code}`) : issue.message;
  }
  return fields;
}

export function DetailsStep({
  step,
  chosen,
  initial,
  refusal,
  likelyExisting,
  isSending,
  back,
  onSubmit,
}: {
  step: ReactNode;
  chosen: string;
  initial: GuestPerson | null;
  refusal: string | null;
  /** The sign-in address, when the store may already know this person. */
  likelyExisting: string | null;
  isSending: boolean;
  back: ReactNode;
  onSubmit: (person: GuestPerson) => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Draft>(
    () =>
      initial ?? {
        firstName: '',
        lastName: '',
        dateOfBirth: '',
        phone: '',
        email: '',
        preferredChannel: '',
        preferredLanguage: languages.includes(i18n.language as GuestPerson['preferredLanguage']) ? (i18n.language as GuestPerson['preferredLanguage']) : 'en',
        consentContact: false,
        consentPrivacy: false,
      },
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const change =
    <Field extends keyof Draft>(field: Field) =>
    (value: Draft[Field]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemsOf(values, (key) => t(key), (key) => i18n.exists(key));
    setProblems(found);
    if (!Object.keys(found).length) onSubmit(values as GuestPerson);
  };
  const text = (field: 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'email', type: string, autoComplete: string) => (
    <TextField
      name={field}
      label={t(`kiosk.${field}`)}
      type={type}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={change(field)}
      isRequired={field === 'firstName' || field === 'lastName' || field === 'dateOfBirth'}
      isDisabled={isSending}
    />
  );
  return (
    <Form className={styles.form} onSubmit={submit} validationErrors={problems} validationBehavior="aria">
      {step}
      <h2 className={styles.heading}>{t('guestBooking.detailsTitle')}</h2>
      {chosen && <p>{t('guestBooking.chosenSlot', { summary: chosen })}</p>}
      <p className={styles.muted}>{t('guestBooking.detailsIntro')}</p>
      {Object.keys(problems).length > 0 && <Alert>{t('guestBooking.failed')}</Alert>}
      {refusal && (
        <div className={styles.form}>
          {likelyExisting && <h3 className={styles.heading}>{t('guestBooking.existingTitle')}</h3>}
          <Alert>{refusal}</Alert>
          {likelyExisting && (
            <Link href={likelyExisting} className={styles.link}>
              {t('guestBooking.signIn')}
            </Link>
          )}
        </div>
      )}
      <div className={styles.fields}>
        {text('firstName', 'text', 'given-name')}
        {text('lastName', 'text', 'family-name')}
        {text('dateOfBirth', 'date', 'bday')}
        {text('phone', 'tel', 'tel')}
        {text('email', 'email', 'email')}
      </div>
      <RadioChoice
        name="preferredChannel"
        label={t('kiosk.preferredChannel')}
        value={values.preferredChannel || null}
        onChange={(value) => change('preferredChannel')(value as Draft['preferredChannel'])}
        isRequired
        error={problems.preferredChannel}
        isDisabled={isSending}
        options={[
          { value: 'email', label: t('records.profile.channels.email') },
          { value: 'sms', label: t('records.profile.channels.sms') },
        ]}
      />
      <RadioChoice
        name="preferredLanguage"
        label={t('kiosk.preferredLanguage')}
        value={values.preferredLanguage}
        onChange={(value) => change('preferredLanguage')(value as Draft['preferredLanguage'])}
        isDisabled={isSending}
        options={languages.map((language) => ({ value: language, label: languageNames[language], lang: language }))}
      />
      <Checkbox name="consentPrivacy" isSelected={values.consentPrivacy} onChange={change('consentPrivacy')} isInvalid={Boolean(problems.consentPrivacy)} isDisabled={isSending}>
        {t('kiosk.consentPrivacy')}
      </Checkbox>
      {problems.consentPrivacy && <span className={styles.fieldError}>{problems.consentPrivacy}</span>}
      <Checkbox name="consentContact" isSelected={values.consentContact} onChange={change('consentContact')} isDisabled={isSending}>
        {t('kiosk.consentContact')}
      </Checkbox>
      <div className={styles.actions}>
        <Button type="submit" isPending={isSending}>
          {t('guestBooking.sendCode')}
        </Button>
        {back}
      </div>
    </Form>
  );
}

export function CodeStep({
  step,
  chosen,
  destination,
  refusal,
  isConfirming,
  back,
  onResend,
  onSubmit,
}: {
  step: ReactNode;
  chosen: string;
  destination: string;
  refusal: string | null;
  isConfirming: boolean;
  back: ReactNode;
  onResend: () => void;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setProblem(t('guestBooking.codeRequired'));
    setProblem(null);
    onSubmit(code);
    setCode('');
  };
  return (
    <Form className={styles.form} onSubmit={submit} validationErrors={problem ? { code: problem } : {}} validationBehavior="aria">
      {step}
      <h2 className={styles.heading}>{t('guestBooking.codeTitle')}</h2>
      {chosen && <p>{t('guestBooking.chosenSlot', { summary: chosen })}</p>}
      <p role="status">{t('guestBooking.codeSent', { destination })}</p>
      {refusal && <Alert>{refusal}</Alert>}
      <TextField name="code" label={t('guestBooking.codeLabel')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} isRequired isDisabled={isConfirming} />
      <div className={styles.actions}>
        <Button type="submit" isPending={isConfirming}>
          {t('guestBooking.confirmBooking')}
        </Button>
        <Button variant="secondary" onPress={onResend} isDisabled={isConfirming}>
          {t('guestBooking.resend')}
        </Button>
        {back}
      </div>
    </Form>
  );
}

/**
 * A labelled set of native radio buttons (the browser's own keyboard and screen-reader behaviour, large targets),
 * instead of React Aria's RadioGroup, which only this guest page would download; its message shows under it.
 */
function RadioChoice({
  name,
  label,
  value,
  onChange,
  options,
  isRequired,
  isDisabled,
  error,
}: {
  name: string;
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>;
  isRequired?: boolean;
  isDisabled?: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-required={isRequired || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-disabled={isDisabled || undefined}
      className={styles.fieldset}
    >
      <span id={`${id}-label`} className={styles.legend}>
        {label}
      </span>
      <div className={styles.radios}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio}>
            <input
              type="radio"
              className={styles.nativeRadio}
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={isDisabled}
              onChange={() => onChange(option.value)}
            />
            <span lang={option.lang}>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <span id={`${id}-error`} className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
