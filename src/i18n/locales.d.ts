/** English's start-up groups only (src/i18n/startTexts.ts; the `startTexts` plugin in vite.config.ts). */
declare module '*.json?start' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** The public eForm page's groups only (src/i18n/startTexts.ts eformGroups; the `startTexts` plugin in vite.config.ts). */
declare module '*.json?eform' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** The public booking page's groups only (src/i18n/startTexts.ts bookingGroups; the `startTexts` plugin in vite.config.ts). */
declare module '*.json?booking' {
  const texts: Record<string, unknown>;
  export default texts;
}
