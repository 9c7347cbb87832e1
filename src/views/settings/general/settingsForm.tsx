import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSettings } from '../../../api/generalSettings';
import type { GeneralSettings } from '../../../contract/generalSettings';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../shared/useTenant';
import { controlNamed, ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { Button } from '../../ui/Button';
import { useSnackbarActor } from '../../ui/shellActors';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { useSettingsFields } from './fieldErrors';
import * as styles from './generalSettings.css';

/** One save of a group (the api hook caches the settings it answers), said in a snackbar. */
export function useSave<T>(save: (body: T) => Promise<GeneralSettings>, onSaved?: (settings: GeneralSettings) => void) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const mutation = useSaveSettings(tenantId, save, {
    onSuccess: (settings) => {
      snackbar.send(savedSnackbar(t('generalSettings.saved')));
      onSaved?.(settings);
    },
  });
  const { fields, formRef } = useSettingsFields(mutation.error);
  const submit = (body: T) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    once((done) => mutation.mutate(body, { onSettled: done }));
  };
  return { mutation, fields, formRef, submit };
}

/** The group's Save, with the summary of a refused save just above it (focused, linking to each refused field). */
export function SaveBar({ pending, error, fields }: { pending: boolean; error: unknown; fields: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const { summary } = useErrorSummary({
    error,
    fields,
    labels: Object.fromEntries(Object.keys(fields).map((name) => [name, settingLabel(name, t, i18n.exists)])),
    title: t('generalSettings.fixFields'),
  });
  return (
    <>
      {summary && <ErrorSummary {...summary} fieldOf={settingControl} />}
      <div className={styles.actions}>
        <Button type="submit" isPending={pending}>
          {t('generalSettings.save')}
        </Button>
      </div>
    </>
  );
}

/**
 * A refused setting's label in the summary: the field's own, a day's time with its day, a row's with its row (a
 * recall type, a tax class, an appointment type); none when the message names its field itself.
 */
function settingLabel(name: string, t: (key: string, options?: Record<string, unknown>) => string, exists: (key: string) => boolean): string | undefined {
  const [group, row, part] = name.split('.');
  if (group === 'hours' && row && exists(`generalSettings.weekdays.${row}`)) {
    const day = t(`generalSettings.weekdays.${row}`);
    return part === 'opens' || part === 'closes' ? t('generalSettings.dayField', { day, field: t(`generalSettings.fields.${part}`) }) : day;
  }
  if (group === 'recalls' && row && exists(`generalSettings.recallTypes.${row}`)) return t(`generalSettings.recallTypes.${row}`);
  if (group === 'taxRates' && row && exists(`generalSettings.taxClasses.${row}`)) return t(`generalSettings.taxClasses.${row}`);
  if (group === 'appointmentTypes' && row && exists(`generalSettings.appointmentTypes.${row}`)) return t(`generalSettings.appointmentTypes.${row}`);
  if (name === 'systemPrefs.selectedRowBackColor') return t('generalSettings.fields.selectedRow');
  return exists(`generalSettings.fields.${name}`) ? t(`generalSettings.fields.${name}`) : undefined;
}

/** The control named like the refused field (or the nearest name it starts with), else the setting's own region. */
function settingControl(name: string, form: ParentNode): HTMLElement | null {
  const named = controlNamed(name, form);
  if (named) return named;
  const parts = name.split('.');
  for (let length = parts.length; length > 0; length--) {
    const region = form.querySelector<HTMLElement>(`#${CSS.escape(`setting-${parts.slice(0, length).join('.')}`)}`);
    if (region) return region;
  }
  return null;
}

export const percentOf = (bp: number) => String(bp / 100);
export const bpOf = (text: string) => {
  const value = Number(text.replace(',', '.').trim());
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : Math.round(value * 100);
};
