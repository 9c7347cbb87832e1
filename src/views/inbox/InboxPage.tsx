import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { navigate } from 'wouter/use-browser-location';
import { ApiError } from '../../api/http';
import { inboxQueries, useChangeConversation, useInboxRefresh, useSendMessage } from '../../api/inbox';
import { recordsQueries } from '../../api/records';
import { inboxLimits } from '../../contract/inbox';
import type { ConversationDetail, ConversationSummary } from '../../contract/inbox';
import { translateError } from '../../i18n/apiErrors';
import { fieldErrorsOf, useFieldErrors } from '../shared/fieldErrors';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { controlNamed, ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import { Isolated } from '../ui/Isolated';
import { useSessionActor } from '../ui/session';
import { Spinner } from '../ui/Spinner';
import { UnreadBadge } from './UnreadBadge';
import { hasInbox } from './unread';
import { PatientChooser } from './PatientChooser';
import type { ChosenPatient } from './PatientChooser';
import * as styles from './inbox.css';

type Filter = 'open' | 'done' | 'all';
const filters: readonly Filter[] = ['open', 'done', 'all'];

/**
 * /apps/mail (the user menu's Inbox): secure messages between a patient and their store. A patient writes to the
 * store and reads the replies; staff see their stores' conversations, take one, reply and mark it done. The list
 * and the open conversation sit side by side on a wide screen and one above the other on a phone. Staff start a
 * conversation with 'New message' (choosing the patient) or from a patient's chart: `?patient={id}` opens the new
 * message to that patient.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const roles = useSelector(useSessionActor(), (s) => s.context.session?.user.role ?? []);
  const isPatient = roles.includes('patient');
  const [filter, setFilter] = useState<Filter>(isPatient ? 'all' : 'open');
  const search = usePageSearch();
  const patientParam = isPatient ? null : patientOfSearch(search);
  const [selected, setSelected] = useState<string | 'new' | null>(patientParam ? 'new' : null);
  const started = (id: string) => {
    // The chart's preselection is spent: reloading shows the new conversation's list, not another new message.
    if (patientParam) navigate('/apps/mail', { replace: true });
    setSelected(id);
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('inbox.title')}
      </h1>
      {!hasInbox(roles) ? (
        <p className={styles.muted}>{t('inbox.notForRole')}</p>
      ) : (
        <div className={styles.layout}>
          <ConversationListPanel filter={filter} onFilter={setFilter} selected={selected} onSelect={setSelected} isPatient={isPatient} />
          {selected === 'new' ? (
            <NewConversationPanel key={patientParam ?? ''} isPatient={isPatient} patientId={patientParam} onStarted={started} />
          ) : selected ? (
            <ConversationPanel key={selected} id={selected} isPatient={isPatient} />
          ) : (
            <section className={styles.panel} aria-label={t('inbox.conversation')}>
              <p className={styles.muted}>{isPatient ? t('inbox.pickOrWrite') : t('inbox.pick')}</p>
            </section>
          )}
        </div>
      )}
    </section>
  );
}

function ConversationListPanel({
  filter,
  onFilter,
  selected,
  onSelect,
  isPatient,
}: {
  filter: Filter;
  onFilter: (f: Filter) => void;
  selected: string | null;
  onSelect: (id: string | 'new') => void;
  isPatient: boolean;
}) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const formats = useFormats();
  const headingId = useId();
  const list = useQuery(inboxQueries.list(tenantId, filter));
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('inbox.conversations')}
      </h2>
      <div className={styles.bar} role="group" aria-label={t('inbox.show')}>
        {filters.map((f) => (
          <Button key={f} variant={f === filter ? 'primary' : 'secondary'} aria-pressed={f === filter} onPress={() => onFilter(f)}>
            {t(`inbox.filters.${f}`)}
          </Button>
        ))}
      </div>
      <div className={styles.bar}>
        <Button onPress={() => onSelect('new')}>{t('inbox.newMessage')}</Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('inbox.loading')} />
      ) : list.isError ? (
        <Alert>{translateError(i18n, list.error)}</Alert>
      ) : list.data.conversations.length === 0 ? (
        <p className={styles.muted}>{t('inbox.none')}</p>
      ) : (
        <ul className={styles.list}>
          {list.data.conversations.map((c) => (
            <li key={c.id}>
              <button type="button" className={styles.item} aria-current={c.id === selected} onClick={() => onSelect(c.id)}>
                <span className={styles.itemHead}>
                  <bdi>{isPatient ? c.storeName : c.patientName}</bdi>
                  {c.unread > 0 && <UnreadBadge count={c.unread} label={t('inbox.unreadCount', { count: c.unread })} />}
                </span>
                <span className={styles.itemMeta} dir="auto">
                  {c.preview}
                </span>
                <span className={styles.itemMeta}>
                  {formats.dateTime(c.lastMessageAt)} · {statusText(t, c)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The patient a new message is for (`?patient=` from the chart), when it is an id. */
function patientOfSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('patient');
  return id && uuid.test(id) ? id : null;
}

