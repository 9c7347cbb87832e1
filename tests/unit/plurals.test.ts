// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import tr from '../../src/i18n/locales/tr.json';
import { createI18n } from '../../src/i18n/i18n';

/**
 * A text asked with a `count` is one of several forms, chosen by the language's plural rules (i18next's JSON v4
 * suffixes, from Intl.PluralRules): Arabic has six (zero, one, two, few, many, other), Turkish and English two. A
 * form the catalogue lacks falls back to English, so "17 in stock" showed in an Arabic sale.
 */
const catalogues = { en, tr, ar } as const;
const suffix = /_(zero|one|two|few|many|other)$/;

function entries(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Every key the app asks with a count (`t('a.b', { count: n })`, or `{ count }`), read from its source. */
function keysAskedWithCount(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles('src')) {
    for (const call of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([\w.]+)['"`]\s*,\s*\{([^{}]*)\}/g)) {
      if (/(?:^|[,{])\s*count\s*(?::|,|$)/.test(call[2]!)) keys.add(call[1]!);
    }
  }
  return keys;
}

const countKeys = new Set([
  ...keysAskedWithCount(),
  // A key with plural forms in any catalogue is a count key too, whoever asks for it.
  ...Object.values(catalogues).flatMap((c) => entries(c).map(([key]) => key).filter((key) => suffix.test(key)).map((key) => key.replace(suffix, ''))),
]);

describe('plural forms', () => {
  it('the source scan finds the count keys (a broken scan would pass everything)', () => {
    expect(countKeys).toContain('posSale.search.stock');
    expect(countKeys).toContain('access.caption');
    expect(countKeys).toContain('patientChart.appointments.minutes');
  });

  it.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('%s has every form its plural rules name, for every count key', (language) => {
    const keys = new Set(entries(catalogues[language]).map(([key]) => key));
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = [...countKeys].flatMap((key) => categories.filter((c) => !keys.has(`${key}_${c}`)).map((c) => `${key}_${c}`));
    expect(missing).toEqual([]);
  });

  it('an Arabic count never shows the English text (0, 1, 2, 3-10, 11-99, 100-102)', () => {
    const i18n = createI18n({ getItem: () => 'en', setItem: () => {} } as unknown as Storage);
    const english = i18n.getFixedT('en');
    const arabic = i18n.getFixedT('ar');
    const values = { max: 250, units: 42, encoding: 'GSM-7', remaining: 118, column: 'Net sales', group: 'Store', total: 12 };
    const same: string[] = [];
    for (const key of countKeys) {
      for (const count of [0, 1, 2, 3, 10, 11, 17, 99, 100, 101, 102]) {
        const text = arabic(key, { ...values, count });
        // The values are Latin on purpose: what is left once they are taken out must be Arabic.
        const own = Object.values(values).reduce<string>((rest, value) => rest.replaceAll(String(value), ''), text);
        if (text === english(key, { ...values, count }) || /[A-Za-z]{2,}/.test(own)) same.push(`${key} (${count}): ${text}`);
      }
    }
    expect(same).toEqual([]);
  });
});

/**
 * Keys whose Arabic text may equal the English one: language names in their own language, and a date pattern's
 * letters (codes read by the date field, not prose).
 */
const notProse = new Set(['templates.languages.en', 'templates.languages.tr', 'templates.languages.ar', 'eformPublic.dateFormat']);

describe('untranslated English', () => {
  it('no prose text of ar is the English text word for word', () => {
    const english = new Map(entries(en));
    const copied = entries(ar)
      .filter(([key, text]) => !notProse.has(key) && text === english.get(key))
      // Prose has a word in it once the {{values}} are taken out; '{{name}} · {{store}}' or '—' is layout.
      .filter(([, text]) => /[A-Za-z]{2,}/.test(String(text).replace(/{{\w+}}/g, '')))
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });
});
