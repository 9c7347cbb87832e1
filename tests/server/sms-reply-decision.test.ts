/**
 * The reply handling as a pure function of (reply, state) (server/reminders/replies.ts), over every combination of
 * reply word, spelling, patient match, SMS consent, next appointment, the store's cancel policy and the time left.
 */
import { describe, expect, it } from 'vitest';
import { decideReply, replyWord, type ReplyState } from '../../server/reminders/replies';

const now = new Date('2026-12-01T15:00:00Z');
const HOUR = 3_600_000;

const spellings = {
  confirm: ['C', 'c', ' c ', 'C.', 'c!'],
  cancel: ['X', 'x', ' X\n'],
  stop: ['STOP', 'stop', 'Stop', 'STOPALL', 'unsubscribe', 'END', 'quit'],
  start: ['START', 'start', 'UNSTOP'],
  other: ['', 'yes', 'CC', 'C X', 'Can I come at 3?', 'STOP IT', 'ok', 'ç', 'ı'],
} as const;

const patients = [null, { smsConsent: true }, { smsConsent: false }] as const;
const appointments = [
  null,
  { name: 'booked, 48 h ahead', status: 'booked', startsIn: 48, patientReply: null },
  { name: 'booked, 3 h ahead', status: 'booked', startsIn: 3, patientReply: null },
  { name: 'confirmed by staff, 48 h ahead', status: 'confirmed', startsIn: 48, patientReply: null },
  { name: 'confirmed by the patient, 48 h ahead', status: 'confirmed', startsIn: 48, patientReply: 'confirmed' },
  { name: 'confirmed by the patient, 3 h ahead', status: 'confirmed', startsIn: 3, patientReply: 'confirmed' },
  { name: 'cancelled', status: 'cancelled', startsIn: 48, patientReply: 'cancelled' },
  { name: 'started', status: 'booked', startsIn: -1, patientReply: null },
  { name: 'checked in', status: 'checked-in', startsIn: 1, patientReply: null },
] as const;
const policies = [
  { patientsMayCancel: true, cancelNoticeHours: 24 },
  { patientsMayCancel: true, cancelNoticeHours: 0 },
  { patientsMayCancel: false, cancelNoticeHours: 24 },
] as const;

describe('reply words', () => {
  it.each(Object.entries(spellings).flatMap(([word, list]) => list.map((text) => [text, word] as const)))('%j reads as %s', (text, word) => {
    expect(replyWord(text)).toBe(word);
  });
});

describe('decideReply over every combination', () => {
  const cases = Object.entries(spellings).flatMap(([word, list]) =>
    list.flatMap((text) => patients.flatMap((patient) => appointments.flatMap((appointment) => policies.map((policy) => ({ word, text, patient, appointment, policy }))))),
  );

  it(`decides each of ${cases.length} cases as the rules say`, () => {
    for (const c of cases) {
      const state: ReplyState = {
        patient: c.patient,
        appointment: c.appointment && { status: c.appointment.status, startsAt: new Date(now.getTime() + c.appointment.startsIn * HOUR), patientReply: c.appointment.patientReply },
        policy: c.policy,
        now,
      };
      const d = decideReply(c.text, state);
      const label = JSON.stringify({ ...c, appointment: c.appointment?.name ?? null });
      // No patient with the number: nothing is done and nothing is said.
      if (!c.patient) {
        expect(d, label).toEqual({ action: 'none', answer: null, outcome: 'unmatched' });
        continue;
      }
      // STOP and START always act and are always answered (the carriers' rule), whatever the appointment.
      if (c.word === 'stop') {
        expect(d, label).toEqual({ action: 'optOut', answer: 'optedOut', outcome: 'optedOut' });
        continue;
      }
      if (c.word === 'start') {
        expect(d, label).toEqual({ action: 'optIn', answer: 'optedIn', outcome: 'optedIn' });
        continue;
      }
      // Anything else: to the inbox, unanswered.
      if (c.word === 'other') {
        expect(d, label).toEqual({ action: 'inbox', answer: null, outcome: 'toInbox' });
        continue;
      }
      // C and X: the answer goes only to a patient who agreed to texts; the action does not depend on it.
      if (c.patient.smsConsent === false) expect(d.answer, label).toBeNull();
      else expect(d.answer, label).not.toBeNull();
      const a = c.appointment;
      const live = a !== null && (a.status === 'booked' || a.status === 'confirmed') && a.startsIn > 0;
      if (!live) {
        expect({ action: d.action, outcome: d.outcome }, label).toEqual({ action: 'none', outcome: 'noAppointment' });
        continue;
      }
      if (c.word === 'confirm') {
        const already = a.patientReply === 'confirmed';
        expect({ action: d.action, outcome: d.outcome }, label).toEqual(already ? { action: 'none', outcome: 'alreadyConfirmed' } : { action: 'confirm', outcome: 'confirmed' });
        continue;
      }
      const allowed = c.policy.patientsMayCancel && a.startsIn >= c.policy.cancelNoticeHours;
      expect({ action: d.action, outcome: d.outcome }, label).toEqual(allowed ? { action: 'cancel', outcome: 'cancelled' } : { action: 'none', outcome: 'cancelRefused' });
      if (!allowed && c.patient.smsConsent) expect(d.answer, label).toBe(c.policy.patientsMayCancel ? 'cancelTooLate' : 'cancelNotAllowed');
    }
  });
});
