import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextPageTexts } from '../../../i18n/I18nextPageTexts';
import { LanguageButtons } from './controls';
import * as publicStyles from './publicPage.css';
import { ScreenTitle } from './ScreenTitle';

/**
 * The frame of a guest page that reads the API (order tracking, a reminder's visit): drawn without the signed-in
 * app's providers, so its queries have a client of their own; the page's texts, the language buttons, the main region.
 */
export function GuestPage({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextPageTexts>
        <div className={publicStyles.page}>
          <header className={publicStyles.header}>
            <LanguageButtons />
          </header>
          <main className={publicStyles.main}>{children}</main>
        </div>
      </I18nextPageTexts>
    </QueryClientProvider>
  );
}

/** A guest page's whole answer when there is nothing else to show (a link not found, expired). */
export function GuestMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className={publicStyles.centered}>
      <ScreenTitle>{title}</ScreenTitle>
      <p className={publicStyles.text}>{text}</p>
    </div>
  );
}
