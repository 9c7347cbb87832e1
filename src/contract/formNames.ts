/** The zod shape of a form's names as lists carry them (./eformTexts.ts: FormNames, formNameIn). */
import { formLanguages } from './eformTexts';
import { z } from './zod';

const Language = z.enum(formLanguages);
export const FormNames = z.object({
  /** The form's main language: its `name` is written in it. */
  language: Language,
  /** The name translated, by language (only those with a translation). */
  translated: z.partialRecord(Language, z.string()),
});
