import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMarkRxGiven, useSaveRx } from '../../../api/chart';
import type { RxSave } from '../../../api/chart';
import { recordsQueries } from '../../../api/records';
import type { ContactLensRx, SpectacleRx } from '../../../contract/records';
import { prismBases, replacementSchedules, rxSources, todayIso } from '../../../contract/rx';
import { zonedDate } from '../../../contract/zonedTime';
import { translateError } from '../../../i18n/apiErrors';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../shared/useTenant';
import { Badge, EmptyState, QueryView } from '../../shared/records';
import { useStoreZones } from '../../shared/storeZones';
import { useFormats } from '../../shared/format';
import { ContactLensTable, RxFacts, SpectacleTable } from '../../shared/RxTables';
import { ChartForm, FormActions } from './chartControls';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { useSnackbarActor } from '../../ui/shellActors';
import { TextField } from '../../ui/TextField';
import * as styles from './chart.css';
import { changedMeanwhile, useFieldErrors } from '../../shared/fieldErrors';
import { fieldText, numberOrText, SelectField } from '../../shared/fields';
import { RxSlip } from './RxSlip';
import type { ChartTabProps } from './types';
import { useOneAtATime } from '../../ui/useOneAtATime';

const spectacleEyeFields = ['sphere', 'cylinder', 'axis', 'add', 'prism', 'prismBase', 'pdDistance', 'pdNear'] as const;
const lensEyeFields = ['power', 'baseCurve', 'diameter', 'cylinder', 'axis', 'add'] as const;
type SpectacleEyeField = (typeof spectacleEyeFields)[number];
type LensEyeField = (typeof lensEyeFields)[number];
type Eye = 'right' | 'left';

interface Header {
  examDate: string;
  expiresOn: string;
  prescriber: string;
  notes: string;
}
type Draft =
  | ({ kind: 'spectacle'; id: string | null; version: string; source: string } & Header & Record<Eye, Record<SpectacleEyeField, string>>)
  | ({ kind: 'contact-lens'; id: string | null; version: string; brand: string; manufacturer: string; replacement: string } & Header &
      Record<Eye, Record<LensEyeField, string>>);

const emptyEye = <F extends string>(fields: readonly F[]) => Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
const eyeOf = <F extends string>(fields: readonly F[], eye: Record<string, unknown>) =>
  Object.fromEntries(fields.map((f) => [f, fieldText(eye[f] as number | string | null)])) as Record<F, string>;

/** `today`: the store's date, the exam date of a new prescription or a copy. */
const header = (today: string, rx?: SpectacleRx | ContactLensRx, copy = false): Header => ({
  examDate: rx && !copy ? rx.examDate : today,
  // A copy gets the default expiry of its new exam date.
  expiresOn: rx && !copy ? rx.expiresOn : '',
  prescriber: rx?.prescriber ?? '',
  notes: rx && !copy ? rx.notes : '',
});

function spectacleDraft(today: string, rx?: SpectacleRx, copy = false): Draft {
  return {
    kind: 'spectacle',
    id: rx && !copy ? rx.id : null,
    version: rx && !copy ? rx.updatedAt : '',
    ...header(today, rx, copy),
    source: rx?.source ?? 'manifest',
    right: rx ? eyeOf(spectacleEyeFields, rx.right) : emptyEye(spectacleEyeFields),
    left: rx ? eyeOf(spectacleEyeFields, rx.left) : emptyEye(spectacleEyeFields),
  };
}

function lensDraft(today: string, rx?: ContactLensRx, copy = false): Draft {
  return {
    kind: 'contact-lens',
    id: rx && !copy ? rx.id : null,
    version: rx && !copy ? rx.updatedAt : '',
    ...header(today, rx, copy),
    brand: rx?.brand ?? '',
    manufacturer: rx?.manufacturer ?? '',
    replacement: rx?.replacement ?? 'monthly',
    right: rx ? eyeOf(lensEyeFields, rx.right) : emptyEye(lensEyeFields),
    left: rx ? eyeOf(lensEyeFields, rx.left) : emptyEye(lensEyeFields),
  };
}

const eyeBody = (eye: Record<string, string>) =>
  Object.fromEntries(Object.entries(eye).map(([k, v]) => [k, k === 'prismBase' ? v || null : numberOrText(v)]));

/** What saving the draft sends: a new Rx, or a correction of the version opened. */
function rxSave(draft: Draft): RxSave {
  const correcting = draft.id ? { id: draft.id, version: draft.version } : null;
  const common = {
    examDate: draft.examDate,
    ...(draft.expiresOn ? { expiresOn: draft.expiresOn } : {}),
    prescriber: draft.prescriber,
    notes: draft.notes,
    right: eyeBody(draft.right),
    left: eyeBody(draft.left),
  };
  return draft.kind === 'spectacle'
    ? { kind: 'spectacle', correcting, body: { ...common, source: draft.source as SpectacleRx['source'] } }
    : {
        kind: 'contact-lens',
        correcting,
        body: {
          ...common,
          brand: draft.brand,
          manufacturer: draft.manufacturer,
          replacement: draft.replacement as ContactLensRx['replacement'],
        },
      };
}

