import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startPageLoad } from './app/earlyStart';
import { createRuntime } from './app/runtime';
import { readStoredSession } from './app/storedSession';
import { matchRoute } from './contract/routeTable';
import { loadStoredLanguage, startWithBookingTexts } from './i18n/appI18n';
import './theme/global.css';
import { light17Theme } from './theme/themes/light17.css';

function start() {
  // Made once per page load, whatever React does with effects.
  const runtime = createRuntime({
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
    root: document.documentElement,
  });
  document.documentElement.classList.add(light17Theme);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html needs an element with id "root"');
  createRoot(container).render(
    <StrictMode>
      <App runtime={runtime} />
    </StrictMode>,
  );
}

// Turkish and Arabic come in their own chunks: a reader who chose one gets it before the first render, so that
// render is already in their language (English, the default, is in this bundle). If the chunk cannot be fetched,
// the app starts in English rather than not at all.
// The store's public booking page draws only its own groups of texts, in Turkish and Arabic too (src/i18n/appI18n.ts).
if (matchRoute(window.location.pathname)?.route.id === 'guestBooking') startWithBookingTexts();
const language = loadStoredLanguage(window.localStorage);
if (language) void language.then(start, start);
else start();

// A signed-in tab's page load starts its page's first calls and chunks now, beside the session check: after it (the
// app's start above sends it), since the browser's six connections take requests in order and the page's chunks are
// many. In the entry (about 1 kB gzip): as a chunk of its own it cost every such page load one more round trip.
if (readStoredSession(window.sessionStorage).stored) startPageLoad(window.location.pathname, window.sessionStorage, window.localStorage);
