/**
 * The Intl locale every number, amount and date of a language is written in (browser and server alike), so the
 * screen, the printed receipt and the emailed one show the same digits.
 */
export function numberLocale(language: string): string {
  // Arabic with Latin digits: price tags, card terminals and printed receipts in most Arab retail (the Gulf, the
  // Maghreb) use them, and prescriptions are written with them on every screen already. ICU's default for `ar`
  // differs between versions and regions (Latin for `ar` in Node 20, Arabic-Indic for ar-EG), so it is pinned.
  return isArabic(language) ? `${language}-u-nu-latn` : language;
}

const isArabic = (language: string) => language === 'ar' || language.startsWith('ar-');

/** Whether a language is written right to left (of the app's languages, Arabic). */
export const isRightToLeft = (language: string) => isArabic(language);
