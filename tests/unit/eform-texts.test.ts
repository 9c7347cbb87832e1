import { describe, expect, it, vi } from 'vitest';
import { createEformTexts } from '../../src/i18n/eformI18n';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import tr from '../../src/i18n/locales/tr.json';
import { translate } from '../../src/i18n/pageTexts';
import { messageText } from '../../src/views/eforms/public/messageText';

// The public eForm page's own translator (src/i18n/eformI18n.ts, src/i18n/pageTexts.ts) in place of i18next: the
// same texts, the same storage key as the app, and the document's lang and dir following the language.

function page(stored: string | null) {
  const storage = window.localStorage;
  storage.clear();
  if (stored) storage.setItem('language', stored);
  const root = document.createElement('html');
  return { storage, root };
}

describe('the eForm page’s texts', () => {
  it('start in English without a stored language, with {{values}} filled in', async () => {
    const { storage, root } = page(null);
    const texts = (await createEformTexts(storage, root)).current();
    expect(texts.language).toBe('en');
    expect([root.lang, root.dir]).toEqual(['en', 'ltr']);
    expect(texts.t('eformPublic.submit')).toBe(en.eformPublic.submit);
    expect(texts.t('eformPublic.characterCount', { number: 12, max: 500 })).toBe('12 of 500 characters');
  });

  it('start in the stored language: Arabic right to left', async () => {
    const { storage, root } = page('ar');
    const texts = (await createEformTexts(storage, root)).current();
    expect(texts.language).toBe('ar');
    expect([root.lang, root.dir]).toEqual(['ar', 'rtl']);
    expect(texts.t('eformPublic.submit')).toBe(ar.eformPublic.submit);
    expect(texts.t('errors.tokenRefreshFailed')).toBe(ar.errors.tokenRefreshFailed);
  });

  it('start in the language of the link (its message’s) over the stored one; an unknown one is ignored', async () => {
    const { storage, root } = page('en');
    const texts = (await createEformTexts(storage, root, 'tr')).current();
    expect([texts.language, root.lang, root.dir]).toEqual(['tr', 'tr', 'ltr']);
    expect(texts.t('eformPublic.submit')).toBe(tr.eformPublic.submit);
    expect((await createEformTexts(storage, root, 'xx')).current().language).toBe('en');
  });

  it("show a refused call by its error code in the reader's language, whatever its English text", async () => {
    const { storage, root } = page('ar');
    const texts = (await createEformTexts(storage, root)).current();
    const failure = { status: 429, message: 'Some other English words', code: 'eforms.codeLocked' };
    expect(messageText(texts.t, failure)).toBe(ar.apiErrors.eforms.codeLocked);
    expect(messageText(texts.t, { status: 400, message: 'x', code: 'request.fieldsInvalid' })).toBe(ar.apiErrors.request.fieldsInvalid);
    // A code the page has no text for shows the server's own words.
    expect(messageText(texts.t, { status: 409, message: 'As the server said', code: 'sales.invoiceAlreadyClosed' })).toBe('As the server said');
  });

  it('switch when a language is chosen, once its texts arrive, and keep the choice', async () => {
    const { storage, root } = page('ar');
    const texts = await createEformTexts(storage, root);
    const changed = vi.fn();
    texts.subscribe(changed);
    texts.current().changeLanguage('tr');
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(texts.current().language).toBe('tr');
    expect(texts.current().t('eformPublic.characterCount', { number: 1, max: 500 })).toBe(
      tr.eformPublic.characterCount.replace('{{number}}', '1').replace('{{max}}', '500'),
    );
    expect([root.lang, root.dir, storage.getItem('language')]).toEqual(['tr', 'ltr', 'tr']);

    texts.current().changeLanguage('xx');
    texts.current().changeLanguage('tr');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('fall back to English, then to the default value, then to the key', () => {
    const english = { group: { only: 'English only', both: 'English' } };
    const turkish = { group: { both: 'Türkçe' } };
    expect(translate(turkish, english, 'group.both')).toBe('Türkçe');
    expect(translate(turkish, english, 'group.only')).toBe('English only');
    expect(translate(turkish, english, 'group.none', { defaultValue: 'As the server said' })).toBe('As the server said');
    expect(translate(turkish, english, 'group.none')).toBe('group.none');
    expect(translate(turkish, english, 'group')).toBe('group');
  });
});
