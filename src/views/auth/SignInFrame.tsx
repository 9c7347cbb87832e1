import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch';
import * as styles from './signIn.css';

export interface Brand {
  companyName: string;
  storeName: string;
  /** The store's logo as a data URL. */
  logo: string | null;
  logoAlt: string;
}

/** The card every sign-in address shares: language switch, the store when known, a title, then the form. */
export function SignInFrame({ title, brand, children }: { title: string; brand?: Brand; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <LanguageSwitch />
        {brand && (
          <div className={styles.brand}>
            {brand.logo && <img src={brand.logo} alt={brand.logoAlt} className={styles.logo} />}
            <bdi className={styles.companyName}>{brand.companyName}</bdi>
            <bdi className={styles.storeName}>{brand.storeName}</bdi>
          </div>
        )}
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
