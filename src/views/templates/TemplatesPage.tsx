import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { templateQueries, useRemoveTemplate, useSaveTemplate, useSendTestTemplate } from '../../api/templates';
import {
  isTemplateKey,
  smsSegments,
  templateKeys,
  templateLanguages,
  unknownFields,
  type TemplateChannel,
  type TemplateDetail,
  type TemplateKey,
  type TemplateLanguage,
} from '../../contract/messageTemplates';
import { translateError } from '../../i18n/apiErrors';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { useTenantId } from '../shared/useTenant';
import { QueryView } from '../shared/records';
import * as page from '../shared/listPage.css';
import * as chart from '../shared/tabs.css';
import { useFieldErrors } from '../shared/fieldErrors';
import { useUnsavedChanges } from '../shared/useUnsavedChanges';
import { Alert } from '../ui/Alert';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import { Button } from '../ui/Button';
import { useSnackbarActor } from '../ui/shellActors';
import { useOneAtATime } from '../ui/useOneAtATime';
import * as styles from './templates.css';

/** i18n ids cannot hold the keys' dots. */
const nameId = (key: TemplateKey) => `templates.names.${key.replace('.', '_')}`;
const COMPANY = 'company';

/**
 * /admin/template/email and /admin/template/sms: every message the product sends on the channel; for the one chosen
 * (?key=), the company's text and each store's own, in English, Turkish and Arabic. A text not written yet starts
 * from the one that applies today (the company's, else the built-in one).
 */
