import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useFormBuilderActor } from '../../../actors/formBuilder';
import type { FormBuilderAddresses } from '../../../actors/formBuilder';
import { boardsQuery, usePublishForm } from '../../../api/eformsAdmin';
import { storesQuery } from '../../../api/stores';
import type { OptionId } from '../../../contract/eforms';
import { translateError } from '../../../i18n/apiErrors';
import { translateMessage } from '../../../i18n/appI18n';
import type { BuilderEvent, CardDraft } from '../../../machines/formBuilder.machine';
import { eformTextMessages } from '../../../contract/eforms';
import { formLanguages, formNamesOf, isFormLanguage } from '../../../contract/eformTexts';
import type { FormLanguage } from '../../../contract/eformTexts';
import { languageNames } from '../../../i18n/appI18n';
import { useFormTextReader } from '../formText';
import { TranslationsPanel } from './TranslationsPanel';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { useSnackbarActor } from '../../ui/shellActors';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { I18nextPageTexts } from '../../../i18n/I18nextPageTexts';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { EformSections } from '../EformSections';
import { AssignDialog } from './AssignDialog';
import { AssignmentsPanel } from './AssignmentsPanel';
import * as styles from './eformsAdmin.css';
import { sectionKinds, SectionEditor } from './SectionEditor';
import { FormStatusBadge } from './StatusBadge';
import { addPath, boardsPath, editPath } from './paths';
import { useTenantId } from '../../shared/useTenant';
import { useFormNames } from '../../shared/formName';

/** Where the builder sends the reader (src/actors/formBuilder.ts). */
const builderAddresses: FormBuilderAddresses = { boards: boardsPath, edit: editPath };

/**
 * /admin/eforms/forms/add/{locationId?} and /admin/eforms/forms/edit/{locationId}/{formId?}. Without a store the
 * add page first asks which store; without a form id the edit page starts a new form too.
 */
export function FormBuilderRoute({ locationId, formId }: { locationId?: string; formId?: string }) {
  if (!locationId) return <ChooseStore />;
  return <FormBuilderPage locationId={locationId} formId={formId ?? null} />;
}

