/**
 * The sign-in's password check as tests inject it into the app factory (buildApp's checkPassword): the real check,
 * counted, and held after its hash when a test asks, so a race with the sign-in is driven step by step instead of
 * by sleeping.
 */
import { verifyPassword, type PasswordCheck } from '../../server/auth/passwords';

export interface PasswordGate {
  check: PasswordCheck;
  /** How many password checks ran (a dummy one for an unknown account counts too). */
  readonly calls: number;
  /**
   * Holds the next check once its hash is done: `reached` resolves when a sign-in is held there, `release` lets it
   * go on to what follows the check (the session, or the refusal).
   */
  holdNext(): { reached: Promise<void>; release: () => void };
}

export function passwordGate(): PasswordGate {
  let calls = 0;
  let held: { arrive: () => void; released: Promise<void> } | null = null;
  return {
    async check(hash, password) {
      calls++;
      const ok = await verifyPassword(hash, password);
      const gate = held;
      held = null;
      if (gate) {
        gate.arrive();
        await gate.released;
      }
      return ok;
    },
    get calls() {
      return calls;
    },
    holdNext() {
      let arrive!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => (arrive = r));
      const released = new Promise<void>((r) => (release = r));
      held = { arrive, released };
      return { reached, release };
    },
  };
}
