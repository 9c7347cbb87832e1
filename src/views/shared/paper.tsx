import { useTranslation } from 'react-i18next';
import * as styles from './invoices.css';

/** What a receipt or report prints on: A4 or the 80 mm roll. */
export type Paper = 'a4' | 'roll';

/** The printed page's size follows the chosen paper (vanilla-extract has no @page rule). */
export const PageSize = ({ paper }: { paper: Paper }) => (
  <style>{paper === 'roll' ? '@page { size: 80mm auto; margin: 4mm; }' : '@page { size: A4; margin: 15mm; }'}</style>
);

/** The paper picker of the invoice screen, the register's receipt and the session report. */
export function PaperChoice({ paper, onPaper }: { paper: Paper; onPaper: (paper: Paper) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.field}>
      <span className={styles.label}>{t('invoiceScreen.paper')}</span>
      <select className={styles.input} value={paper} onChange={(event) => onPaper(event.target.value === 'roll' ? 'roll' : 'a4')}>
        <option value="a4">{t('invoiceScreen.paperA4')}</option>
        <option value="roll">{t('invoiceScreen.paperRoll')}</option>
      </select>
    </label>
  );
}