function statusText(t: ReturnType<typeof useTranslation>['t'], c: ConversationSummary): ReactNode {
  const status = t(`inbox.statuses.${c.status}`);
  if (!c.assignedTo) return status;
  return (
    <>
      {status} · <Isolated values={{ name: c.assignedTo.name }}>{(v) => t('inbox.assignedTo', v)}</Isolated>
    </>
  );
}

function ConversationPanel({ id, isPatient }: { id: string; isPatient: boolean }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const formats = useFormats();
  const headingId = useId();
  const refresh = useInboxRefresh(tenantId);
  const conversation = useQuery({ ...inboxQueries.conversation(tenantId, id), staleTime: Infinity });
  // Opening marks the other side's messages read: the badge and the list follow once it has answered.
  const loaded = conversation.isSuccess;
  useEffect(() => {
    if (loaded) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the conversation has been read
  }, [loaded]);
  const change = useChangeConversation(tenantId, id);
  const session = useSessionActor();
  const userId = useSelector(session, (s) => s.context.session?.user.id ?? '');

  if (conversation.isPending) return <Spinner label={t('inbox.loading')} />;
  if (conversation.isError) return <Alert>{translateError(i18n, conversation.error)}</Alert>;
  const c = conversation.data;
  const mine = c.assignedTo?.id === userId;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {isPatient ? (
          <Isolated values={{ store: c.storeName }}>{(v) => t('inbox.withStore', v)}</Isolated>
        ) : (
          <Isolated values={{ name: c.patientName, store: c.storeName }}>{(v) => t('inbox.withPatient', v)}</Isolated>
        )}
      </h2>
      <p className={styles.muted}>{statusText(t, c)}</p>
      {!isPatient && (
        <div className={styles.bar}>
          <Button variant="secondary" isDisabled={change.isPending} onPress={() => change.mutate({ assignedToMe: !mine })}>
            {mine ? t('inbox.unassign') : t('inbox.assignToMe')}
          </Button>
          <Button variant="secondary" isDisabled={change.isPending} onPress={() => change.mutate({ status: c.status === 'done' ? 'open' : 'done' })}>
            {c.status === 'done' ? t('inbox.reopen') : t('inbox.markDone')}
          </Button>
        </div>
      )}
      {change.isError && <Alert>{translateError(i18n, change.error)}</Alert>}
      <ol className={styles.messages} aria-label={t('inbox.messages')}>
        {c.messages.map((m) => (
          <li key={m.id} className={styles.message} data-mine={m.mine}>
            <span className={styles.muted}>
              {m.mine ? t('inbox.you') : m.authorName} · {formats.dateTime(m.createdAt)}
            </span>
            <p className={styles.messageText}>{m.text}</p>
          </li>
        ))}
      </ol>
      <MessageForm
        label={t('inbox.reply')}
        submitLabel={t('inbox.send')}
        to={id}
      />
    </section>
  );
}

function NewConversationPanel({ isPatient, patientId, onStarted }: { isPatient: boolean; patientId: string | null; onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [patient, setPatient] = useState<ChosenPatient | null>(null);
  const preselected = usePreselectedPatient(patientId);
  // The chart's patient, until the clerk changes it.
  const [changed, setChanged] = useState(false);
  const chosen = changed ? patient : (preselected.patient ?? patient);
  const choose = (next: ChosenPatient | null) => {
    setChanged(true);
    setPatient(next);
  };
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('inbox.newMessage')}
      </h2>
      <p className={styles.muted}>{isPatient ? t('inbox.newHint') : t('inbox.newStaffHint')}</p>
      {!isPatient && !changed && preselected.isPending ? (
        <Spinner label={t('inbox.loadingPatient')} />
      ) : (
        <MessageForm
          label={t('inbox.yourMessage')}
          submitLabel={t('inbox.send')}
          patient={isPatient ? undefined : { chosen, onChoose: choose, loadProblem: changed ? null : preselected.problem }}
          to={isPatient ? {} : { patientId: chosen?.id }}
          onSent={(detail) => onStarted(detail.id)}
        />
      )}
    </section>
  );
}

