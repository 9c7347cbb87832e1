/**
 * What an SMS reply does: a pure function of the reply's text and the state it meets (the patient matched by the
 * number, their SMS consent, their next appointment at the store, the store's cancel policy, the clock). The
 * webhook (./inbound.ts) reads the state, asks `decideReply`, and carries the decision out once.
 *
 * Words (case and surrounding spaces ignored): C confirms, X cancels, STOP (and the carriers' STOPALL, UNSUBSCRIBE,
 * END, QUIT) removes SMS consent, START (and UNSTOP) restores it; anything else goes to the store's inbox.
 * A patient without SMS consent gets no answer by text except to STOP and START: their C or X still counts.
 */
import { cancelRefusal, type CancelPolicy } from '../appointments/appointments';

export type ReplyWord = 'confirm' | 'cancel' | 'stop' | 'start' | 'other';

const stopWords = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT']);
const startWords = new Set(['START', 'UNSTOP']);

export function replyWord(body: string): ReplyWord {
  // toUpperCase without a locale: a Turkish phone's 'stop' or 'c' reads the same.
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  if (word === 'C') return 'confirm';
  if (word === 'X') return 'cancel';
  if (stopWords.has(word)) return 'stop';
  if (startWords.has(word)) return 'start';
  return 'other';
}

export interface ReplyState {
  /** The patient the number belongs to at the company, or null (no patient has it). */
  patient: { smsConsent: boolean } | null;
  /** The patient's next live appointment at the store, or null. */
  appointment: { status: string; startsAt: Date; patientReply: 'confirmed' | 'cancelled' | null } | null;
  policy: CancelPolicy;
  now: Date;
}

/** The answer texted back (./replyTexts.ts), by key. */
export type AnswerKey = 'confirmed' | 'alreadyConfirmed' | 'cancelled' | 'cancelTooLate' | 'cancelNotAllowed' | 'noAppointment' | 'optedOut' | 'optedIn';

export type ReplyAction = 'confirm' | 'cancel' | 'optOut' | 'optIn' | 'inbox' | 'none';

export interface ReplyDecision {
  action: ReplyAction;
  /** The text sent back, or null for none. */
  answer: AnswerKey | null;
  /** What the reply is recorded as (sms_replies.outcome). */
  outcome: 'unmatched' | 'confirmed' | 'alreadyConfirmed' | 'cancelled' | 'cancelRefused' | 'noAppointment' | 'optedOut' | 'optedIn' | 'toInbox';
}

export function decideReply(body: string, s: ReplyState): ReplyDecision {
  if (!s.patient) return { action: 'none', answer: null, outcome: 'unmatched' };
  const word = replyWord(body);
  if (word === 'stop') return { action: 'optOut', answer: 'optedOut', outcome: 'optedOut' };
  if (word === 'start') return { action: 'optIn', answer: 'optedIn', outcome: 'optedIn' };
  if (word === 'other') return { action: 'inbox', answer: null, outcome: 'toInbox' };
  const texts = s.patient.smsConsent;
  const say = (key: AnswerKey) => (texts ? key : null);
  const a = s.appointment;
  const upcoming = a && ['booked', 'confirmed'].includes(a.status) && a.startsAt.getTime() > s.now.getTime();
  if (!a || !upcoming) return { action: 'none', answer: say('noAppointment'), outcome: 'noAppointment' };
  if (word === 'confirm') {
    if (a.patientReply === 'confirmed') return { action: 'none', answer: say('alreadyConfirmed'), outcome: 'alreadyConfirmed' };
    return { action: 'confirm', answer: say('confirmed'), outcome: 'confirmed' };
  }
  const refusal = cancelRefusal(a, s.policy, s.now);
  if (refusal === 'too-late') return { action: 'none', answer: say('cancelTooLate'), outcome: 'cancelRefused' };
  if (refusal === 'not-allowed') return { action: 'none', answer: say('cancelNotAllowed'), outcome: 'cancelRefused' };
  return { action: 'cancel', answer: say('cancelled'), outcome: 'cancelled' };
}
