import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import tr from '../../src/i18n/locales/tr.json';
import { fieldTexts } from '../../src/contract/fieldMessages';
import { sessionMessages } from '../../src/machines/session.machine';

/** Every key path of a locale, with its text. */
function entries(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

describe('locales', () => {
  const english = new Map(entries(en));

  it.each([
    ['tr', tr],
    ['ar', ar],
  ])('%s has every English key, each with its own non-empty text', (_, locale) => {
    const translated = new Map(entries(locale));
    // A count key has the plural forms of its own language (tests/unit/plurals.test.ts): compared by its base.
    const plural = /_(zero|one|two|few|many|other)$/;
    const bases = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(plural, '')))].sort();
    expect(bases(translated.keys())).toEqual(bases(english.keys()));
    for (const [key, text] of translated) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      // Interpolations survive translation: the same {{names}} appear (a plural form may say its count in words).
      const names = (value: unknown) => String(value).match(/{{\w+}}/g)?.sort() ?? [];
      const base = key.replace(plural, '');
      if (base === key) expect(names(text), key).toEqual(names(english.get(key)));
      else {
        const others = (value: unknown) => names(value).filter((name) => name !== '{{count}}');
        expect(others(text), key).toEqual(others(english.get(`${base}_other`)));
      }
    }
  });

  it('English quotes every message the API and the session machine can produce, word for word', () => {
    const known = { ...messages, ...sessionMessages };
    for (const [key, text] of Object.entries(known)) expect(english.get(`errors.${key}`), key).toBe(text);
  });

  it('says each field message of the catalogue under its code; a text two codes share once', () => {
    const firstCodeOf = new Map<string, string>();
    for (const [code, text] of Object.entries(fieldTexts)) if (!firstCodeOf.has(text)) firstCodeOf.set(text, code);
    const said = [...english.keys()].filter((key) => key.startsWith('fieldErrors.')).sort();
    expect(said).toEqual([...firstCodeOf.values()].map((code) => `fieldErrors.${code}`).sort());
  });
});
