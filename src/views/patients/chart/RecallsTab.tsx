import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCreateRecall, useMoveRecall } from '../../../api/chart';
import { recordsQueries } from '../../../api/records';
import type { Recall } from '../../../contract/records';
import { recallEdges, recallTypes } from '../../../contract/sales';
import type { RecallStatus } from '../../../contract/sales';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../shared/useTenant';
import { EmptyState, QueryView } from '../../shared/records';
import { RowsTable } from '../../shared/RowsTable';
import { useRecallColumns } from '../../shared/recordColumns';
import { useFormats } from '../../shared/format';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { table } from '../../ui/dataTable.css';
import { useSnackbarActor } from '../../ui/shellActors';
import { TextField } from '../../ui/TextField';
import * as styles from './chart.css';
import { useFieldErrors } from '../../shared/fieldErrors';
import { SelectField } from '../../shared/fields';
import type { ChartTabProps } from './types';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { ChartForm, FormActions, MoveButtons } from './chartControls';

/** The moves offered here; sending a reminder is the outbox's job (the recall machinery), not this tab's. */
const moves: readonly RecallStatus[] = ['booked', 'dismissed'];

function AddRecall({ patientId, onDone }: { patientId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const initial = { type: 'annual-exam', dueOn: '', channel: '', notes: '' };
  const [draft, setDraft] = useState(initial);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(initial));
  const once = useOneAtATime();
  const mutation = useCreateRecall(tenantId, patientId, {
    onSuccess: () => {
      snackbar.send(savedSnackbar(t('patientChart.recalls.added')));
      onDone();
    },
  });
  const [emptyDay, setEmptyDay] = useState(false);
  const fields: Record<string, string> = { ...useFieldErrors(mutation.error), ...(emptyDay && !draft.dueOn ? { dueOn: t('errors.required') } : {}) };
  const { summary, refuse, accept } = useErrorSummary({
    error: mutation.error,
    fields,
    labels: { type: t('records.recalls.type'), dueOn: t('records.recalls.dueOn'), channel: t('patientChart.recalls.channel'), notes: t('patientChart.recalls.notes') },
    title: t('patientChart.fixFields'),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty day is told before sending, as the field shows it.
    if (!draft.dueOn) {
      setEmptyDay(true);
      mutation.reset();
      return refuse();
    }
    accept();
    once((done) =>
      mutation.mutate(
        {
          patientId,
          type: draft.type as Recall['type'],
          dueOn: draft.dueOn,
          ...(draft.channel ? { channel: draft.channel as 'email' | 'sms' } : {}),
          notes: draft.notes,
        },
        { onSettled: done },
      ),
    );
  };
  return (
    <ChartForm id="recall-form-title" title={t('patientChart.recalls.addTitle')} onSubmit={submit} fields={fields}>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fieldGrid}>
        <SelectField
          name="type"
          label={t('records.recalls.type')}
          value={draft.type}
          onChange={(v) => setDraft({ ...draft, type: v })}
          error={fields.type}
          options={recallTypes.map((type) => ({ value: type, label: t(`records.recalls.types.${type}`) }))}
        />
        <TextField name="dueOn" type="date" isRequired label={t('records.recalls.dueOn')} value={draft.dueOn} onChange={(v) => setDraft({ ...draft, dueOn: v })} />
        <SelectField
          name="channel"
          label={t('patientChart.recalls.channel')}
          value={draft.channel}
          onChange={(v) => setDraft({ ...draft, channel: v })}
          error={fields.channel}
          options={[
            { value: '', label: t('patientChart.recalls.preferredChannel') },
            { value: 'email', label: t('records.profile.channels.email') },
            { value: 'sms', label: t('records.profile.channels.sms') },
          ]}
        />
      </div>
      <TextField name="notes" label={t('patientChart.recalls.notes')} value={draft.notes} onChange={(v) => setDraft({ ...draft, notes: v })} />
      <FormActions submit={t('patientChart.recalls.add')} pending={mutation.isPending} onCancel={onDone} />
    </ChartForm>
  );
}

function RecallMoves({ recall, patientId, label }: { recall: Recall; patientId: string; label: string }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const mutation = useMoveRecall(tenantId, patientId, recall.id);
  return (
    <MoveButtons
      next={moves.filter((to) => recallEdges[recall.status].includes(to))}
      mutation={mutation}
      secondary={(to) => to === 'dismissed'}
      text={(to) => t(`patientChart.recalls.moves.${to}`)}
      label={(to) => t(`patientChart.recalls.moveLabels.${to}`, { recall: label })}
    />
  );
}

/** Tab 6: the patient's recalls; add one, mark one booked or dismiss it. */
export default function RecallsTab({ patientId }: ChartTabProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const query = useQuery(recordsQueries.recalls(tenantId, { kind: 'patient', patientId }));
  const recallColumns = useRecallColumns();
  const [adding, setAdding] = useState(false);
  return (
    <div className={styles.section}>
      {adding ? (
        <AddRecall patientId={patientId} onDone={() => setAdding(false)} />
      ) : (
        <div className={styles.toolbar}>
          <Button onPress={() => setAdding(true)}>{t('patientChart.recalls.addTitle')}</Button>
        </div>
      )}
      <QueryView query={query}>
        {({ recalls }) =>
          recalls.length === 0 ? (
            <EmptyState>{t('patientChart.recalls.none')}</EmptyState>
          ) : (
            <RowsTable
              className={table}
              aria-label={t('patientChart.tabs.recalls')}
              cards
              rows={recalls}
              rowKey={(recall) => recall.id}
              columns={[
                ...recallColumns,
                {
                  heading: t('records.appointments.actions'),
                  cell: (recall) => (
                    <RecallMoves
                      recall={recall}
                      patientId={patientId}
                      label={t('patientChart.recalls.label', { type: t(`records.recalls.types.${recall.type}`), date: formats.date(recall.dueOn) })}
                    />
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
    </div>
  );
}