/** The chart's patient (`?patient=`), named from the chart's own profile query; a refusal is said at the field. */
function usePreselectedPatient(patientId: string | null): { patient: ChosenPatient | null; isPending: boolean; problem: string | null } {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const profile = useQuery({ ...recordsQueries.profile(tenantId, { kind: 'patient', patientId: patientId ?? '' }), enabled: patientId !== null && tenantId !== '' });
  if (!patientId) return { patient: null, isPending: false, problem: null };
  if (profile.isError) return { patient: null, isPending: false, problem: patientRefusal(t, i18n, profile.error) };
  if (!profile.data) return { patient: null, isPending: true, problem: null };
  return { patient: { id: patientId, name: t('patientChart.name', { first: profile.data.firstName, last: profile.data.lastName }) }, isPending: false, problem: null };
}

/** The patient could not be written to: not one of the clerk's stores' (404) or refused as a field. */
function patientRefusal(t: TFunction, i18n: Parameters<typeof translateError>[0], error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return t('inbox.patientNotFound');
  const field = error instanceof ApiError ? fieldErrorsOf(i18n, error.body).patientId : undefined;
  return field ?? translateError(i18n, error);
}

/**
 * A message box (1 to 5000 characters, line breaks kept) and its send button; the server's refusal shows at its
 * field. A new message from staff first names its patient (PatientChooser), whose refusal shows there.
 */
function MessageForm({
  label,
  submitLabel,
  patient,
  to,
  onSent,
}: {
  label: string;
  submitLabel: string;
  patient?: { chosen: ChosenPatient | null; onChoose: (patient: ChosenPatient | null) => void; loadProblem: string | null };
  /** The conversation replied to (its id), or whom a new conversation is with (useSendMessage). */
  to: Parameters<typeof useSendMessage>[1];
  onSent?: (detail: ConversationDetail) => void;
}) {
  const { t, i18n } = useTranslation();
  const fieldId = useId();
  const errorId = useId();
  const patientErrorId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ text?: string; patient?: string } | null>(null);
  const tenantId = useTenantId();
  const mutation = useSendMessage(tenantId, to, {
    onSuccess: (detail) => {
      setText('');
      onSent?.(detail);
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const missing = {
      ...(!text.trim() ? { text: t('inbox.empty') } : {}),
      ...(patient && !patient.chosen ? { patient: t('inbox.choosePatient') } : {}),
    };
    setProblem(missing.text || missing.patient ? missing : null);
    if (missing.text || missing.patient) {
      mutation.reset();
      return refuse();
    }
    accept();
    mutation.mutate(text);
  }
  const refused = mutation.error;
  const fields = useFieldErrors(refused);
  const patientRefused = patient && refused && ((refused instanceof ApiError && refused.status === 404) || fields.patientId) ? patientRefusal(t, i18n, refused) : null;
  const textRefused = fields.text ?? null;
  const shown = problem?.text ?? textRefused;
  const patientShown = problem?.patient ?? patientRefused ?? patient?.loadProblem ?? null;
  // A refused send (the form's own checks or the server's) focuses the summary, linking to the patient and the text.
  const { summary, refuse, accept } = useErrorSummary({
    error: refused,
    fields: { patientId: problem?.patient ?? patientRefused ?? undefined, text: shown ?? undefined },
    labels: { patientId: t('inbox.to'), text: label },
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {summary && <ErrorSummary {...summary} fieldOf={(name, form) => controlNamed(name, form) ?? form.querySelector<HTMLElement>(`[data-field="${name}"]`)} />}
      {patient && (
        <PatientChooser
          chosen={patient.chosen}
          onChoose={(next) => {
            // Another patient: the refusal of the last one no longer applies.
            mutation.reset();
            setProblem((p) => (p?.text ? { text: p.text } : null));
            patient.onChoose(next);
          }}
          problem={patientShown}
          problemId={patientErrorId}
        />
      )}
      <label htmlFor={fieldId} className={styles.label}>
        {label}
      </label>
      <textarea
        id={fieldId}
        name="text"
        className={styles.textarea}
        value={text}
        maxLength={inboxLimits.text}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {shown && (
        <p id={errorId} className={styles.error}>
          {shown}
        </p>
      )}
      <div className={styles.bar}>
        <Button type="submit" isPending={mutation.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
