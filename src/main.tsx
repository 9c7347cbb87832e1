import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startPageLoad } from './app/earlyStartChunk';
import { createRuntime } from './app/runtime';
import { readStoredSession } from './app/storedSession';
import { loadStoredLanguage } from './i18n/appI18n';
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

// A signed-in tab's page load starts its page's chunks and first call now, beside the session check. Its own small
// chunk: a guest's sign-in page never loads it.
if (readStoredSession(window.sessionStorage).stored) startPageLoad(window.location.pathname, window.sessionStorage);

// Turkish and Arabic come in their own chunks: a reader who chose one gets it before the first render, so that
// render is already in their language (English, the default, is in this bundle). If the chunk cannot be fetched,
// the app starts in English rather than not at all.
const language = loadStoredLanguage(window.localStorage);
if (language) void language.then(start, start);
else start();
