import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { cardQuery, saveCard, useCardSaved } from '../api/eformsAdmin';
import { translateError } from '../i18n/apiErrors';
import { formBuilderMachine } from '../machines/formBuilder.machine';
import type { BuilderInput } from '../machines/formBuilder.machine';
import { savedSnackbar, snackbarDurations } from '../machines/snackbar.machine';
import type { snackbarMachine } from '../machines/snackbar.machine';

/** Where the builder sends the reader: the store's boards, and a new form's own address once it is saved. */
export interface FormBuilderAddresses {
  boards(locationId: string): string;
  edit(locationId: string, formId: string): string;
}

export interface FormBuilderActorOptions {
  tenantId: string;
  input: Omit<BuilderInput, 'idPrefix'>;
  snackbar: ActorRefFrom<typeof snackbarMachine>;
  addresses: FormBuilderAddresses;
}

/** Makes the new sections' and items' ids of this visit unique (the machine draws no random numbers). */
const randomPrefix = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);

/**
 * The builder page's formBuilder actor: the card comes through the query cache and is saved by the API; a card
 * that cannot be loaded is said in the snackbar and the builder goes back to the boards; a saved card is put in the
 * cache (`useCardSaved`), said, and a new one gets its own address.
 */
export function useFormBuilderActor({ tenantId, input, snackbar, addresses }: FormBuilderActorOptions) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const builder = useActorRef(
    formBuilderMachine.provide({
      actors: {
        loadCard: fromPromise(({ input: load }) => queryClient.fetchQuery(cardQuery(tenantId, load.formId))),
        saveCard: fromPromise(({ input: save, signal }) => saveCard(save.card, signal)),
      },
      actions: {
        announceLoadFailed: (_, { error }) =>
          snackbar.send({
            type: 'snackbar.show',
            kind: 'error',
            message: translateError(i18n, error),
            duration: snackbarDurations.save,
            placement: 'topEnd',
          }),
        goToBoards: (_, params) => navigate(addresses.boards(params.locationId), { replace: true }),
      },
    }),
    { input: { ...input, idPrefix: randomPrefix() } },
  );

  const cardSaved = useCardSaved(tenantId);
  const { edit } = addresses;
  useEffect(() => {
    const saved = builder.on('builder.saved', ({ card, created }) => {
      snackbar.send(savedSnackbar(t('eformsAdmin.messages.cardSaved')));
      cardSaved(card);
      if (created) navigate(edit(card.locationId, card.id), { replace: true });
    });
    const failed = builder.on('builder.saveFailed', ({ error }) =>
      snackbar.send({ type: 'snackbar.show', kind: 'error', message: translateError(i18n, error) }),
    );
    return () => {
      saved.unsubscribe();
      failed.unsubscribe();
    };
  }, [builder, snackbar, cardSaved, edit, t, i18n]);

  return builder;
}
