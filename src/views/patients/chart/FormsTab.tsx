import { formReader, itemKey, listKey, sectionKey } from '../../../contract/eformTexts';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../../shared/pageAddress';
import { ApiError } from '../../../api/http';
import { assignmentsQuery, submissionQuery } from '../../../api/eformsAdmin';
import { useReviewSubmission } from '../../../api/labOrders';
import { recordsQueries } from '../../../api/records';
import type { Assignment, Section } from '../../../contract/eforms';
import { isConsentField, reviewFields, type ReviewField } from '../../../contract/formReview';
import type { PatientProfile } from '../../../contract/records';
import { translateError } from '../../../i18n/apiErrors';
import { useViewSlot } from '../../shared/slots';
import { useTenantId } from '../../shared/useTenant';
import { useFormats } from '../../shared/format';
import { FormName } from '../../shared/formName';
import { isolatedText } from '../../ui/Isolated';
import { useStoreZones } from '../../shared/storeZones';
import { EmptyState, QueryView } from '../../shared/records';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import * as list from '../../shared/listPage.css';
import * as lookup from '../../shared/labOrders.css';
import { Button } from '../../ui/Button';
import * as styles from './chart.css';
import type { ChartTabProps } from './types';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { TableScroll } from '../../ui/TableScroll';

/**
 * Tab 7: the patient's eForms: today's assignments (send, copy the link, revoke), and each submitted form's answers
 * read only, with a 'Review' step that shows every answer beside the chart's current value of the field the clerk
 * picks, copies the chosen ones into the chart (audited with the submission id on the server) and marks the
 * submission reviewed (it leaves the work desk). The work desk's form rows open here with ?review={assignmentId}.
 */
