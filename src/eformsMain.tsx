import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createEformI18n } from './i18n/eformI18n';
import './theme/global.css';
import { light17Theme } from './theme/themes/light17.css';
import { PublicEformPage } from './views/eforms/public/PublicEformPage';

/**
 * The public eForm page's own entry (eforms.html; the server answers GET /eforms with it). It draws that page only:
 * no session, route access, shell, TanStack Query or theme settings, so a guest opening an emailed link downloads
 * React, i18next, xstate and the page (docs/architecture.md, "The browser bundle"). The app's route table still
 * draws the same page when the app itself navigates to /eforms.
 */
document.documentElement.classList.add(light17Theme);

const container = document.getElementById('root');
if (!container) throw new Error('eforms.html needs an element with id "root"');

void createEformI18n(window.localStorage, document.documentElement).then((i18n) =>
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PublicEformPage />
      </I18nextProvider>
    </StrictMode>,
  ),
);
