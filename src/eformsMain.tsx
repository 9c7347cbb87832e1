import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createEformTexts } from './i18n/eformI18n';
import type { EformTexts } from './i18n/eformI18n';
import { PageTextsContext } from './i18n/pageTexts';
import './theme/global.css';
import { light17Theme } from './theme/themes/light17.css';
import { PublicEformPage } from './views/eforms/public/PublicEformPage';

/**
 * The public eForm page's own entry (eforms.html; the server answers GET /eforms with it). It draws that page only:
 * no session, route access, shell, TanStack Query, theme settings or i18next (the page's texts come from its own
 * small translator, src/i18n/eformI18n.ts), so a guest opening an emailed link downloads preact/compat (this build
 * aliases react to it, vite.config.ts), xstate and the page (docs/architecture.md, "The browser bundle"). The app's
 * route table still draws the same page, with the app's React and i18next, when the app itself navigates to /eforms.
 */
document.documentElement.classList.add(light17Theme);

const container = document.getElementById('root');
if (!container) throw new Error('eforms.html needs an element with id "root"');

function Texts({ texts }: { texts: EformTexts }) {
  const current = useSyncExternalStore(texts.subscribe, texts.current);
  return (
    <PageTextsContext.Provider value={current}>
      <PublicEformPage />
    </PageTextsContext.Provider>
  );
}

// The link names the language its message was written in (&lang=ar): the page opens in it.
const linkLanguage = new URLSearchParams(window.location.search).get('lang');

void createEformTexts(window.localStorage, document.documentElement, linkLanguage).then((texts) => {
  // A language the reader chooses on the page replaces the link's, so a reload keeps their choice.
  texts.subscribe(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('lang', texts.current().language);
    window.history.replaceState(window.history.state, '', url);
  });
  createRoot(container).render(
    <StrictMode>
      <Texts texts={texts} />
    </StrictMode>,
  );
});
