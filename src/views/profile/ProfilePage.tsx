import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  profileQueries,
  useChangePassword,
  useConfirmEmailChange,
  useRequestEmailChange,
  useSetPhoto,
  useSignOutOthers,
  useUpdateProfile,
} from '../../api/profile';
import { PHOTO_MAX_BYTES } from '../../contract/users';
import type { Profile } from '../../contract/users';
import { languageNames, languages } from '../../i18n/appI18n';
import type { Language } from '../../i18n/appI18n';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import { changedMeanwhile, useFieldErrors } from '../shared/fieldErrors';
import { SelectField } from '../shared/fields';
import { useUnsavedChanges } from '../shared/useUnsavedChanges';
import { Alert } from '../ui/Alert';
import { ErrorSummary } from '../ui/ErrorSummary';
import { ErrorOf as SharedErrorOf, RefusalSummary as SharedRefusalSummary } from '../shared/formErrors';
import { useErrorSummary } from '../ui/useErrorSummary';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { useSnackbarActor } from '../ui/shellActors';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { useOneAtATime } from '../ui/useOneAtATime';
import * as styles from '../shared/account.css';

/** The photo's longest side after scaling in the browser. */
const PHOTO_SIDE = 256;

/**
 * /pages/profile (My Profile, every person signed in): name and language, photo, a new email address confirmed by
 * the code sent to it, a new password with the current one, and the open sessions with 'sign out everywhere else'.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const profile = useQuery(profileQueries.profile(tenantId));
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('profile.title')}
      </h1>
      {profile.isPending ? (
        <Spinner label={t('profile.loading')} />
      ) : profile.isError ? (
        <ErrorOf error={profile.error} />
      ) : (
        <>
          <NameAndLanguage profile={profile.data} />
          <Photo profile={profile.data} />
          <EmailChange profile={profile.data} />
          <PasswordChange />
          <Sessions />
        </>
      )}
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The profile's alert of a failed call: a 400 of refused fields says to fix them. */
function ErrorOf({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <SharedErrorOf
      error={error}
      fixFields={t('profile.fixFields')}
      refusesFields={(failed) => failed.status === 400 && failed.body?.code === 'request.fieldsInvalid'}
    />
  );
}

/** The summary of a refused save of a form (the server's 400 or the form's own checks), with the fields' labels. */
function useRefusalSummary(error: unknown, fields: Record<string, string | undefined>) {
  return useErrorSummary({ error, fields, ...useRefusalTexts() });
}

/** The profile forms' field labels and the summary's title. */
function useRefusalTexts() {
  const { t } = useTranslation();
  return {
    labels: {
      displayName: t('profile.name'),
      language: t('profile.language'),
      currentPassword: t('profile.currentPassword'),
      newPassword: t('profile.newPassword'),
      repeatPassword: t('profile.repeatPassword'),
      email: t('profile.newEmail'),
      vcode: t('profile.code'),
    },
    title: t('profile.fixFields'),
  };
}

/** A refused save of a form: the summary focused in place of its button, linking to each refused field. */
function RefusalSummary({ error, fields, children }: { error: unknown; fields: Record<string, string>; children?: ReactNode }) {
  return (
    <SharedRefusalSummary error={error} fields={fields} {...useRefusalTexts()}>
      {children}
    </SharedRefusalSummary>
  );
}

/** The shell's name, photo and email follow a profile answer (the api hook has replaced the cached profile). */
function useProfileSaved() {
  const session = useSessionActor();
  return (saved: Profile) => {
    session.send({ type: 'session.userChanged', data: { displayName: saved.displayName, photoURL: saved.photo, email: saved.email, language: saved.language } });
  };
}

