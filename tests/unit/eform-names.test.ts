/** A form's name in a reader's language (src/contract/eformTexts.ts: formNamesOf, formNameIn), the one rule lists use. */
import { describe, expect, it } from 'vitest';
import { formNameIn, formNamesOf } from '../../src/contract/eformTexts';

describe("a form's name in the reader's language (issue 33)", () => {
  const names = formNamesOf('en', { ar: { name: ' استمارة المريض الجديد ', 'section.a': 'قسم' }, tr: { name: '  ' } });

  it('keeps only the names of the other languages, trimmed, without blank ones', () => {
    expect(names).toEqual({ language: 'en', translated: { ar: 'استمارة المريض الجديد' } });
    expect(formNamesOf(undefined, undefined)).toEqual({ language: 'en', translated: {} });
    expect(formNamesOf('ar', { ar: { name: 'x' } })).toEqual({ language: 'ar', translated: {} });
  });

  it('an Arabic reader gets the Arabic name; a Turkish one, with none, gets the main name in its language', () => {
    expect(formNameIn('New Patient Intake', names, 'ar')).toEqual({ text: 'استمارة المريض الجديد', language: 'ar' });
    expect(formNameIn('New Patient Intake', names, 'tr')).toEqual({ text: 'New Patient Intake', language: 'en' });
    expect(formNameIn('New Patient Intake', names, 'en')).toEqual({ text: 'New Patient Intake', language: 'en' });
  });
});