export function TemplatesPage({ channel }: { channel: TemplateChannel }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const asked = new URLSearchParams(usePageSearch()).get('key') ?? '';
  const key: TemplateKey = isTemplateKey(asked) ? asked : templateKeys[0];
  const list = useQuery(templateQueries.list(tenantId, channel));
  const detail = useQuery(templateQueries.detail(tenantId, channel, key));
  const [owner, setOwner] = useState<string>(COMPANY);
  const [language, setLanguage] = useState<TemplateLanguage>('en');

  return (
    <section className={page.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={page.title}>
        {t(`templates.title.${channel}`)}
      </h1>
      <div className={styles.layout}>
        <nav aria-label={t('templates.listLabel')}>
          <ul className={styles.list}>
            {templateKeys.map((each) => {
              const overrides = list.data?.templates.find((x) => x.key === each)?.overrides ?? 0;
              return (
                <li key={each}>
                  <Link href={`/admin/template/${channel}?key=${each}`} className={styles.listLink} aria-current={each === key ? 'page' : undefined}>
                    <span>{t(nameId(each))}</span>
                    {overrides > 0 && <span className={page.hint}>{t('templates.ownTexts', { count: overrides })}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <QueryView query={detail}>
          {(data) => (
            <div className={styles.editor}>
              <h2 className={page.heading}>{t(nameId(key))}</h2>
              <Tabs selectedKey={owner} onSelectionChange={(k: Key) => setOwner(String(k))} className={chart.tabs}>
                <TabList aria-label={t('templates.ownerLabel')} className={chart.tabList}>
                  <Tab id={COMPANY} className={chart.tab}>
                    {t('templates.company')}
                  </Tab>
                  {data.stores.map((s) => (
                    <Tab key={s.id} id={s.id} className={chart.tab}>
                      {s.name}
                    </Tab>
                  ))}
                </TabList>
                {/* A panel per tab: a TabPanel keeps the id it was first drawn with, which its tab's aria-controls names. */}
                {[COMPANY, ...data.stores.map((s) => s.id)].map((ownerId) => (
                  <TabPanel key={ownerId} id={ownerId}>
                    <Tabs selectedKey={language} onSelectionChange={(k: Key) => setLanguage(k as TemplateLanguage)} className={chart.tabs}>
                      <TabList aria-label={t('templates.languageLabel')} className={chart.tabList}>
                        {templateLanguages.map((l) => (
                          <Tab key={l} id={l} className={chart.tab}>
                            <span lang={l}>{t(`templates.languages.${l}`)}</span>
                          </Tab>
                        ))}
                      </TabList>
                      {templateLanguages.map((l) => (
                        <TabPanel key={l} id={l}>
                          <TemplateEditor
                            key={`${key}/${ownerId}/${l}/${data.texts.length}`}
                            channel={channel}
                            detail={data}
                            locationId={ownerId === COMPANY ? null : ownerId}
                            language={l}
                          />
                        </TabPanel>
                      ))}
                    </Tabs>
                  </TabPanel>
                ))}
              </Tabs>
            </div>
          )}
        </QueryView>
      </div>
    </section>
  );
}

/** The text that applies to an owner and language: its own, else the company's (for a store), else the built-in. */
export function textFor(detail: TemplateDetail, locationId: string | null, language: TemplateLanguage) {
  const own = detail.texts.find((x) => x.locationId === locationId && x.language === language);
  if (own) return { subject: own.subject, body: own.body, source: locationId ? ('store' as const) : ('company' as const), own: true };
  const company = locationId ? detail.texts.find((x) => x.locationId === null && x.language === language) : undefined;
  if (company) return { subject: company.subject, body: company.body, source: 'company' as const, own: false };
  return { ...detail.builtIn[language], source: 'builtIn' as const, own: false };
}

/** Waits until the value has stayed the same for `ms` (the preview asks the server once typing pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function TemplateEditor(props: { channel: TemplateChannel; detail: TemplateDetail; locationId: string | null; language: TemplateLanguage }) {
  const { channel, detail, locationId, language } = props;
  const key = detail.key;
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const ids = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const initial = textFor(detail, locationId, language);
  const [subject, setSubject] = useState(initial.subject);
  const [body, setBody] = useState(initial.body);
  const [field, setField] = useState<string>(detail.fields[0] ?? '');
  const [to, setTo] = useState('');
  const dirty = subject !== initial.subject || body !== initial.body;
  useUnsavedChanges(dirty);

  const unknown = { subject: channel === 'email' ? unknownFields(key, subject)[0] : undefined, body: unknownFields(key, body)[0] };
  const valid = !unknown.subject && !unknown.body && body.trim() !== '';
  const draft = { locationId, language, subject: channel === 'email' ? subject : '', body };
  const settled = useSettled(draft, 300);
  const preview = useQuery({ ...templateQueries.preview(tenantId, channel, key, settled), enabled: valid, placeholderData: (previous) => previous });

  const save = useSaveTemplate(tenantId, channel, key, { onSuccess: () => snackbar.send(savedSnackbar(t('templates.saved'))) });
  const remove = useRemoveTemplate(tenantId, channel, key, { onSuccess: () => snackbar.send(savedSnackbar(t('templates.removed'))) });
  const test = useSendTestTemplate(channel, key, {
    onSuccess: (sent) => snackbar.send(savedSnackbar(t('templates.testSent', { recipient: sent.recipient }))),
  });
  const serverFields = useFieldErrors(save.error ?? test.error);
  // A refused save or test: the summary, focused in place of the button, links to each refused field.
  const { summary } = useErrorSummary({
    error: save.error ?? test.error,
    fields: { subject: serverFields.subject, body: serverFields.body, to: serverFields.to },
    labels: { subject: t('templates.subject'), body: t('templates.body'), to: t('templates.testTo') },
  });

  const insert = () => {
    const area = bodyRef.current;
    const token = `{{${field}}}`;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const shown = preview.data;
  const count = channel === 'sms' ? smsSegments(shown?.body ?? body) : null;
  const fieldError = (name: 'subject' | 'body' | 'to') =>
    (name !== 'to' && unknown[name] ? t('templates.unknownField', { field: `{{${unknown[name]}}}` }) : undefined) ?? serverFields[name];

  return (
    <form
      className={styles.editor}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) once((done) => save.mutate(draft, { onSettled: done }));
      }}
    >
      <p className={styles.source}>{t(`templates.source.${initial.source}`)}</p>
      {channel === 'email' && (
        <div className={styles.field}>
          <label htmlFor={`${ids}-subject`} className={page.label}>
            {t('templates.subject')}
          </label>
          <input
            id={`${ids}-subject`}
            name="subject"
            className={styles.control}
            value={subject}
            dir={dir}
            lang={language}
            onChange={(e) => setSubject(e.target.value)}
            aria-invalid={fieldError('subject') ? true : undefined}
            aria-describedby={fieldError('subject') ? `${ids}-subject-error` : undefined}
          />
          {fieldError('subject') && (
            <p id={`${ids}-subject-error`} className={styles.error}>
              {fieldError('subject')}
            </p>
          )}
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={`${ids}-body`} className={page.label}>
          {t('templates.body')}
        </label>
        <textarea
          id={`${ids}-body`}
          name="body"
          ref={bodyRef}
          className={styles.textArea}
          value={body}
          dir={dir}
          lang={language}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={fieldError('body') ? true : undefined}
          aria-describedby={fieldError('body') ? `${ids}-body-error` : undefined}
        />
        {fieldError('body') && (
          <p id={`${ids}-body-error`} className={styles.error}>
            {fieldError('body')}
          </p>
        )}
      </div>
      <div className={styles.row}>
        <div className={`${styles.field} ${styles.grow}`}>
          <label htmlFor={`${ids}-field`} className={page.label}>
            {t('templates.mergeField')}
          </label>
          <select id={`${ids}-field`} className={styles.control} value={field} onChange={(e) => setField(e.target.value)}>
            {detail.fields.map((f) => (
              <option key={f} value={f}>{`{{${f}}}`}</option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onPress={insert}>
          {t('templates.insert')}
        </Button>
      </div>

      <section className={styles.preview} aria-labelledby={`${ids}-preview`} aria-live="polite">
        <h3 id={`${ids}-preview`} className={page.label}>
          {t('templates.preview', { name: shown?.sampleName ?? 'Jane' })}
        </h3>
        {!valid ? (
          <p className={page.muted}>{t('templates.previewBlocked')}</p>
        ) : preview.isError ? (
          <p className={styles.error}>{translateError(i18n, preview.error)}</p>
        ) : (
          <div dir={dir} lang={language}>
            {channel === 'email' && <p className={styles.previewText}>{shown?.subject}</p>}
            <p className={styles.previewText}>{shown?.body ?? ''}</p>
          </div>
        )}
        {count && (
          <p className={styles.counter}>
            {t('templates.segments', { units: count.units, encoding: count.encoding, count: count.segments, remaining: count.remaining })}
          </p>
        )}
      </section>

      {summary && <ErrorSummary {...summary} />}
      {remove.isError && <Alert>{translateError(i18n, remove.error)}</Alert>}
      <div className={styles.actions}>
        <Button
          type="submit"
          isDisabled={!valid || !dirty || save.isPending}
          disabledReason={!valid ? t('templates.textInvalid') : !dirty && t('errors.noChanges')}
        >
          {t('templates.save')}
        </Button>
        {initial.own && (
          <Button variant="secondary" isDisabled={remove.isPending} onPress={() => once((done) => remove.mutate({ locationId, language }, { onSettled: done }))}>
            {t('templates.remove')}
          </Button>
        )}
      </div>
      <div className={styles.row}>
        {channel === 'sms' && (
          <div className={`${styles.field} ${styles.grow}`}>
            <label htmlFor={`${ids}-to`} className={page.label}>
              {t('templates.testTo')}
            </label>
            <input
              id={`${ids}-to`}
              name="to"
              className={styles.control}
              type="tel"
              autoComplete="tel"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={fieldError('to') ? true : undefined}
              aria-describedby={fieldError('to') ? `${ids}-to-error` : undefined}
            />
            {fieldError('to') && (
              <p id={`${ids}-to-error`} className={styles.error}>
                {fieldError('to')}
              </p>
            )}
          </div>
        )}
        <Button
          variant="secondary"
          isDisabled={!valid || test.isPending || (channel === 'sms' && !to.trim())}
          disabledReason={!valid ? t('templates.textInvalid') : channel === 'sms' && !to.trim() && t('templates.testToRequired')}
          onPress={() => once((done) => test.mutate({ ...draft, ...(channel === 'sms' ? { to } : {}) }, { onSettled: done }))}
        >
          {t(`templates.sendTest.${channel}`)}
        </Button>
      </div>
    </form>
  );
}