function NameAndLanguage({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbarActor();
  const saved = useProfileSaved();
  const once = useOneAtATime();
  const [base, setBase] = useState(profile);
  // A newer version whose name and language are the ones this form started from (a photo or email saved in the
  // sections below) is taken as the version to save over: nothing of it conflicts with what is typed here.
  if (profile.updatedAt !== base.updatedAt && profile.displayName === base.displayName && profile.language === base.language) setBase(profile);
  const [name, setName] = useState(profile.displayName);
  // No language saved yet: the one showing is offered, and saving it is a change only when another is chosen.
  const [showing] = useState<Language>(() => ((languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en'));
  const [language, setLanguage] = useState<Language>(profile.language ?? showing);
  const changes = {
    ...(name !== base.displayName ? { displayName: name } : {}),
    ...(language !== (base.language ?? showing) ? { language } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  useUnsavedChanges(dirty);
  const mutation = useUpdateProfile(useTenantId(), {
    onSuccess: (answer) => {
      setBase(answer);
      saved(answer);
      if (answer.language && answer.language !== i18n.language) void i18n.changeLanguage(answer.language);
      snackbar.send(savedSnackbar(t('profile.saved')));
    },
  });
  const [emptyName, setEmptyName] = useState(false);
  const fields: Record<string, string> = { ...useFieldErrors(mutation.error), ...(emptyName && !name.trim() ? { displayName: t('errors.required') } : {}) };
  const { summary, refuse, accept } = useRefusalSummary(mutation.error, fields);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setEmptyName(true);
      mutation.reset();
      return refuse();
    }
    accept();
    if (dirty) once((done) => mutation.mutate({ version: base.updatedAt, changes }, { onSettled: done }));
  };
  return (
    <Panel title={t('profile.details')}>
      <Form className={styles.narrow} onSubmit={submit} validationErrors={fields} validationBehavior="aria">
        {summary && (
          <ErrorSummary {...summary}>
            {changedMeanwhile(mutation.error) && (
              <Button
                variant="secondary"
                isDisabled={profile.updatedAt === base.updatedAt}
                onPress={() => {
                  setBase(profile);
                  setName(profile.displayName);
                  mutation.reset();
                }}
              >
                {t('profile.loadTheirVersion')}
              </Button>
            )}
          </ErrorSummary>
        )}
        <TextField name="displayName" label={t('profile.name')} value={name} onChange={setName} isRequired maxLength={100} />
        <SelectField
          name="language"
          label={t('profile.language')}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          error={fields.language}
          options={languages.map((code) => ({ value: code, label: languageNames[code], dir: 'auto' as const }))}
        />
        <div className={styles.actions}>
          <Button type="submit" isDisabled={!dirty} disabledReason={t('errors.noChanges')} isPending={mutation.isPending}>
            {t('profile.save')}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

/** Scales the chosen image down in the browser; the server checks its type and size again. */
async function scaledPhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.85, 0.7, 0.5]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if ((url.length - url.indexOf(',') - 1) * 0.75 <= PHOTO_MAX_BYTES) return url;
  }
  throw new Error('too large');
}

function Photo({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const saved = useProfileSaved();
  const snackbar = useSnackbarActor();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useSetPhoto(useTenantId(), {
    onSuccess: (answer) => {
      saved(answer);
      snackbar.send(savedSnackbar(t('profile.photoSaved')));
    },
  });
  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type) || file.size > 10 * 1024 * 1024) {
      setProblem(t('profile.photoType'));
      return;
    }
    try {
      mutation.mutate(await scaledPhoto(file));
    } catch {
      setProblem(t('profile.photoType'));
    }
    if (input.current) input.current.value = '';
  };
  const initials = profile.displayName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    <Panel title={t('profile.photo')}>
      <div className={styles.photoRow}>
        {profile.photo ? (
          <img src={profile.photo} alt={t('profile.photoAlt')} className={styles.avatar} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {initials}
          </span>
        )}
        <div className={styles.narrow}>
          <label className={styles.fieldLabel}>
            {t('profile.choosePhoto')}
            <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => void choose(event.target.files?.[0])} />
          </label>
          <p className={styles.muted}>{t('profile.photoHint')}</p>
          {profile.photo && (
            <Button variant="secondary" isPending={mutation.isPending} onPress={() => mutation.mutate(null)}>
              {t('profile.removePhoto')}
            </Button>
          )}
        </div>
      </div>
      {problem && <Alert>{problem}</Alert>}
      <ErrorOf error={mutation.error} />
    </Panel>
  );
}

function EmailChange({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const saved = useProfileSaved();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const tenantId = useTenantId();
  const ask = useRequestEmailChange(tenantId, {
    onSuccess: (answer) => {
      saved(answer);
      setCode('');
    },
  });
  const confirm = useConfirmEmailChange(tenantId, {
    onSuccess: (answer) => {
      saved(answer);
      setEmail('');
      setCode('');
      snackbar.send(savedSnackbar(t('profile.emailChanged', { email: answer.email })));
    },
    onError: () => setCode(''),
  });
  const [askChecked, setAskChecked] = useState(false);
  const askFields: Record<string, string> = { ...useFieldErrors(ask.error), ...(askChecked && !email.trim() ? { email: t('errors.required') } : {}) };
  const confirmFields = useFieldErrors(confirm.error);
  const askSummary = useRefusalSummary(ask.error, askFields);
  return (
    <Panel title={t('profile.email')}>
      <p className={styles.muted}>
        {t('profile.currentEmail')} <bdi dir="ltr">{profile.email}</bdi>
      </p>
      <Form
        className={styles.narrow}
        validationErrors={askFields}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          setAskChecked(true);
          if (!email.trim()) {
            ask.reset();
            return askSummary.refuse();
          }
          askSummary.accept();
          once((done) => ask.mutate(email, { onSettled: done }));
        }}
      >
        {askSummary.summary && <ErrorSummary {...askSummary.summary} />}
        <TextField name="email" type="email" label={t('profile.newEmail')} value={email} onChange={setEmail} isRequired autoComplete="email" />
        <div className={styles.actions}>
          <Button type="submit" isPending={ask.isPending}>
            {t('profile.sendCode')}
          </Button>
        </div>
      </Form>
      {profile.pendingEmail && (
        <Form
          className={styles.narrow}
          validationErrors={confirmFields}
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            once((done) => confirm.mutate(code, { onSettled: done }));
          }}
        >
          <p className={styles.muted} role="status">
            {t('profile.codeSent', { email: profile.pendingEmail })}
          </p>
          <RefusalSummary error={confirm.error} fields={confirmFields} />
          <TextField name="vcode" label={t('profile.code')} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" maxLength={6} isRequired />
          <div className={styles.actions}>
            <Button type="submit" isPending={confirm.isPending} isDisabled={code.trim().length !== 6} disabledReason={t('profile.codeRequired')}>
              {t('profile.confirmEmail')}
            </Button>
          </div>
        </Form>
      )}
    </Panel>
  );
}

