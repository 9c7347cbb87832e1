import { useDeferredValue, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckboxGroup, Dialog, Heading, Label, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formsQuery, patientSearchQuery, useAssignForm } from '../../../api/eformsAdmin';
import type { Channel } from '../../../api/eformsAdmin';
import { ApiError } from '../../../api/http';
import type { i18n as I18n } from 'i18next';
import { translateError } from '../../../i18n/apiErrors';
import { translateMessage } from '../../../i18n/appI18n';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { Isolated, isolatedText } from '../../ui/Isolated';
import * as dialogStyles from '../../ui/dialog.css';
import { useSnackbarActor } from '../../ui/shellActors';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import * as styles from './eformsAdmin.css';
import { useTenantId } from '../../shared/useTenant';
import { useFormNames } from '../../shared/formName';

function DialogFrame({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className={dialogStyles.overlay}>
      <Modal className={styles.dialogWide}>
        <Dialog className={styles.dialogBody}>
          <Heading slot="title" className={dialogStyles.heading}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function ChannelPicker({ value, onChange }: { value: Channel[]; onChange: (value: Channel[]) => void }) {
  const { t } = useTranslation();
  return (
    <CheckboxGroup value={value} onChange={(next) => onChange(next as Channel[])} className={styles.fieldLabel}>
      <Label>{t('eformsAdmin.assign.channels')}</Label>
      <div className={styles.row}>
        <Checkbox value="email">{t('eformsAdmin.assign.email')}</Checkbox>
        <Checkbox value="sms">{t('eformsAdmin.assign.sms')}</Checkbox>
      </div>
    </CheckboxGroup>
  );
}

/** The server's refusal in the reader's language, its field messages included. */
function refusal(error: Error | null, i18n: I18n): string[] {
  if (!error) return [];
  if (error instanceof ApiError && error.body?.fields) return [...new Set(Object.values(error.body.fields))].map((text) => translateMessage(i18n, text));
  return [translateError(i18n, error)];
}

/** A refused send, in a summary that takes the focus (as every form's refusal does). */
function SendRefusal({ error }: { error: Error | null }) {
  const { i18n } = useTranslation();
  const said = refusal(error, i18n);
  return said.length > 0 ? <ErrorSummary title={said.join(' ')} fields={[]} refusal={error} /> : null;
}

function useSendAssignment(onClose: () => void) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const assign = useAssignForm(tenantId);
  const send = (formId: string, patientIds: string[], channels: Channel[]) =>
    assign.mutate(
      { formId, patientIds, channels },
      {
        onSuccess: () => {
          snackbar.send(savedSnackbar(t('eformsAdmin.messages.assigned', { number: patientIds.length })));
          onClose();
        },
      },
    );
  return { send, isPending: assign.isPending, error: assign.error };
}

/** From a form: search the store's patients, pick one or many, choose email and/or SMS, send. */
export function AssignDialog({
  formId,
  formName,
  locationId,
  onClose,
}: {
  formId: string;
  formName: string;
  locationId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [channels, setChannels] = useState<Channel[]>(['email']);
  const patients = useQuery(patientSearchQuery(tenantId, { search: deferred, locationId }));
  const { send, isPending, error } = useSendAssignment(onClose);

  const toggle = (id: string, name: string, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(id, name);
      else next.delete(id);
      return next;
    });

  return (
    <DialogFrame title={<Isolated values={{ name: formName }}>{(v) => t('eformsAdmin.assign.title', v)}</Isolated>} onClose={onClose}>
      <TextField label={t('eformsAdmin.assign.search')} type="search" value={search} onChange={setSearch} autoFocus />
      <div role="group" aria-label={t('eformsAdmin.assign.results')}>
        {patients.isPending && <Spinner label={t('eformsAdmin.loading')} />}
        {patients.isError && <Alert>{translateError(i18n, patients.error)}</Alert>}
        {patients.data?.items.length === 0 && <p className={styles.muted}>{t('eformsAdmin.assign.noPatients')}</p>}
        <ul className={styles.list}>
          {patients.data?.items.map((patient) => {
            const name = `${patient.firstName} ${patient.lastName}`;
            return (
              <li key={patient.id} className={styles.pickRow}>
                <Checkbox isSelected={chosen.has(patient.id)} onChange={(on) => toggle(patient.id, name, on)}>
                  <bdi>{name}</bdi>
                  <span className={styles.muted}> · {[patient.dateOfBirth, patient.email || patient.phone].filter(Boolean).join(' · ')}</span>
                </Checkbox>
              </li>
            );
          })}
        </ul>
      </div>
      <p className={styles.muted} aria-live="polite">
        {chosen.size === 0
          ? t('eformsAdmin.assign.noneChosen')
          : t('eformsAdmin.assign.chosen', { number: chosen.size, names: [...chosen.values()].map(isolatedText).join(', ') })}
      </p>
      <ChannelPicker value={channels} onChange={setChannels} />
      <SendRefusal error={error} />
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onPress={onClose}>
          {t('eformsAdmin.cancel')}
        </Button>
        <Button
          isDisabled={chosen.size === 0 || channels.length === 0}
          isPending={isPending}
          onPress={() => send(formId, [...chosen.keys()], channels)}
          aria-describedby="assign-send-hint"
        >
          {t('eformsAdmin.assign.send')}
        </Button>
      </div>
      <SendHint
        reasons={[chosen.size === 0 && t('eformsAdmin.assign.needPatient'), channels.length === 0 && t('eformsAdmin.assign.needChannel')]}
      />
    </DialogFrame>
  );
}

/** Why Send is disabled, said beside it and read with it (its aria-describedby); empty when it is not. */
function SendHint({ reasons }: { reasons: (string | false)[] }) {
  const said = reasons.filter((reason): reason is string => typeof reason === 'string');
  return (
    <p id="assign-send-hint" className={styles.muted} aria-live="polite">
      {said.join(' ')}
    </p>
  );
}

/** From a patient's chart: choose one of the store's published forms, the channels, send. */
export function AssignToPatientDialog({
  patientId,
  patientName,
  locationId,
  onClose,
}: {
  patientId: string;
  patientName: string;
  locationId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const forms = useQuery(formsQuery(tenantId, { locationId, status: 'published' }));
  const formNames = useFormNames();
  const [formId, setFormId] = useState('');
  const [channels, setChannels] = useState<Channel[]>(['email']);
  const { send, isPending, error } = useSendAssignment(onClose);
  return (
    <DialogFrame title={<Isolated values={{ name: patientName }}>{(v) => t('eformsAdmin.assign.toPatient', v)}</Isolated>} onClose={onClose}>
      {forms.isPending && <Spinner label={t('eformsAdmin.loading')} />}
      {forms.isError && <Alert>{translateError(i18n, forms.error)}</Alert>}
      {forms.data && (
        <label className={styles.fieldLabel}>
          {t('eformsAdmin.assign.form')}
          <select className={styles.select} value={formId} onChange={(event) => setFormId(event.target.value)} autoFocus>
            <option value="">{t('eformsAdmin.assign.chooseForm')}</option>
            {forms.data.forms.map((form) => (
              <option key={form.id} value={form.id} dir="auto" lang={formNames.language(form.name, form.names)}>
                {formNames.text(form.name, form.names)}
              </option>
            ))}
          </select>
        </label>
      )}
      {forms.data?.forms.length === 0 && <p className={styles.muted}>{t('eformsAdmin.assign.noPublished')}</p>}
      <ChannelPicker value={channels} onChange={setChannels} />
      <SendRefusal error={error} />
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onPress={onClose}>
          {t('eformsAdmin.cancel')}
        </Button>
        <Button
          isDisabled={!formId || channels.length === 0}
          isPending={isPending}
          onPress={() => send(formId, [patientId], channels)}
          aria-describedby="assign-send-hint"
        >
          {t('eformsAdmin.assign.send')}
        </Button>
      </div>
      <SendHint reasons={[!formId && t('eformsAdmin.assign.needForm'), channels.length === 0 && t('eformsAdmin.assign.needChannel')]} />
    </DialogFrame>
  );
}
