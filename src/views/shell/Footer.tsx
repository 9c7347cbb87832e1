import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useThemeSlotClass } from '../settings/themeSlots';
import * as layout from './layout.css';

/**
 * Who made the product, for the footer's 'Powered by' link. Set VITE_VENDOR_NAME and VITE_VENDOR_URL at build
 * time to name the company that runs this installation.
 */
export const vendor = {
  name: import.meta.env.VITE_VENDOR_NAME ?? 'Patient Portal',
  url: import.meta.env.VITE_VENDOR_URL ?? 'https://github.com/',
};

/** 'Patient Portal. All rights reserved.' with the current year, and 'Powered by' the vendor (spec 1). */
export function Footer({ barStyle }: { barStyle: 'fixed' | 'static' }) {
  const { t } = useTranslation();
  const slotClass = useThemeSlotClass('footer');
  return (
    <footer className={`${layout.footer} ${slotClass}`} data-style={barStyle}>
      <span>{t('shell.footer.rights', { year: new Date().getFullYear() })}</span>
      <Link href={vendor.url} target="_blank" rel="noopener noreferrer" className={layout.footerLink}>
        {t('shell.footer.poweredBy', { vendor: vendor.name })}
      </Link>
    </footer>
  );
}
