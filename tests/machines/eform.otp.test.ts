/**
 * The otp machine alone (src/machines/otp.machine.ts), with its two calls stubbed by name: the rules the page model
 * (eform.model.test.ts) drives through the screens, checked here on the machine: the 6-character trimmed entry,
 * what is sent, the refusal clearing the entry, Resend and a failed resend keeping the dialog, the token as output.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { CodeSentAnswer, FormTokenAnswer } from '../../src/contract/eforms';
import { eformMessages } from '../../src/contract/eforms';
import { ApiError } from '../../src/api/http';
import { isOtpValid, otpMachine } from '../../src/machines/otp.machine';

const link = { uri: 'Zq3v9Kx2LmP8rT5wY1bN4cD7fG0hJ6sA', tenant: 'enc-tenant-3f9a1c7d2e8b4a6c0d5f' };
const sent: CodeSentAnswer = { sent: true, resent: false, destination: 'j***@example.com' };

function start(answers: { request: (() => Promise<CodeSentAnswer>)[]; verify: ((vCode: string) => Promise<FormTokenAnswer>)[] }) {
  const verified: string[] = [];
  const actor = createActor(
    otpMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => {
          expect(input).toEqual(link);
          return answers.request.shift()!();
        }),
        verifyCode: fromPromise(async ({ input }) => {
          verified.push(input.vCode);
          return answers.verify.shift()!(input.vCode);
        }),
      },
    }),
    { input: link },
  );
  actor.start();
  return { actor, verified };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('otp machine', () => {
  it('accepts an entry of at least 6 characters once trimmed', () => {
    expect(isOtpValid('12345')).toBe(false);
    expect(isOtpValid('  12345  ')).toBe(false);
    expect(isOtpValid(' 123456 ')).toBe(true);
  });

  it('asks for a code, refuses to send a short entry, sends the trimmed one and ends with the form token', async () => {
    const { actor, verified } = start({
      request: [async () => sent],
      verify: [async () => ({ formToken: 'form-token', expiresIn: 900 })],
    });
    actor.send({ type: 'otp.request' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(actor.getSnapshot().context).toMatchObject({ resent: false, destination: 'j***@example.com' });

    actor.send({ type: 'otp.codeChanged', value: ' 123 ' });
    actor.send({ type: 'otp.submit' });
    expect(actor.getSnapshot().value).toBe('awaitingCode');

    actor.send({ type: 'otp.codeChanged', value: ' 123456 ' });
    actor.send({ type: 'otp.submit' });
    expect(actor.getSnapshot().value).toBe('verifying');
    await expect(toPromise(actor)).resolves.toEqual({ formToken: 'form-token' });
    expect(verified).toEqual(['123456']);
  });

  it('a refused code shows the server message and clears the entry; Resend says Re-sent; a failed resend keeps the dialog', async () => {
    const { actor } = start({
      request: [
        async () => sent,
        async () => ({ ...sent, resent: true }),
        async () => {
          throw new ApiError(429, { error: eformMessages.tooManyCodes });
        },
      ],
      verify: [
        async () => {
          throw new ApiError(400, { error: eformMessages.invalidCode });
        },
      ],
    });
    actor.send({ type: 'otp.request' });
    await settle();
    actor.send({ type: 'otp.codeChanged', value: '654321' });
    actor.send({ type: 'otp.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ vCode: '', error: { status: 400, message: eformMessages.invalidCode } });

    actor.send({ type: 'otp.resend' });
    expect(actor.getSnapshot().value).toBe('resending');
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ resent: true, error: null });

    actor.send({ type: 'otp.resend' });
    await settle();
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(actor.getSnapshot().context.error).toEqual({ status: 429, message: eformMessages.tooManyCodes });

    actor.send({ type: 'otp.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ vCode: '', error: null });
  });

  it('a refused first request leaves the button with the message; the page shows a generic text when the server said nothing', async () => {
    const { actor } = start({
      request: [
        async () => {
          throw new TypeError('Failed to fetch');
        },
      ],
      verify: [],
    });
    actor.send({ type: 'otp.request' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toEqual({ status: null, message: null });
  });
});
