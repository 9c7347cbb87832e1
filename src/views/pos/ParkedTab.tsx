import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { posQueries, useDeleteParked } from '../../api/pos';
import type { ParkedSale } from '../../contract/pos';
import { translateError } from '../../i18n/apiErrors';
import { parkedIdsNamedBy } from '../../pos/saleQueue';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import { useStoreZones } from '../shared/storeZones';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { useOneAtATime } from '../ui/useOneAtATime';
import { useWaitingSales } from './waitingSales';
import * as styles from '../shared/sale/saleForms.css';

/**
 * The parked tab: the store's held sales and quotes (any register of the store resumes them), newest first, a
 * quote with its expiry. Resume opens the sale with `?resume={id}` (the sale screen takes it from there); delete
 * asks first. A parked sale that a sale waiting on this device names is not listed (it was sold here; the server
 * removes it when that sale arrives): resuming it would sell it twice.
 */
export function ParkedTab({ locationId }: { locationId: string }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const headingId = useId();
  const parked = useQuery({ ...posQueries.parked(tenantId, locationId), enabled: locationId !== '' });
  const waiting = useWaitingSales();
  if (!locationId || parked.isPending || !waiting.loaded) return <Spinner label={t('posRegister.parked.loading')} />;
  if (parked.isError) {
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.heading}>{t('posRegister.parked.loadFailed')}</p>
        <p className={styles.muted}>{translateError(i18n, parked.error)}</p>
        <Button variant="secondary" onPress={() => void parked.refetch()}>
          {t('posRegister.retry')}
        </Button>
      </div>
    );
  }
  const sold = parkedIdsNamedBy(waiting.waiting.filter((entry) => entry.tenantId === tenantId));
  const items = parked.data.items.filter((item) => !sold.includes(item.id));
  const hidden = parked.data.items.length - items.length;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('posRegister.parked.title')}
      </h2>
      {hidden > 0 && <p className={styles.muted}>{t('posRegister.parked.waitingHidden', { count: hidden })}</p>}
      {items.length === 0 ? (
        <p className={styles.muted}>{t('posRegister.parked.none')}</p>
      ) : (
        <ul className={styles.cards}>
          {items.map((item) => (
            <ParkedCard key={item.id} item={item} tenantId={tenantId} locationId={locationId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ParkedCard({ item, tenantId, locationId }: { item: ParkedSale; tenantId: string; locationId: string }) {
  const timeZone = useStoreZones()(locationId);
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const once = useOneAtATime();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteParked(tenantId, locationId);
  const who = item.patientName ?? t('posRegister.walkIn');
  const expired = item.expiresAt !== null && Date.parse(item.expiresAt) < Date.now();
  const lines = item.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        {who}{' '}
        <span className={styles.kind}>{item.kind === 'quote' ? t('posRegister.parked.quote') : t('posRegister.parked.parked')}</span>
      </h3>
      <p className={styles.muted}>
        {t('posRegister.parked.items', { number: lines })} · {formats.money(item.total, item.currency)}
      </p>
      <p className={styles.muted}>{t('posRegister.parked.createdBy', { name: item.createdBy, time: formats.dateTime(item.createdAt, timeZone) })}</p>
      {item.expiresAt && (
        <p className={expired ? styles.error : styles.muted}>
          {expired
            ? t('posRegister.parked.expired', { date: formats.dayOf(item.expiresAt, timeZone) })
            : t('posRegister.parked.expires', { date: formats.dayOf(item.expiresAt, timeZone) })}
        </p>
      )}
      {item.note && <p className={styles.muted}>{item.note}</p>}
      <div className={styles.actions}>
        <Link href={`/admin/pos/all?resume=${encodeURIComponent(item.id)}`} className={styles.buttonLink}>
          {t('posRegister.parked.resume', { name: who })}
        </Link>
        <Button variant="secondary" onPress={() => setAsking(true)}>
          {t('posRegister.parked.delete', { name: who })}
        </Button>
        <ConfirmDialog
          isOpen={asking}
          question={t('posRegister.parked.deleteQuestion', { name: who })}
          confirmLabel={t('posRegister.parked.deleteConfirm')}
          cancelLabel={t('posRegister.cancel')}
          isPending={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => once((done) => remove.mutate(item.id, { onSettled: () => (setAsking(false), done()) }))}
        />
      </div>
      {remove.isError && (
        <p role="alert" className={styles.error}>
          {translateError(i18n, remove.error)}
        </p>
      )}
    </li>
  );
}
