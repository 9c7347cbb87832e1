import { assertEvent, assign, setup } from 'xstate';

/**
 * Short messages (spec 8): success, warning, error or info, with a close button; hidden after 6000 ms, or
 * 2000 ms for saves, which show top right. One message at a time: a new one replaces the one showing and its
 * time starts again.
 *
 * Anyone may send `snackbar.show` to the app's actor (`runtime.snackbar`, systemId 'snackbar'). `message` is
 * either text already in the reader's language or one of the spec's English texts, which the view translates.
 */
export type SnackbarKind = 'success' | 'warning' | 'error' | 'info';
export type SnackbarPlacement = 'bottom' | 'topEnd';

export interface Snackbar {
  /** Increases with every message, so a view can tell a repeated text from the one already shown. */
  id: number;
  kind: SnackbarKind;
  message: string;
  duration: number;
  placement: SnackbarPlacement;
}

export const snackbarDurations = { default: 6000, save: 2000 } as const;

export interface SnackbarContext {
  current: Snackbar | null;
  lastId: number;
}

export type SnackbarShow = {
  type: 'snackbar.show';
  kind: SnackbarKind;
  message: string;
  /** Milliseconds; 6000 unless given. */
  duration?: number;
  /** Where it shows; bottom (centred) unless given. */
  placement?: SnackbarPlacement;
};

export type SnackbarEvent = SnackbarShow | { type: 'snackbar.close' };

/** A save's confirmation: 2000 ms, top right (top left in right-to-left). */
export const savedSnackbar = (message: string): SnackbarShow => ({
  type: 'snackbar.show',
  kind: 'success',
  message,
  duration: snackbarDurations.save,
  placement: 'topEnd',
});

export const snackbarMachine = setup({
  types: {
    context: {} as SnackbarContext,
    events: {} as SnackbarEvent,
    tags: {} as 'visible',
  },
  delays: {
    visibleFor: ({ context }) => context.current?.duration ?? snackbarDurations.default,
  },
  actions: {
    take: assign(({ context, event }) => {
      assertEvent(event, 'snackbar.show');
      const id = context.lastId + 1;
      return {
        lastId: id,
        current: {
          id,
          kind: event.kind,
          message: event.message,
          duration: event.duration ?? snackbarDurations.default,
          placement: event.placement ?? 'bottom',
        },
      };
    }),
    drop: assign({ current: null }),
  },
}).createMachine({
  id: 'snackbar',
  context: { current: null, lastId: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'snackbar.show': { target: 'visible', actions: 'take' } },
    },
    visible: {
      tags: 'visible',
      after: { visibleFor: { target: 'hidden', actions: 'drop' } },
      on: {
        // Re-entering restarts the timer for the new message.
        'snackbar.show': { target: 'visible', reenter: true, actions: 'take' },
        'snackbar.close': { target: 'hidden', actions: 'drop' },
      },
    },
  },
});
