/**
 * The groups of en.json the app needs before any lazy page: the sign-in screens (with the code step), the splash,
 * the not-found page, the error texts its views name and the language switch. `import ... from './locales/en.json?start'` gives only
 * these (the `startTexts` plugin in vite.config.ts), so the entry chunk carries a fraction of the English texts;
 * the whole of English arrives before any other page renders (src/app/routes.tsx; fetchAllTexts in appI18n.ts).
 * A text that a view of the entry chunk shows must be in one of these groups.
 */
export const startGroups = [
  'language',
  'splash',
  'signIn',
  'notFound',
  // Of the error texts, only those the entry's views name themselves: a text translated by its English words
  // (translateMessage) is already English when the English key is missing, and the rest of English arrives before
  // any other page draws.
  'errors.unknownPortal',
  'errors.codeIncorrect',
  'errors.unexpected',
  'auth',
] as const;

/**
 * The groups of en.json (and tr, ar) the public eForm page (src/eformsMain.tsx, its own entry) draws:
 * `import ... from './locales/en.json?eform'` gives only these.
 */
export const eformGroups = ['language', 'errors', 'eformPublic', 'apiErrors.eforms', 'apiErrors.request', 'apiErrors.server'] as const;

/**
 * The groups of en.json (and tr, ar) the store's public booking page (/{company}/{store}/book,
 * src/views/booking/GuestBookingPage.tsx) and its shared parts draw: `import ... from './locales/en.json?booking'`
 * gives only these, so a new patient opening it does not download every text of the app (bench/booking-js.ts).
 * A text that page shows must be in one of these groups (tests/unit/booking-texts.test.ts checks the page's keys).
 */
export const bookingGroups = [
  'language',
  'notFound',
  'errors',
  'fieldErrors',
  'guestBooking',
  'booking',
  'kiosk',
  'records.loading',
  'records.loadFailed',
  'records.loadFailedHint',
  'records.retry',
  'records.appointments.types',
  'records.profile.channels',
  'apiErrors.request',
  'apiErrors.server',
  'apiErrors.auth',
  'apiErrors.tenancy',
  'apiErrors.portal',
  'apiErrors.patients',
  'apiErrors.appointments',
  'apiErrors.booking',
] as const;