function ChooseStore() {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const stores = useQuery(storesQuery(tenantId));
  return (
    <section className={styles.page} aria-labelledby="eform-choose-store">
      <h1 id="eform-choose-store" className={styles.title}>
        {t('eformsAdmin.builder.newTitle')}
      </h1>
      <p className={styles.muted}>{t('eformsAdmin.builder.chooseStore')}</p>
      {stores.isPending && <Spinner label={t('eformsAdmin.loading')} />}
      {stores.isError && <Alert>{translateError(i18n, stores.error)}</Alert>}
      <ul className={styles.list}>
        {stores.data?.stores.map((store) => (
          <li key={store.id}>
            <Link href={addPath(store.id)} className={styles.link}>
              {store.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const kindsToAdd: OptionId[] = [1, 2, 4, 5, 3];

export function FormBuilderPage({ locationId, formId }: { locationId: string; formId: string | null }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const formNames = useFormNames();
  const snackbar = useSnackbarActor();
  const [assignOpen, setAssignOpen] = useState(false);
  const initialBoard = useMemo(() => new URLSearchParams(window.location.search).get('board') ?? undefined, []);

  const builder = useFormBuilderActor({
    tenantId,
    input: { formId, locationId, boardId: initialBoard, language: isFormLanguage(i18n.language) ? i18n.language : 'en' },
    snackbar,
    addresses: builderAddresses,
  });

  const state = useSelector(builder, (snapshot) => ({
    loading: snapshot.matches('starting') || snapshot.matches('loading') || snapshot.matches('loadFailed') || snapshot.matches('left'),
    saving: snapshot.matches('saving'),
    dirty: snapshot.hasTag('dirty'),
  }));
  const card = useSelector(builder, (snapshot) => snapshot.context.card);
  const titleEdit = useSelector(builder, (snapshot) => snapshot.context.titleEdit);
  const translating = useSelector(builder, (snapshot) => snapshot.context.translating);
  const issues = useSelector(builder, (snapshot) => snapshot.context.issues);
  const boards = useQuery(boardsQuery(tenantId, locationId));
  const publish = usePublishForm(tenantId);
  useUnsavedChanges(state.dirty);
  const focusAfterRender = useRef<string | null>(null);
  const send = useCallback((event: BuilderEvent) => builder.send(event), [builder]);
  const keepFocus = useCallback((selector: string) => {
    focusAfterRender.current = selector;
  }, []);

  // Moving a section or item re-orders the page: the focus goes back to the button that was pressed.
  useLayoutEffect(() => {
    const selector = focusAfterRender.current;
    if (!selector) return;
    focusAfterRender.current = null;
    const target = document.querySelector<HTMLElement>(selector);
    if (target && !target.hasAttribute('disabled')) target.focus();
    else document.querySelector<HTMLElement>(selector.replace(/data-by="-?1"/, (m) => (m.includes('-') ? 'data-by="1"' : 'data-by="-1"')))?.focus();
  });

  if (state.loading) {
    return (
      <section className={styles.page}>
        <Spinner label={t('eformsAdmin.builder.loadingForm')} />
      </section>
    );
  }

  const isSaved = card.id !== undefined && !state.dirty;
  // The translations' refusals have catalogue codes (fieldErrors.eform.*); the other texts are the API's known ones.
  const issueText = (issue: string) => {
    const code = (Object.keys(eformTextMessages) as (keyof typeof eformTextMessages)[]).find((key) => eformTextMessages[key] === issue);
    return code ? t(`fieldErrors.eform.${code}`) : translateMessage(i18n, issue);
  };
  const defaults = {
    title: t('eformsAdmin.builder.newSectionTitle'),
    listName: t('eformsAdmin.builder.newListTitle'),
    itemName: t('eformsAdmin.builder.newOption', { number: 1 }),
  };
  const addSection = (optionId: OptionId) => {
    const kind = sectionKinds[optionId];
    send({
      type: 'section.add',
      optionId,
      defaults: {
        ...defaults,
        title: t(`eformsAdmin.builder.newSectionTitleOf.${kind}`),
        itemName: t(optionId === 4 || optionId === 5 ? 'eformsAdmin.builder.newQuestion' : 'eformsAdmin.builder.newOption', { number: 1 }),
      },
    });
  };
  const onPublish = () => {
    if (!card.id) return;
    publish.mutate(card.id, {
      onSuccess: () => {
        send({ type: 'card.statusChanged', status: 'published' });
        snackbar.send(savedSnackbar(t('eformsAdmin.messages.published')));
      },
      onError: (error) => snackbar.send({ type: 'snackbar.show', kind: 'error', message: translateError(i18n, error) }),
    });
  };

  return (
    <section className={styles.page} aria-labelledby="eform-builder-title">
      <header className={styles.header}>
        <h1 id="eform-builder-title" className={styles.title}>
          {card.id ? t('eformsAdmin.builder.editTitleOf', { name: card.name }) : t('eformsAdmin.builder.newTitle')}
        </h1>
        <FormStatusBadge status={card.status} />
        {state.dirty && !state.saving && <span className={styles.muted}>{t('eformsAdmin.builder.unsaved')}</span>}
        <Link href={boardsPath(locationId)} className={styles.link}>
          {t('eformsAdmin.builder.toBoards')}
        </Link>
        <Button onPress={() => send({ type: 'builder.save' })} isPending={state.saving} isDisabled={!state.dirty && card.id !== undefined}>
          {t('eformsAdmin.builder.save')}
        </Button>
        {card.status === 'draft' && (
          <Button variant="secondary" isDisabled={!isSaved} disabledReason={t('eformsAdmin.saveFirst')} isPending={publish.isPending} onPress={onPublish}>
            {t('eformsAdmin.actions.publish')}
          </Button>
        )}
        {card.status === 'published' && (
          <Button variant="secondary" isDisabled={!isSaved} disabledReason={t('eformsAdmin.saveFirst')} onPress={() => setAssignOpen(true)}>
            {t('eformsAdmin.actions.assign')}
          </Button>
        )}
      </header>

      {issues.length > 0 && (
        <Alert>
          <p className={styles.muted}>{t('eformsAdmin.builder.cannotSave')}</p>
          <ul>
            {issues.map((issue) => (
              <li key={issue}>{issueText(issue)}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div className={styles.builderLayout}>
        <div className={styles.page} style={{ padding: 0 }}>
          <div className={styles.card}>
            <label className={styles.fieldLabel}>
              {t('eformsAdmin.builder.board')}
              <select
                className={styles.select}
                value={card.boardId}
                onChange={(event) => send({ type: 'card.update', changes: { boardId: event.target.value } })}
              >
                <option value="">{t('eformsAdmin.builder.chooseBoard')}</option>
                {boards.data?.boards.map((board) => (
                  <option key={board.id} value={board.id} dir="auto">
                    {board.name}
                  </option>
                ))}
              </select>
            </label>
            {boards.data?.boards.length === 0 && (
              <p className={styles.muted}>
                {t('eformsAdmin.builder.noBoards')}{' '}
                <Link href={boardsPath(locationId)} className={styles.link}>
                  {t('eformsAdmin.builder.toBoards')}
                </Link>
              </p>
            )}
            <TextField
              label={t('eformsAdmin.builder.name')}
              value={card.name}
              isRequired
              onChange={(name) => send({ type: 'card.update', changes: { name } })}
            />
            <TextField
              label={t('eformsAdmin.builder.description')}
              value={card.description}
              onChange={(description) => send({ type: 'card.update', changes: { description } })}
            />
            <label className={styles.fieldLabel}>
              {t('eformsAdmin.builder.mainLanguage')}
              <select
                className={styles.select}
                value={card.language}
                onChange={(event) => send({ type: 'card.update', changes: { language: event.target.value as FormLanguage } })}
              >
                {formLanguages.map((language) => (
                  <option key={language} value={language} lang={language} dir="auto">
                    {languageNames[language]}
                  </option>
                ))}
              </select>
            </label>
            <Checkbox isSelected={card.requiresCode} onChange={(requiresCode) => send({ type: 'card.update', changes: { requiresCode } })}>
              {t('eformsAdmin.builder.requiresCode')}
            </Checkbox>
            <TextField
              label={t('eformsAdmin.builder.linkValidDays')}
              type="number"
              inputMode="numeric"
              value={String(card.linkValidDays)}
              onChange={(value) => send({ type: 'card.update', changes: { linkValidDays: Number.parseInt(value, 10) || 0 } })}
            />
          </div>

          <h2 className={styles.subtitle}>{t('eformsAdmin.builder.sections')}</h2>
          {card.sections.length === 0 && <p className={styles.muted}>{t('eformsAdmin.builder.noSections')}</p>}
          {card.sections.map((section, index) => (
            <SectionEditor
              key={section.id}
              section={section}
              index={index}
              count={card.sections.length}
              titleEdit={titleEdit?.sectionId === section.id ? titleEdit : null}
              isBusy={state.saving}
              send={send}
              keepFocus={keepFocus}
            />
          ))}
          <div className={styles.row} role="group" aria-label={t('eformsAdmin.builder.addSection')}>
            {kindsToAdd.map((optionId) => (
              <Button key={optionId} variant="secondary" isDisabled={state.saving} onPress={() => addSection(optionId)}>
                {t(`eformsAdmin.builder.add.${sectionKinds[optionId]}`)}
              </Button>
            ))}
          </div>
          <TranslationsPanel card={card} translating={translating} send={send} />
        </div>

        <aside className={styles.preview} aria-labelledby="eform-preview-title">
          <h2 id="eform-preview-title" className={styles.subtitle}>
            {t('eformsAdmin.builder.preview')}
          </h2>
          <div data-testid="eform-preview">
            <I18nextPageTexts>
              <Preview card={card} readerLanguage={translating ?? card.language} />
            </I18nextPageTexts>
          </div>
        </aside>
      </div>

      {card.id && card.status !== 'draft' && (
        <AssignmentsPanel formId={card.id} onAssign={card.status === 'published' ? () => setAssignOpen(true) : undefined} />
      )}
      {card.id && assignOpen && (
        <AssignDialog formId={card.id} formName={formNames.text(card.name, formNamesOf(card.language, card.translations))} locationId={locationId} onClose={() => setAssignOpen(false)} />
      )}
    </section>
  );
}

/** The live preview, in the language being translated (else the main one): each text as a reader of it sees it. */
function Preview({ card, readerLanguage }: { card: CardDraft; readerLanguage: FormLanguage }) {
  const reader = useFormTextReader(card, readerLanguage);
  return (
    <>
      <p className={styles.subtitle}>
        <strong>{reader.text('name', card.name)}</strong>
      </p>
      {card.description && <p className={styles.muted}>{reader.text('description', card.description)}</p>}
      <EformSections sections={card.sections} languages={card} readerLanguage={readerLanguage} readOnly />
    </>
  );
}
