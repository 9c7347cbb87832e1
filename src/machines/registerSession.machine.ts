import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { ErrorResponse } from '../contract/common';
import type { CashCount, CashMovementInput, Register, SessionReport } from '../contract/pos';

/**
 * The register a device sells through and its session (pos.md): which register, whether it is open, the cash that
 * goes in and out of its drawer, and its close.
 *
 *   choosing ── register.choose ─┬─ (open session) ─► loading ─► open.idle        loading ─ failed ─► loadFailed
 *                                └─ (none) ─────────► closed.idle
 *   closed ── session.open (float) ─► opening ─► open.idle           opening ─ refused ─► closed.refused
 *   open.idle ── cash.move ─► open.moving ─► open.idle               moving ─ refused ─► open.moveRefused
 *   open.idle ── report.x ─► open.reporting ─► open.xReport          reporting ─ failed ─► open.reportFailed
 *   open.idle ── close.start ─► closing.preparing (a fresh report: expected cash) ─► closing.counting
 *   closing.counting ── close.submit (counted) ─► closing.submitting ─► closed.idle (with the Z report)
 *                                                                     submitting ─ refused ─► closing.refused
 *   closed, open.idle, loadFailed ── register.change ─► choosing
 *
 * The machine is pure: each request is a named actor that src/actors/registerSession.ts supplies (tests swap
 * them with `.provide()`); a refusal keeps the server's answer in `error` for the view to show.
 */

export interface RegisterSessionContext {
  register: Register | null;
  /** The open session's latest report (the X report), or the Z report of the session just closed. */
  report: SessionReport | null;
  /** The last refusal, shaped like the API's error answer (`fields` name the fields). */
  error: ErrorResponse | null;
}

export type RegisterSessionEvent =
  | { type: 'register.choose'; register: Register }
  | { type: 'register.change' }
  | { type: 'session.retry' }
  | { type: 'session.open'; float: CashCount }
  | { type: 'cash.move'; movement: CashMovementInput }
  | { type: 'report.x' }
  | { type: 'report.dismiss' }
  | { type: 'error.dismiss' }
  | { type: 'close.start' }
  | { type: 'close.cancel' }
  | { type: 'close.submit'; counted: CashCount };

export type RegisterSessionTag = 'busy' | 'open' | 'closed';

/** Emitted when the clerk's close succeeded: 'Close and print the Z report' prints it (the view listens). */
export type RegisterSessionEmitted = { type: 'zReport.ready' };

/** Turns whatever a request threw into the error the screen shows (a lost connection keeps its own message). */
export function errorOf(error: unknown): ErrorResponse {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body: unknown }).body;
    if (body && typeof body === 'object' && typeof (body as ErrorResponse).error === 'string') return body as ErrorResponse;
  }
  return { error: error instanceof Error && error.message ? error.message : 'failed' };
}

const supplied = (name: string) => () => {
  throw new Error(`${name} is supplied by the view`);
};


