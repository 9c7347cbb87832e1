import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { enterpriseMessages, LOGO_MAX_BYTES, logoProblem, logoTypes } from '../../contract/enterprise';
import { Button } from '../ui/Button';
import { fieldErrorText } from './fieldErrors';
import * as styles from './companyFields.css';

/** A labelled native select (long lists of companies and stores read best as the platform's own picker). */
export function SelectField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className={styles.select}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      >
        {props.children}
      </select>
      {props.error && (
        <span id={`${id}-error`} className={styles.error}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** The largest side a logo is drawn at anywhere (the sign-in page): bigger pictures are scaled down to it. */
const LOGO_SIDE = 512;

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });

/**
 * The logo as the server stores it: a PNG, JPEG or WebP data URL within the size limit. A picture larger than the
 * limit or than LOGO_SIDE is redrawn smaller (WebP where the browser writes it, else JPEG); the server checks the
 * type and size again whatever the browser did.
 */
async function logoOf(file: File): Promise<string> {
  if (!logoTypes.includes(file.type as (typeof logoTypes)[number])) throw new Error(enterpriseMessages.logoType);
  const original = await readAsDataUrl(file);
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) throw new Error(enterpriseMessages.logoType);
  if (file.size <= LOGO_MAX_BYTES && Math.max(bitmap.width, bitmap.height) <= LOGO_SIDE) return original;
  const scale = Math.min(1, LOGO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const webp = canvas.toDataURL('image/webp', 0.85);
  const resized = webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/jpeg', 0.85);
  const problem = logoProblem(resized);
  if (problem) throw new Error(problem);
  return resized;
}

/** Choose, preview and remove a logo; `value` null means no logo. */
export function LogoField({ value, onChange, error }: { value: string | null; onChange: (logo: string | null) => void; error?: string }) {
  const { t, i18n } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const id = useId();
  // The browser's own check of the file says one of the logo's two field messages.
  const shown = problem ? fieldErrorText(i18n, problem === enterpriseMessages.logoSize ? 'enterprise.logoSize' : 'enterprise.logoType', problem) : error;
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setReading(true);
    logoOf(file)
      .then((logo) => {
        setProblem(null);
        onChange(logo);
      })
      .catch((err: unknown) => setProblem(err instanceof Error ? err.message : enterpriseMessages.logoType))
      .finally(() => setReading(false));
  };
  return (
    <div className={styles.field} role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}>
      <span id={`${id}-label`} className={styles.label}>
        {t('enterprise.company.logo')}
      </span>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('enterprise.company.logoHint')}
      </p>
      <div className={styles.logoRow}>
        {value && <img src={value} alt={t('enterprise.company.logoPreview')} className={styles.logo} />}
        <FileTrigger acceptedFileTypes={[...logoTypes]} onSelect={choose}>
          <Button variant="secondary" isPending={reading}>
            {value ? t('enterprise.company.replaceLogo') : t('enterprise.company.chooseLogo')}
          </Button>
        </FileTrigger>
        {value && (
          <Button variant="secondary" onPress={() => onChange(null)}>
            {t('enterprise.company.removeLogo')}
          </Button>
        )}
      </div>
      {shown && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}

/** A percentage as typed ("8.25" or "8,25") in basis points; -1 (which the server refuses with its message) if not one. */
export function basisPoints(percent: string): number {
  const text = percent.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : -1;
}

/** The reader's own time zone: what a new store's time zone starts as. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A slug suggested from a name: lower-case ASCII letters and digits joined by hyphens. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
}
