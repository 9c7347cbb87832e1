import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { usePageTexts } from '../../../i18n/pageTexts';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import { createDevInspector } from '../../ui/inspector';
import type { eformMachine } from '../../../machines/eform.machine';
import type { otpMachine } from '../../../machines/otp.machine';
import { Alert } from '../../ui/Alert';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { EformSections } from '../EformSections';
import { useFormTextReader } from '../formText';
import { LanguageButtons, PageButton, Progress } from '../../shared/publicPage/controls';
import { publicEformMachine } from '../../../actors/publicEform';
import { messageText } from './messageText';
import { OtpGate } from './OtpGate';
import * as styles from '../../shared/publicPage/publicPage.css';
import { ScreenTitle } from '../../shared/publicPage/ScreenTitle';

type EformActor = ActorRefFrom<typeof eformMachine>;

/** The query of the emailed link, /eforms?tenantid=<uuid>&uri=<link token>. */
function linkOf(search: string) {
  const query = new URLSearchParams(search);
  return { tenantId: query.get('tenantid') || null, uri: query.get('uri') || null };
}

/**
 * The public eForm page (spec 2.6): a guest opens the emailed link, proves with a one-time code that it is
 * theirs when the form asks for it, fills the form in and submits it. No shell and nothing of the signed-in
 * session: its calls carry the link's tenant and the form token only (src/api/eformsPublic.ts). A full page load
 * of /eforms gets its own small entry (src/eformsMain.tsx, eforms.html); the app's route table draws it too.
 */
export function PublicEformPage({
  search = typeof window === 'undefined' ? '' : window.location.search,
  inspect: observer,
}: {
  search?: string;
  /** Watches the page's actors (tests); in development `?inspect` opens the Stately inspector instead. */
  inspect?: Observer<InspectionEvent>;
}) {
  const [inspect] = useState(() => observer ?? createDevInspector(search));
  const actor = useActorRef(publicEformMachine, { input: linkOf(search), inspect });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <LanguageButtons />
      </header>
      <main className={styles.main}>
        <EformScreen actor={actor} />
      </main>
    </div>
  );
}

/** What the form's reader sees at each step of the eForm machine (the public link and the patient's own form). */
export function EformScreen({ actor }: { actor: EformActor }) {
  const { t } = usePageTexts();
  const screen = useSelector(actor, (s) => {
    if (s.matches('codeRequired') || s.matches('reverifying')) return 'code';
    if (s.matches('form') || s.matches('submitting')) return 'form';
    if (s.matches('alreadySubmitted') || s.matches('expired') || s.matches('received') || s.matches('failed')) {
      return s.value as 'alreadySubmitted' | 'expired' | 'received' | 'failed';
    }
    return 'loading';
  });
  // The otp child of codeRequired and reverifying (invoke id 'otp').
  const otp = useSelector(actor, (s) => s.children.otp as ActorRefFrom<typeof otpMachine> | undefined);
  const notice = useSelector(actor, (s) => s.context.error);

  switch (screen) {
    case 'loading':
      return (
        <div className={styles.centered}>
          <Progress label={t('eformPublic.loading')} />
        </div>
      );
    case 'code':
      return otp ? <OtpGate otp={otp} notice={notice} /> : null;
    case 'form':
      return <FormScreen actor={actor} />;
    case 'alreadySubmitted':
      return <MessageScreen title={t('eformPublic.thankYouTitle')} text={t('eformPublic.alreadyReceived')} />;
    case 'expired':
      return <MessageScreen title={t('eformPublic.expiredTitle')} text={t('eformPublic.expiredBody')} />;
    case 'received':
      return <MessageScreen title={t('eformPublic.thankYouTitle')} text={t('eformPublic.received')} />;
    case 'failed':
      return <FailedScreen actor={actor} />;
  }
}

function MessageScreen({ title, text }: { title: string; text: string }) {
  return (
    <div className={styles.centered}>
      <ScreenTitle>{title}</ScreenTitle>
      <p className={styles.text}>{text}</p>
    </div>
  );
}

function FailedScreen({ actor }: { actor: EformActor }) {
  const { t } = usePageTexts();
  const error = useSelector(actor, (s) => s.context.error);
  const badLink = useSelector(actor, (s) => s.context.badLink);
  return (
    <div className={styles.centered}>
      <ScreenTitle>{t('eformPublic.failedTitle')}</ScreenTitle>
      <Alert>{badLink ? t('eformPublic.messages.formNotFound') : messageText(t, error)}</Alert>
      {!badLink && <PageButton onPress={() => actor.send({ type: 'eform.retry' })}>{t('eformPublic.retry')}</PageButton>}
    </div>
  );
}

function FormScreen({ actor }: { actor: EformActor }) {
  const { t } = usePageTexts();
  const hintId = useId();
  const form = useSelector(actor, (s) => s.context.form);
  const sections = useSelector(actor, (s) => s.context.sections);
  // The machine's own guard decides; while the answers are on their way the button stays as it was (pending).
  const submittable = useSelector(actor, (s) => s.matches('submitting') || s.can({ type: 'form.submit' }));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const error = useSelector(actor, (s) => s.context.error);
  const viewOnly = form?.assignId === 0;
  const languages = useMemo(() => ({ language: form?.language ?? 'en', translations: form?.translations ?? {} }), [form?.language, form?.translations]);
  const reader = useFormTextReader(languages);
  const name = form ? reader.shown('name', form.name).text : '';
  const hasRequired = sections.some((section) => section.isRequired);
  const missingRequired = sections.some((section) => section.isRequired && section.validated !== 1);

  useEffect(() => {
    if (name) document.title = name;
  }, [name]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  if (!form) return null;
  return (
    <>
      <div className={styles.card}>
        <ScreenTitle>{reader.text('name', form.name)}</ScreenTitle>
        {form.description && <p className={styles.text}>{reader.text('description', form.description)}</p>}
        {viewOnly && <p className={styles.notice}>{t('eformPublic.viewOnly')}</p>}
        {hasRequired && (
          <p className={styles.muted}>
            <span className={styles.asterisk} aria-hidden="true">
              *{' '}
            </span>
            {t('eformPublic.requiredNote')}
          </p>
        )}
      </div>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={name}>
        <EformSections
          sections={sections}
          languages={languages}
          readOnly={viewOnly}
          onAnswer={(answer) => actor.send({ type: 'form.answered', answer })}
        />
        {/* A refused submit: the summary takes the focus, as every form's does. */}
        {error && <ErrorSummary title={messageText(t, error) ?? t('eformPublic.unexpected')} fields={[]} refusal={error} />}
        {!viewOnly && (
          <div className={styles.actions}>
            <p id={hintId} className={styles.muted} aria-live="polite">
              {missingRequired ? t('eformPublic.answerRequired') : ''}
            </p>
            <PageButton variant="secondary" onPress={() => actor.send({ type: 'form.cleared' })} disabled={submitting}>
              {t('eformPublic.clear')}
            </PageButton>
            <PageButton type="submit" disabled={!submittable} pending={submitting} aria-describedby={hintId}>
              {t('eformPublic.submit')}
            </PageButton>
          </div>
        )}
      </form>
    </>
  );
}