export const registerSessionMachine = setup({
  types: {
    context: {} as RegisterSessionContext,
    events: {} as RegisterSessionEvent,
    tags: {} as RegisterSessionTag,
    emitted: {} as RegisterSessionEmitted,
  },
  actors: {
    /** GET /api/pos/sessions/:id: the X report while open, the Z report once closed. */
    loadSession: fromPromise<SessionReport, { sessionId: string; registerId?: string }>(supplied('loadSession')),
    openSession: fromPromise<SessionReport, { registerId: string; float: CashCount }>(supplied('openSession')),
    moveCash: fromPromise<SessionReport, { sessionId: string; movement: CashMovementInput }>(supplied('moveCash')),
    closeSession: fromPromise<SessionReport, { sessionId: string; counted: CashCount }>(supplied('closeSession')),
  },
  guards: {
    hasOpenSession: ({ event }) => event.type === 'register.choose' && event.register.openSession !== null,
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'register.choose');
      return { register: event.register, report: null, error: null };
    }),
    forgetRegister: assign({ register: null, report: null, error: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'registerSession',
  context: { register: null, report: null, error: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'register.choose': [
          { guard: 'hasOpenSession', target: 'loading', actions: 'choose' },
          { target: 'closed', actions: 'choose' },
        ],
      },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadSession',
        input: ({ context }) => ({ sessionId: context.register!.openSession!.id, registerId: context.register!.id }),
        onDone: [
          // Closed meanwhile (on another device): the register is closed, its Z report on screen.
          { guard: ({ event }) => event.output.status === 'closed', target: 'closed', actions: assign(({ event }) => ({ report: event.output, error: null })) },
          { target: 'open', actions: assign(({ event }) => ({ report: event.output, error: null })) },
        ],
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: errorOf(event.error) })) },
      },
    },
    loadFailed: {
      on: { 'session.retry': { target: 'loading', actions: 'clearError' }, 'register.change': { target: 'choosing', actions: 'forgetRegister' } },
    },
    closed: {
      tags: 'closed',
      initial: 'idle',
      on: {
        'session.open': '.opening',
        'register.change': { target: 'choosing', actions: 'forgetRegister' },
      },
      states: {
        idle: {},
        opening: {
          tags: 'busy',
          on: { 'session.open': {}, 'register.change': {} },
          invoke: {
            src: 'openSession',
            input: ({ context, event }) => {
              assertEvent(event, 'session.open');
              return { registerId: context.register!.id, float: event.float };
            },
            onDone: { target: '#registerSession.open', actions: assign(({ event }) => ({ report: event.output, error: null })) },
            onError: { target: 'refused', actions: assign(({ event }) => ({ error: errorOf(event.error) })) },
          },
        },
        refused: { on: { 'error.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
    },
    open: {
      tags: 'open',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'cash.move': 'moving',
            'report.x': 'reporting',
            'close.start': '#registerSession.closing',
            'register.change': { target: '#registerSession.choosing', actions: 'forgetRegister' },
          },
        },
        moving: {
          tags: 'busy',
          invoke: {
            src: 'moveCash',
            input: ({ context, event }) => {
              assertEvent(event, 'cash.move');
              return { sessionId: context.report!.id, movement: event.movement };
            },
            onDone: { target: 'idle', actions: assign(({ event }) => ({ report: event.output, error: null })) },
            onError: { target: 'moveRefused', actions: assign(({ event }) => ({ error: errorOf(event.error) })) },
          },
        },
        moveRefused: {
          on: { 'cash.move': { target: 'moving', actions: 'clearError' }, 'error.dismiss': { target: 'idle', actions: 'clearError' } },
        },
        reporting: {
          tags: 'busy',
          invoke: {
            src: 'loadSession',
            input: ({ context }) => ({ sessionId: context.report!.id }),
            onDone: { target: 'xReport', actions: assign(({ event }) => ({ report: event.output, error: null })) },
            onError: { target: 'reportFailed', actions: assign(({ event }) => ({ error: errorOf(event.error) })) },
          },
        },
        xReport: { on: { 'report.dismiss': 'idle', 'report.x': 'reporting' } },
        reportFailed: { on: { 'report.x': { target: 'reporting', actions: 'clearError' }, 'error.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
    },
    closing: {
      tags: 'open',
      initial: 'preparing',
      on: { 'close.cancel': { target: 'open', actions: 'clearError' } },
      states: {
        // The expected cash is read fresh: sales and refunds since the last report change it.
        preparing: {
          tags: 'busy',
          on: { 'close.cancel': {} },
          invoke: {
            src: 'loadSession',
            input: ({ context }) => ({ sessionId: context.report!.id }),
            onDone: { target: 'counting', actions: assign(({ event }) => ({ report: event.output, error: null })) },
            onError: { target: 'counting', actions: assign(({ event }) => ({ error: errorOf(event.error) })) },
          },
        },
        counting: { on: { 'close.submit': 'submitting' } },
        submitting: {
          tags: 'busy',
          on: { 'close.cancel': {} },
          invoke: {
            src: 'closeSession',
            input: ({ context, event }) => {
              assertEvent(event, 'close.submit');
              return { sessionId: context.report!.id, counted: event.counted };
            },
            onDone: {
              target: '#registerSession.closed',
              actions: [assign(({ event }) => ({ report: event.output, error: null })), emit({ type: 'zReport.ready' })],
            },
            onError: { target: 'refused', actions: assign(({ event }) => ({ error: errorOf(event.error) })) },
          },
        },
        refused: { on: { 'close.submit': { target: 'submitting', actions: 'clearError' } } },
      },
    },
  },
});
