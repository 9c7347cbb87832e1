import { assign, fromPromise, setup } from 'xstate';
import type { CodeSentAnswer, FormTokenAnswer } from '../contract/eforms';

/**
 * The eForm's one-time-code gate (spec 4 'OTP', 5 'OTP field'; security.md's departure): 'Click to Get OTP' asks
 * the server to send a code; a dialog says where it went ('Re-sent' after Resend); Submit sends the trimmed code
 * and the server answers a short-lived, form-scoped token (it never returns the code itself). A refused code
 * shows the server's message and clears the field. Pure: the two calls are the named actors `requestCode` and
 * `verifyCode`, supplied with `.provide()` (src/actors/publicEform.ts, the tests).
 *
 * idle ─ otp.request ─► requesting ─► awaitingCode ─ otp.submit ─► verifying ─► verified (final: the form token)
 *          (a refusal: idle with the message)  (dialog open)                  └─► invalid (message, field cleared)
 * awaitingCode | invalid ─ otp.resend ─► resending ─► awaitingCode ('Re-sent', or the refusal's message)
 * awaitingCode | invalid ─ otp.close ─► idle (Escape or Cancel; 'Click to Get OTP' asks for a new code)
 */

/** Spec 5 and 9: the code is required, trimmed, at least 6 characters. */
export const OTP_MIN_LENGTH = 6;
export const isOtpValid = (value: string) => value.trim().length >= OTP_MIN_LENGTH;

/** What the calls need: the link token and the encrypted tenant (X-Tenant-ID). */
export interface LinkInput {
  uri: string;
  tenant: string;
}

/** A failed call, as the page shows it: the server's message (or null: the page's generic text) and the status. */
export interface CallFailure {
  status: number | null;
  message: string | null;
  /** The answer's error code and its values (src/contract/errorCodes.ts): what the page translates. */
  code?: string;
  params?: Record<string, string | number>;
}

export interface OtpContext extends LinkInput {
  /** The entry in the code field; cleared when the server refuses it. */
  vCode: string;
  /** The last code was sent by Resend: the dialog says 'Re-sent'. */
  resent: boolean;
  /** Where the code went, as the server masks it (e.g. j***@example.com). */
  destination: string | null;
  /** The last refusal or failure, shown in the dialog (role alert). */
  error: CallFailure | null;
  formToken: string | null;
}

export type OtpEvent =
  | { type: 'otp.request' }
  | { type: 'otp.codeChanged'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'otp.close' };

export interface OtpOutput {
  formToken: string;
}

/** Turns a rejected call into what the page shows; the api layer's ApiError carries the status and the body. */
export function failureOf(error: unknown): CallFailure {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const body = 'body' in error ? (error.body as { error?: unknown; code?: unknown; params?: Record<string, string | number> } | null) : null;
    const code = typeof body?.code === 'string' ? { code: body.code, params: body.params } : {};
    return { status: error.status, message: typeof body?.error === 'string' ? body.error : null, ...code };
  }
  return { status: null, message: null };
}

const notSupplied = (name: string) => async (): Promise<never> => {
  throw new Error(`The ${name} actor is supplied with .provide()`);
};

export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    input: {} as LinkInput,
    events: {} as OtpEvent,
    output: {} as OtpOutput,
    /** dialogOpen: the code dialog shows; busy: a call the reader waits for. */
    tags: {} as 'dialogOpen' | 'busy',
  },
  actors: {
    requestCode: fromPromise<CodeSentAnswer, LinkInput>(notSupplied('requestCode')),
    verifyCode: fromPromise<FormTokenAnswer, LinkInput & { vCode: string }>(notSupplied('verifyCode')),
  },
  actions: {
    keepEntry: assign({ vCode: (_, params: { value: string }) => params.value }),
    clearEntry: assign({ vCode: '' }),
    clearError: assign({ error: null }),
    keepSent: assign((_, params: { answer: CodeSentAnswer; resent: boolean }) => ({
      resent: params.resent,
      destination: params.answer.destination,
      error: null,
    })),
    keepFailure: assign({ error: (_, params: { error: unknown }) => failureOf(params.error) }),
    keepToken: assign({ formToken: (_, params: { formToken: string }) => params.formToken }),
  },
  guards: {
    /** The dialog's Submit asks this (`snapshot.can({ type: 'otp.submit' })`): enabled only for a complete code. */
    entryIsValid: ({ context }) => isOtpValid(context.vCode),
  },
}).createMachine({
  id: 'otp',
  context: ({ input }) => ({
    uri: input.uri,
    tenant: input.tenant,
    vCode: '',
    resent: false,
    destination: null,
    error: null,
    formToken: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'otp.request': { target: 'requesting', actions: 'clearError' } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ uri: context.uri, tenant: context.tenant }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'keepSent', params: ({ event }) => ({ answer: event.output, resent: false }) },
        },
        onError: { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    resending: {
      tags: ['dialogOpen', 'busy'],
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ uri: context.uri, tenant: context.tenant }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'keepSent', params: ({ event }) => ({ answer: event.output, resent: true }) },
        },
        // The code sent before still holds: the dialog stays, with the refusal's message (too many codes, say).
        onError: { target: 'awaitingCode', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    awaitingCode: {
      tags: ['dialogOpen'],
      on: {
        'otp.codeChanged': { actions: { type: 'keepEntry', params: ({ event }) => ({ value: event.value }) } },
        'otp.submit': { guard: 'entryIsValid', target: 'verifying', actions: 'clearError' },
        'otp.resend': 'resending',
        'otp.close': { target: 'idle', actions: ['clearEntry', 'clearError'] },
      },
    },
    verifying: {
      tags: ['dialogOpen', 'busy'],
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ uri: context.uri, tenant: context.tenant, vCode: context.vCode.trim() }),
        onDone: {
          target: 'verified',
          actions: ['clearEntry', { type: 'keepToken', params: ({ event }) => ({ formToken: event.output.formToken }) }],
        },
        // Refused (400), locked (429) or unreachable: the message shows and the entry is cleared for a fresh one.
        onError: { target: 'invalid', actions: ['clearEntry', { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    invalid: {
      tags: ['dialogOpen'],
      on: {
        'otp.codeChanged': { actions: { type: 'keepEntry', params: ({ event }) => ({ value: event.value }) } },
        'otp.submit': { guard: 'entryIsValid', target: 'verifying', actions: 'clearError' },
        'otp.resend': 'resending',
        'otp.close': { target: 'idle', actions: ['clearEntry', 'clearError'] },
      },
    },
    verified: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ formToken: context.formToken ?? '' }),
});
