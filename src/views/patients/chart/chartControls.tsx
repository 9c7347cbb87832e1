import type { FormEvent, ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n/apiErrors';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useOneAtATime } from '../../ui/useOneAtATime';
import * as styles from './chart.css';

/**
 * A record's next moves (a visit's, a recall's) as buttons, one request at a time; a refused move (someone moved it
 * first) is said under them. `label` names a button with its record, for a screen reader's list of buttons.
 */
export function MoveButtons<To extends string>({
  next,
  mutation,
  secondary,
  text,
  label,
}: {
  next: readonly To[];
  mutation: UseMutationResult<unknown, Error, To>;
  secondary: (to: To) => boolean;
  text: (to: To) => string;
  label: (to: To) => string;
}) {
  const { i18n } = useTranslation();
  const once = useOneAtATime();
  return (
    <div className={styles.actions}>
      {next.map((to) => (
        <Button
          key={to}
          variant={secondary(to) ? 'secondary' : 'primary'}
          isDisabled={mutation.isPending}
          aria-label={label(to)}
          onPress={() => once((done) => mutation.mutate(to, { onSettled: done }))}
        >
          {text(to)}
        </Button>
      ))}
      {mutation.isError && <Alert>{translateError(i18n, mutation.error)}</Alert>}
    </div>
  );
}

/** A chart form's submit button (busy while its request runs) and Cancel. */
export function FormActions({ submit, pending, onCancel }: { submit: string; pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <Button type="submit" isPending={pending}>
        {submit}
      </Button>
      <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
        {t('patientChart.cancel')}
      </Button>
    </div>
  );
}

/** A chart form in its card, named by its heading (`id`); `fields`: the field messages the form shows (aria, not native). */
export function ChartForm({
  id,
  title,
  onSubmit,
  fields,
  children,
}: {
  id: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionHeading}>
        {title}
      </h2>
      <Form className={styles.form} onSubmit={onSubmit} validationErrors={fields} validationBehavior="aria" aria-labelledby={id}>
        {children}
      </Form>
    </section>
  );
}
