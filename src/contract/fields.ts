/** Field builders the contract modules share: one rule per kind of field, each refusal with its field's message. */
import { noControlCharacters } from './common';
import { z } from './zod';

/**
 * A text field: trimmed, at most `max` characters, no control characters, and not empty when `required`; any
 * refusal answers `message` (`controlMessage` for control characters, where a field names them apart).
 */
export const text = (max: number, message: string, required = false, controlMessage = message) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .regex(noControlCharacters, { error: controlMessage })
    .refine((s) => !required || s.length > 0, { error: message });