/** The Rx form (new, copy or correction): the server's message shows at each field ('right.axis'). */
function RxForm({ patientId, initial, onDone }: { patientId: string; initial: Draft; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const [draft, setDraft] = useState<Draft>(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const once = useOneAtATime();
  const mutation = useSaveRx(tenantId, patientId, {
    onSuccess: () => {
      snackbar.send(savedSnackbar(t('patientChart.rx.saved')));
      onDone();
    },
  });
  // An emptied exam date is refused here and told just that (the server's message names a format).
  const [emptyChecked, setEmptyChecked] = useState(false);
  const fields: Record<string, string> = {
    ...useFieldErrors(mutation.error),
    ...(emptyChecked && !draft.examDate ? { examDate: t('errors.required') } : {}),
  };
  // 'right.axis' is named with its eye; the header's fields by their own label.
  const labelOf = (name: string) => {
    const [eye, field] = name.split('.');
    if (field && (eye === 'right' || eye === 'left') && i18n.exists(`patientChart.rx.fields.${field}`))
      return t('patientChart.rx.eyeField', { eye: t(`patientChart.rx.eyes.${eye}`), field: t(`patientChart.rx.fields.${field}`) });
    return i18n.exists(`patientChart.rx.${name}`) ? t(`patientChart.rx.${name}`) : undefined;
  };
  const { summary, refuse, accept } = useErrorSummary({
    error: mutation.error,
    fields,
    labels: Object.fromEntries(Object.keys(fields).map((name) => [name, labelOf(name)])),
    title: t('patientChart.fixFields'),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.examDate) {
      setEmptyChecked(true);
      mutation.reset();
      return refuse();
    }
    accept();
    // One save at a time: a second press while the first is on its way does nothing.
    once((done) => mutation.mutate(rxSave(draft), { onSettled: done }));
  };
  const set = (patch: Record<string, string>) => setDraft((current) => ({ ...current, ...patch }) as Draft);
  const setEye = (eye: Eye, field: string, value: string) =>
    setDraft((current) => ({ ...current, [eye]: { ...current[eye], [field]: value } }) as Draft);
  const title = t(`patientChart.rx.${draft.id ? 'edit' : 'new'}.${draft.kind}`);
  const eyeFields: readonly string[] = draft.kind === 'spectacle' ? spectacleEyeFields : lensEyeFields;

  return (
    <ChartForm id="rx-form-title" title={title} onSubmit={submit} fields={fields}>
      {summary && (
        <ErrorSummary {...summary}>
          {changedMeanwhile(mutation.error) && (
            <Button variant="secondary" onPress={onDone}>
              {t('patientChart.loadTheirVersion')}
            </Button>
          )}
        </ErrorSummary>
      )}
      <div className={styles.fieldGrid}>
        <TextField name="examDate" label={t('patientChart.rx.examDate')} type="date" value={draft.examDate} onChange={(v) => set({ examDate: v })} />
        <TextField name="expiresOn" label={t('patientChart.rx.expiresOn')} type="date" value={draft.expiresOn} onChange={(v) => set({ expiresOn: v })} />
        <TextField name="prescriber" label={t('patientChart.rx.prescriber')} value={draft.prescriber} onChange={(v) => set({ prescriber: v })} />
        {draft.kind === 'spectacle' ? (
          <SelectField
            name="source"
            label={t('patientChart.rx.source')}
            value={draft.source}
            onChange={(v) => set({ source: v })}
            error={fields.source}
            options={rxSources.map((s) => ({ value: s, label: t(`patientChart.rx.sources.${s}`) }))}
          />
        ) : (
          <>
            <TextField name="brand" label={t('patientChart.rx.brand')} value={draft.brand} onChange={(v) => set({ brand: v })} />
            <TextField name="manufacturer" label={t('patientChart.rx.manufacturer')} value={draft.manufacturer} onChange={(v) => set({ manufacturer: v })} />
            <SelectField
              name="replacement"
              label={t('patientChart.rx.replacement')}
              value={draft.replacement}
              onChange={(v) => set({ replacement: v })}
              error={fields.replacement}
              options={replacementSchedules.map((s) => ({ value: s, label: t(`records.rx.replacements.${s}`) }))}
            />
          </>
        )}
      </div>
      {(['right', 'left'] as const).map((eye) => (
        <fieldset key={eye} className={styles.fieldset}>
          <legend className={styles.legend}>{t(`patientChart.rx.eyes.${eye}`)}</legend>
          <div className={styles.fieldGrid}>
            {eyeFields.map((field) =>
              field === 'prismBase' ? (
                <SelectField
                  key={field}
                  name={`${eye}.${field}`}
                  label={t('patientChart.rx.fields.prismBase')}
                  value={(draft[eye] as Record<string, string>)[field] ?? ''}
                  onChange={(v) => setEye(eye, field, v)}
                  error={fields[`${eye}.${field}`]}
                  options={[{ value: '', label: t('patientChart.rx.noPrismBase') }, ...prismBases.map((b) => ({ value: b, label: t(`patientChart.rx.bases.${b}`) }))]}
                />
              ) : (
                <TextField
                  key={field}
                  name={`${eye}.${field}`}
                  label={t(`patientChart.rx.fields.${field}`)}
                  inputMode="decimal"
                  value={(draft[eye] as Record<string, string>)[field] ?? ''}
                  onChange={(v) => setEye(eye, field, v)}
                />
              ),
            )}
          </div>
        </fieldset>
      ))}
      <TextField name="notes" label={t('patientChart.rx.notes')} value={draft.notes} onChange={(v) => set({ notes: v })} />
      <FormActions submit={t('patientChart.rx.save')} pending={mutation.isPending} onCancel={onDone} />
    </ChartForm>
  );
}

/** Given to the patient: the date, or a button that records it (once; a second clerk is told it already was). */
function GivenControl({ patientId, rx }: { patientId: string; rx: SpectacleRx | ContactLensRx }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const once = useOneAtATime();
  const mutation = useMarkRxGiven(tenantId, patientId);
  if (rx.givenAt) return <Badge tone="good">{t('patientChart.rx.givenOn', { date: formats.dayOf(rx.givenAt) })}</Badge>;
  return (
    <>
      <Button variant="secondary" isPending={mutation.isPending} onPress={() => once((done) => mutation.mutate(rx.id, { onSettled: done }))}>
        {t('patientChart.rx.markGiven')}
      </Button>
      {mutation.isError && <Alert>{translateError(i18n, mutation.error)}</Alert>}
    </>
  );
}

/** Tab 2: the patient's spectacle and contact-lens Rx; new, copy, correct, mark given, print a slip. */
export default function RxTab({ patientId, locationId }: ChartTabProps) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const timeZone = useStoreZones()(locationId);
  const today = () => (timeZone ? zonedDate(new Date(), timeZone) : todayIso());
  const query = useQuery(recordsQueries.prescriptions(tenantId, { kind: 'patient', patientId }));
  const profile = useQuery(recordsQueries.profile(tenantId, { kind: 'patient', patientId }));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [printing, setPrinting] = useState<SpectacleRx | ContactLensRx | null>(null);

  const print = (rx: SpectacleRx | ContactLensRx) => {
    setPrinting(rx);
    // After the slip is drawn; the print CSS shows only the slip.
    window.setTimeout(() => {
      window.print();
      setPrinting(null);
    }, 0);
  };

  const actions = (rx: SpectacleRx | ContactLensRx, open: (copy: boolean) => void) => (
    <div className={styles.actions}>
      <Button variant="secondary" onPress={() => open(false)} isDisabled={draft !== null}>
        {t('patientChart.rx.editAction')}
      </Button>
      <Button variant="secondary" onPress={() => open(true)} isDisabled={draft !== null}>
        {t('patientChart.rx.copyAction')}
      </Button>
      <Button variant="secondary" onPress={() => print(rx)}>
        {t('patientChart.rx.print')}
      </Button>
      <GivenControl patientId={patientId} rx={rx} />
    </div>
  );

  return (
    <div className={styles.section}>
      {draft ? (
        <RxForm key={`${draft.kind}/${draft.id ?? 'new'}`} patientId={patientId} initial={draft} onDone={() => setDraft(null)} />
      ) : (
        <div className={styles.toolbar}>
          <Button onPress={() => setDraft(spectacleDraft(today()))}>{t('patientChart.rx.newSpectacle')}</Button>
          <Button variant="secondary" onPress={() => setDraft(lensDraft(today()))}>
            {t('patientChart.rx.newContactLens')}
          </Button>
        </div>
      )}
      <QueryView query={query}>
        {({ spectacle, contactLens }) => (
          <>
            <h2 className={styles.sectionHeading}>{t('records.rx.spectacle')}</h2>
            {spectacle.length === 0 ? (
              <EmptyState>{t('patientChart.rx.noSpectacle')}</EmptyState>
            ) : (
              spectacle.map((rx) => (
                <article key={rx.id} className={styles.card} aria-label={t('patientChart.rx.spectacleOf', { date: rx.examDate })}>
                  <RxFacts rx={rx} />
                  <SpectacleTable rx={rx} />
                  {actions(rx, (copy) => setDraft(spectacleDraft(today(), rx, copy)))}
                </article>
              ))
            )}
            <h2 className={styles.sectionHeading}>{t('records.rx.contactLens')}</h2>
            {contactLens.length === 0 ? (
              <EmptyState>{t('patientChart.rx.noContactLens')}</EmptyState>
            ) : (
              contactLens.map((rx) => (
                <article key={rx.id} className={styles.card} aria-label={t('patientChart.rx.contactLensOf', { date: rx.examDate })}>
                  <RxFacts rx={rx} />
                  <ContactLensTable rx={rx} />
                  {actions(rx, (copy) => setDraft(lensDraft(today(), rx, copy)))}
                </article>
              ))
            )}
          </>
        )}
      </QueryView>
      {printing && profile.data && <RxSlip rx={printing} patient={profile.data} />}
    </div>
  );
}