function PasswordChange() {
  const { t } = useTranslation();
  const snackbar = useSnackbarActor();
  const tenantId = useTenantId();
  const once = useOneAtATime();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const mutation = useChangePassword(tenantId, {
    onSuccess: ({ ended }) => {
      setChecked(false);
      setCurrent('');
      setNext('');
      setRepeat('');
      snackbar.send(savedSnackbar(t('profile.passwordChanged', { count: ended })));
    },
  });
  const serverFields = useFieldErrors(mutation.error);
  // The form's own checks, shown once a save is asked for (the differing repeat as soon as it is typed).
  const [checked, setChecked] = useState(false);
  const mismatch = repeat !== '' && repeat !== next;
  const own: Record<string, string | undefined> = {
    ...(checked && !current ? { currentPassword: t('errors.required') } : {}),
    ...(checked && !next ? { newPassword: t('errors.required') } : checked && next.length < 12 ? { newPassword: t('errors.passwordTooShort') } : {}),
    ...(checked && !repeat ? { repeatPassword: t('errors.required') } : mismatch ? { repeatPassword: t('profile.passwordsDiffer') } : {}),
  };
  const fields = Object.fromEntries(Object.entries({ ...serverFields, ...own }).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const { summary, refuse, accept } = useRefusalSummary(mutation.error, fields);
  return (
    <Panel title={t('profile.password')}>
      <Form
        className={styles.narrow}
        validationErrors={fields}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (!current || !next || next.length < 12 || !repeat || mismatch) {
            mutation.reset();
            refuse();
            return;
          }
          accept();
          once((done) => mutation.mutate({ currentPassword: current, newPassword: next }, { onSettled: done }));
        }}
      >
        {summary && <ErrorSummary {...summary} />}
        <TextField name="currentPassword" type="password" label={t('profile.currentPassword')} value={current} onChange={setCurrent} isRequired autoComplete="current-password" />
        <TextField name="newPassword" type="password" label={t('profile.newPassword')} value={next} onChange={setNext} isRequired minLength={12} maxLength={128} autoComplete="new-password" />
        <TextField name="repeatPassword" type="password" label={t('profile.repeatPassword')} value={repeat} onChange={setRepeat} isRequired autoComplete="new-password" />
        <p className={styles.muted}>{t('profile.passwordHint')}</p>
        <div className={styles.actions}>
          <Button type="submit" isPending={mutation.isPending}>
            {t('profile.changePassword')}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const sessions = useQuery(profileQueries.sessions(tenantId));
  const mutation = useSignOutOthers(tenantId, {
    onSuccess: ({ ended }) => {
      snackbar.send(savedSnackbar(t('profile.signedOutOthers', { count: ended })));
    },
  });
  return (
    <Panel title={t('profile.sessions')}>
      {sessions.isPending ? (
        <Spinner label={t('profile.loading')} />
      ) : sessions.isError ? (
        <ErrorOf error={sessions.error} />
      ) : (
        <ul className={styles.list}>
          {sessions.data.sessions.map((s) => (
            <li key={s.id}>
              {s.current && <strong>{t('profile.thisSession')} · </strong>}
              <bdi dir="ltr">{s.userAgent ?? t('profile.unknownDevice')}</bdi>
              {s.ip && (
                <>
                  {' · '}
                  <bdi dir="ltr">{s.ip}</bdi>
                </>
              )}
              {' · '}
              {t('profile.lastUsed', { date: formats.dateTime(s.lastUsedAt) })}
            </li>
          ))}
        </ul>
      )}
      <ErrorOf error={mutation.error} />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          isPending={mutation.isPending}
          isDisabled={!sessions.data || sessions.data.sessions.every((s) => s.current)}
          onPress={() => mutation.mutate()}
        >
          {t('profile.signOutOthers')}
        </Button>
      </div>
    </Panel>
  );
}
