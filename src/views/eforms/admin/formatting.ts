import { useTranslation } from 'react-i18next';
import { numberLocale } from '../../../contract/locale';

/** A date and time in the reader's language ('—' when there is none). */
export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (value: string | null | undefined) => (value ? format.format(new Date(value)) : '—');
}
