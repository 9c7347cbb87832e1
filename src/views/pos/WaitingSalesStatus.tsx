import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingSaleRecorded } from '../../api/pos';
import { translateError } from '../../i18n/apiErrors';
import { waitingSalesFile } from '../../pos/waitingExport';
import { useFormats } from '../shared/format';
import { Button } from '../ui/Button';
import { useSnackbarActor } from '../ui/shellActors';
import { getSaleSync, useWaitingSales } from './waitingSales';
import * as styles from '../shared/sale/saleForms.css';

const onConnectionChange = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};
const useOnline = () => useSyncExternalStore(onConnectionChange, () => navigator.onLine);

/** Hands the file to the browser as a download. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has the data once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Above every tab of the register, while any sale waits on this device: how many, since when (the oldest, in the
 * store's time zone and the reader's language), Send now, the export of the waiting sales as a file (a device to be
 * replaced), and each sale the server refused with its reason. A polite live region says what changes; a word (the
 * snackbar) when a sale has been sent, after which the parked list and the history are read again.
 */
export function WaitingSalesStatus({ tenantId, registerName, timeZone }: { tenantId: string; registerName: string | null; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const recorded = useWaitingSaleRecorded(tenantId);
  const snackbar = useSnackbarActor();
  const online = useOnline();
  const sync = getSaleSync();
  const state = useWaitingSales();
  useEffect(
    () =>
      sync.onConfirmed((_, result) => {
        snackbar.send({ type: 'snackbar.show', kind: 'success', message: t('posSale.waiting.sent', { number: result.invoice.number }) });
        recorded();
      }),
    [sync, snackbar, recorded, t],
  );
  const mine = state.waiting.filter((entry) => entry.tenantId === tenantId);
  const waiting = mine.filter((entry) => !entry.refused);
  const refused = mine.filter((entry) => entry.refused);
  const oldest = waiting[0];
  const exportWaiting = () => {
    const file = waitingSalesFile(mine, { tenantId, registerName: registerName ?? '', now: new Date(), timeZone });
    download(file.name, file.text);
  };
  return (
    // The live region is always there (empty while nothing waits), so that what it comes to say is announced.
    <div className={mine.length > 0 ? styles.banner : undefined}>
      <p role="status" className={styles.bannerText}>
        {oldest && (
          <>
            <span>{t('posSale.waiting.count', { count: waiting.length })}</span>{' '}
            <span>
              {t('posSale.waiting.since', { time: formats.dateTime(new Date(oldest.queuedAt).toISOString(), timeZone) })}
            </span>
          </>
        )}
      </p>
      {waiting.length > 0 && online && (
        <Button variant="secondary" isPending={state.sending} onPress={() => void sync.flush()}>
          {t('posSale.waiting.sendNow')}
        </Button>
      )}
      {mine.length > 0 && registerName && (
        <Button variant="secondary" onPress={exportWaiting}>
          {t('posSale.waiting.export')}
        </Button>
      )}
      {refused.length > 0 && (
        // A refusal needs the clerk: said at once.
        <div role="alert" className={styles.bannerText}>
          {refused.map((entry) => (
            <span key={entry.clientSaleId} className={styles.error}>
              {t('posSale.waiting.refused', {
                reference: entry.clientSaleId.slice(0, 8),
                reason: translateError(i18n, { error: entry.refused!.message, code: entry.refused!.code ?? undefined }),
              })}{' '}
              <Button variant="secondary" isDisabled={!online} onPress={() => void sync.retry(entry.clientSaleId)}>
                {t('posSale.failed.retry')}
              </Button>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
