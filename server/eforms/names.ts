/**
 * A form's names as lists carry them (src/contract/eformTexts.ts: FormNames): read in SQL from the form's (or an
 * assignment's snapshot's) translations, only the name of each language, so a list does not load every text.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formNamesOf, isFormLanguage, type FormNames, type FormTranslations } from '../../src/contract/eformTexts';

/** The translations held in `translations` (a jsonb expression) cut to their names: { tr: { name }, ... }. */
export const nameTranslationsSql = (translations: SQL): SQL =>
  sql`(select coalesce(jsonb_object_agg(e.key, jsonb_build_object('name', e.value->'name')), '{}'::jsonb)
        from jsonb_each(coalesce(${translations}, '{}'::jsonb)) e where jsonb_typeof(e.value) = 'object' and e.value ? 'name')`;

/** The names of a form from its row's language (none for an old snapshot: English) and its cut translations. */
export const namesFrom = (language: unknown, translations: unknown): FormNames =>
  formNamesOf(isFormLanguage(language) ? language : undefined, (translations ?? {}) as FormTranslations);
