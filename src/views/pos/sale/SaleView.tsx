import { useTranslation } from 'react-i18next';
import type { Register, SessionReport } from '../../../contract/pos';

/**
 * The sale of an open register (the `all` tab). This file is the register frame's minimal version: the sale
 * screen's branch (posSale machine, search, lines, payments) replaces it whole.
 */
export function SaleView({ register, session }: { register: Register; session: SessionReport }) {
  const { t } = useTranslation();
  return <p>{t('posRegister.saleReady', { register: register.name, name: session.openedBy })}</p>;
}
