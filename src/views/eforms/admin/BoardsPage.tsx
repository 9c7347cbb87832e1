import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { boardsQuery, useCreateBoard } from '../../../api/eformsAdmin';
import { storesQuery } from '../../../api/stores';
import { ApiError } from '../../../api/http';
import { translateError } from '../../../i18n/apiErrors';
import { translateMessage } from '../../../i18n/appI18n';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { useSnackbarActor } from '../../ui/shellActors';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import * as styles from './eformsAdmin.css';
import { FormActions } from './FormActions';
import { addPath, allFormsPath, boardsPath, editPath } from './paths';
import { FormStatusBadge } from './StatusBadge';
import { useTenantId } from '../../shared/useTenant';
import { FormName } from '../../shared/formName';

/** /admin/eforms/forms/{locationId}/{boardUri?}: a store's boards; create one; the chosen board's forms. */
export function BoardsPage({ locationId, boardUri }: { locationId: string; boardUri?: string }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const stores = useQuery(storesQuery(tenantId));
  const boards = useQuery(boardsQuery(tenantId, locationId));
  const create = useCreateBoard(tenantId);
  const [name, setName] = useState('');
  const store = stores.data?.stores.find((s) => s.id === locationId);
  const list = boards.data?.boards ?? [];
  const chosen = list.find((board) => board.uri.toLowerCase() === boardUri?.toLowerCase()) ?? (boardUri ? undefined : list[0]);
  // The board's name is the one field: an empty one is told before sending, the server's messages said at it.
  const [emptyName, setEmptyName] = useState(false);
  const serverMessage = create.error instanceof ApiError && create.error.body?.fields ? Object.values(create.error.body.fields).map((text) => translateMessage(i18n, text)).join(' ') : '';
  const nameError = emptyName && !name.trim() ? t('errors.required') : serverMessage || undefined;
  const { summary, refuse, accept } = useErrorSummary({
    error: create.error,
    fields: { name: nameError },
    labels: { name: t('eformsAdmin.boards.newBoard') },
  });

  return (
    <section className={styles.page} aria-labelledby="eform-boards-title">
      <header className={styles.header}>
        <h1 id="eform-boards-title" className={styles.title}>
          {store ? t('eformsAdmin.boards.titleOf', { store: store.name }) : t('eformsAdmin.boards.title')}
        </h1>
        <Link href={allFormsPath} className={styles.link}>
          {t('eformsAdmin.all.title')}
        </Link>
      </header>
      {stores.data && stores.data.stores.length > 1 && (
        <label className={styles.fieldLabel} style={{ maxInlineSize: '24rem' }}>
          {t('eformsAdmin.filters.store')}
          <select className={styles.select} value={locationId} onChange={(event) => navigate(boardsPath(event.target.value))}>
            {stores.data.stores.map((s) => (
              <option key={s.id} value={s.id} dir="auto">
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}

      {summary && <ErrorSummary {...summary} />}
      <Form
        className={styles.toolbar}
        validationErrors={nameError ? { name: nameError } : {}}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) {
            setEmptyName(true);
            create.reset();
            return refuse();
          }
          accept();
          create.mutate(
            { locationId, name: name.trim() },
            {
              onSuccess: (answer) => {
                setName('');
                snackbar.send(savedSnackbar(t('eformsAdmin.messages.boardCreated')));
                const uri = (answer as { uri?: unknown; board?: { uri?: unknown } } | null)?.board?.uri ?? (answer as { uri?: unknown } | null)?.uri;
                if (typeof uri === 'string') navigate(boardsPath(locationId, uri));
              },
            },
          );
        }}
      >
        <div className={styles.grow} style={{ maxInlineSize: '24rem' }}>
          <TextField name="name" label={t('eformsAdmin.boards.newBoard')} value={name} onChange={setName} isRequired maxLength={80} />
        </div>
        <Button type="submit" isPending={create.isPending}>
          {t('eformsAdmin.boards.create')}
        </Button>
      </Form>

      {boards.isPending && <Spinner label={t('eformsAdmin.loading')} />}
      {boards.isError && <Alert>{translateError(i18n, boards.error)}</Alert>}
      {boards.data && list.length === 0 && <p className={styles.muted}>{t('eformsAdmin.boards.none')}</p>}
      {list.length > 0 && (
        <nav aria-label={t('eformsAdmin.boards.listLabel')}>
          <ul className={styles.row} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((board) => (
              <li key={board.id}>
                <Link
                  href={boardsPath(locationId, board.uri)}
                  className={styles.boardLink}
                  aria-current={board.id === chosen?.id ? 'page' : undefined}
                >
                  {board.name} ({board.cards.length})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {boardUri && boards.data && !chosen && <Alert>{t('eformsAdmin.boards.unknown')}</Alert>}

      {chosen && (
        <section className={styles.card} aria-labelledby="eform-board-cards">
          <div className={styles.row}>
            <h2 id="eform-board-cards" className={styles.subtitle} style={{ marginInlineEnd: 'auto' }}>
              {chosen.name}
            </h2>
            <Link href={addPath(locationId, chosen.id)} className={styles.link}>
              {t('eformsAdmin.boards.newForm')}
            </Link>
          </div>
          {chosen.cards.length === 0 && <p className={styles.muted}>{t('eformsAdmin.boards.noForms')}</p>}
          <ul className={styles.list}>
            {chosen.cards.map((card) => (
              <li key={card.id} className={styles.card}>
                <div className={styles.row}>
                  <Link href={editPath(locationId, card.id)} className={styles.link}>
                    <FormName name={card.name} names={card.names} />
                  </Link>
                  <FormStatusBadge status={card.status} />
                  <span className={styles.muted}>
                    {t('eformsAdmin.all.counts', {
                      sections: card.sectionCount,
                      assigned: card.assignmentCount,
                      submitted: card.submittedCount,
                    })}
                  </span>
                </div>
                <FormActions form={card} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