export default function FormsTab({ patientId, locationId }: ChartTabProps) {
  const { t } = useTranslation();
  const PatientEforms = useViewSlot('PatientEforms');
  const tenantId = useTenantId();
  const profile = useQuery(recordsQueries.profile(tenantId, { kind: 'patient', patientId }));
  const assignments = useQuery(assignmentsQuery(tenantId, { patientId }));
  const reviewParam = new URLSearchParams(usePageSearch()).get('review');
  const [open, setOpen] = useState<string | null>(reviewParam);
  const submitted = assignments.data?.assignments.filter((a) => a.status === 'submitted') ?? [];
  return (
    <div className={styles.section}>
      <QueryView query={profile}>
        {(patient) => (
          <>
            <PatientEforms patientId={patientId} patientName={t('patientChart.name', { first: patient.firstName, last: patient.lastName })} locationId={locationId} />
            <section className={styles.section} aria-labelledby="chart-submissions">
              <h2 id="chart-submissions" className={styles.sectionHeading}>
                {t('formsTab.submissions')}
              </h2>
              <QueryView query={assignments}>
                {() =>
                  submitted.length === 0 ? (
                    <EmptyState>{t('formsTab.none')}</EmptyState>
                  ) : (
                    <ul className={styles.list}>
                      {submitted.map((a) => (
                        <li key={a.id}>
                          <SubmissionCard assignment={a} patient={patient} isOpen={open === a.id} onToggle={() => setOpen(open === a.id ? null : a.id)} />
                        </li>
                      ))}
                    </ul>
                  )
                }
              </QueryView>
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}

function SubmissionCard({ assignment, patient, isOpen, onToggle }: { assignment: Assignment; patient: PatientProfile; isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const zoneOf = useStoreZones();
  return (
    <article className={styles.card} aria-labelledby={`submission-${assignment.id}`}>
      <div className={styles.row}>
        <h3 id={`submission-${assignment.id}`} className={styles.sectionHeading}>
          <FormName name={assignment.formName} names={assignment.formNames} />
        </h3>
        <span className={styles.muted}>{assignment.submittedAt ? formats.dateTime(assignment.submittedAt, zoneOf(assignment.locationId)) : ''}</span>
        <Button variant="secondary" onPress={onToggle} aria-expanded={isOpen}>
          {isOpen ? t('formsTab.close') : t('formsTab.review')}
        </Button>
      </div>
      {isOpen && <Review assignment={assignment} patient={patient} />}
    </article>
  );
}

/** One answer of a submission, as the review lists it. */
interface AnswerRow {
  key: string;
  sectionId: string;
  itemId: string;
  question: string;
  /** Shown read-only. */
  text: string;
  /** A checklist option: copies into a consent (yes/no). */
  isCheck: boolean;
}

/** The rows of a submission's answers; the form's texts in the reader's language where translated (`read`). */
function answerRows(sections: Section[], t: ReturnType<typeof useTranslation>['t'], read: (key: string, main: string) => string): AnswerRow[] {
  return sections.flatMap((s) => {
    const title = read(sectionKey(s.id), s.title);
    const item = (i: { id: string; name: string }) => read(itemKey(s.id, i.id), i.name);
    const list = (index: number, name: string) => (name ? read(listKey(s.id, index), name) : title);
    return [
      ...[...s.textlists, ...s.datelists].map((i) => ({ key: `${s.id}/${i.id}`, sectionId: s.id, itemId: i.id, question: i.name ? item(i) : title, text: i.description, isCheck: false })),
      ...s.checklists.flatMap((c, index) =>
        c.checkItems.map((i) => ({ key: `${s.id}/${i.id}`, sectionId: s.id, itemId: i.id, question: `${list(index, c.name)}: ${item(i)}`, text: i.ischecked ? t('formsTab.checked') : t('formsTab.unchecked'), isCheck: true })),
      ),
      ...s.radiolists.map((r, index) => {
        const chosen = r.radioItems.find((i) => i.description === i.id);
        return {
          key: `${s.id}/${r.radioItems[0]?.id ?? ''}`,
          sectionId: s.id,
          itemId: r.radioItems[0]?.id ?? '',
          question: list(index, r.name),
          text: chosen ? item(chosen) : '',
          isCheck: false,
        };
      }),
      ...s.dropdownlists.map((d, index) => {
        const chosen = d.options.find((o) => o.id === d.description);
        return { key: `${s.id}/${d.id}`, sectionId: s.id, itemId: d.id, question: list(index, d.name), text: chosen ? item(chosen) : '', isCheck: false };
      }),
    ];
  });
}

const fieldsFor = (row: AnswerRow): ReviewField[] => reviewFields.filter((f) => f === 'notes' || isConsentField(f) === row.isCheck);

function currentValue(patient: PatientProfile, field: ReviewField, t: ReturnType<typeof useTranslation>['t']): string {
  const value = patient[field];
  if (typeof value === 'boolean') return value ? t('formsTab.checked') : t('formsTab.unchecked');
  return value || '—';
}

function Review({ assignment, patient }: { assignment: Assignment; patient: PatientProfile }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const formats = useFormats();
  const zoneOf = useStoreZones();
  const submission = useQuery(submissionQuery(tenantId, assignment.id));
  const [choices, setChoices] = useState<Record<string, ReviewField | ''>>({});
  const [done, setDone] = useState('');
  const chosen = Object.values(choices).some(Boolean);
  useUnsavedChanges(chosen);
  const once = useOneAtATime();
  const save = useReviewSubmission(tenantId, assignment, {
    onSuccess: (answer) => {
      setChoices({});
      setDone(t('formsTab.done', { number: answer.copied.length }));
    },
  });
  const fieldErrors = save.error instanceof ApiError ? (save.error.body?.fields ?? {}) : {};

  return (
    <QueryView query={submission}>
      {(s) => {
        const read = formReader(s.language, s.translations, i18n.language);
        const rows = answerRows(s.sections, t, (key, main) => read.text(key, main).text);
        const reviewed = s.reviewedAt !== null;
        // The form's name as the reader reads its questions; isolated in the caption when left in its main language.
        const shownName = read.text('name', s.formName);
        const formName = shownName.language === i18n.language ? shownName.text : isolatedText(shownName.text);
        const copies = rows.flatMap((r) => (choices[r.key] ? [{ field: choices[r.key] as ReviewField, sectionId: r.sectionId, itemId: r.itemId, key: r.key }] : []));
        return (
          <div className={styles.section}>
            <p className={styles.muted}>{reviewed ? t('formsTab.reviewed', { date: formats.dateTime(s.reviewedAt!, zoneOf(assignment.locationId)) }) : t('formsTab.toReview')}</p>
            <TableScroll>
              <table className={list.table}>
                <caption>{reviewed ? t('formsTab.answers', { form: formName }) : t('formsTab.reviewTitle', { form: formName })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('formsTab.question')}</th>
                    <th scope="col">{t('formsTab.answer')}</th>
                    {!reviewed && <th scope="col">{t('formsTab.copyInto')}</th>}
                    {!reviewed && <th scope="col">{t('formsTab.current')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => {
                    const field = choices[r.key] ?? '';
                    const index = copies.findIndex((c) => c.key === r.key);
                    const error = index >= 0 ? (fieldErrors[`copies.${index}`] ?? fieldErrors[`copies.${index}.itemId`]) : undefined;
                    return (
                      <tr key={r.key}>
                        {/* A question left in the form's main language keeps its own direction in an Arabic table. */}
                        <th scope="row">
                          <bdi>{r.question}</bdi>
                        </th>
                        <td>{r.text ? <bdi>{r.text}</bdi> : t('formsTab.noAnswer')}</td>
                        {!reviewed && (
                          <td>
                            <select
                              className={lookup.control}
                              aria-label={t('formsTab.copyInto') + ': ' + r.question}
                              value={field}
                              disabled={!r.text && !r.isCheck}
                              onChange={(event) => setChoices((c) => ({ ...c, [r.key]: event.target.value as ReviewField | '' }))}
                            >
                              <option value="">{t('formsTab.noCopy')}</option>
                              {fieldsFor(r).map((f) => (
                                <option key={f} value={f}>
                                  {t(`formsTab.fields.${f}`)}
                                </option>
                              ))}
                            </select>
                            {error && <span className={lookup.fieldError}>{error}</span>}
                          </td>
                        )}
                        {!reviewed && <td>{field && <bdi>{currentValue(patient, field, t)}</bdi>}</td>}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
            {save.isError && (
              <p role="alert" className={styles.formError}>
                {translateError(i18n, save.error)}
              </p>
            )}
            {done && (
              <p role="status" className={styles.muted}>
                {done}
              </p>
            )}
            {!reviewed && (
              <div className={styles.actions}>
                <Button isPending={save.isPending} onPress={() => once((done) => save.mutate(copies.map(({ key: _key, ...c }) => c), { onSettled: done }))}>
                  {chosen ? t('formsTab.save') : t('formsTab.finish')}
                </Button>
              </div>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
