import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Register } from '../../contract/pos';
import type { Store } from '../../contract/stores';
import { translateError } from '../../i18n/apiErrors';
import { useFormats } from '../shared/format';
import { Button } from '../ui/Button';
import { Isolated } from '../ui/Isolated';
import { Spinner } from '../ui/Spinner';
import * as styles from '../shared/sale/saleForms.css';

/**
 * Which register this device sells through: the store's registers, each open (by whom, since when) or closed. The
 * choice is remembered on the device (src/pos/registerChoice.ts); a store select when the clerk works in several.
 */
export function RegisterPicker({
  stores,
  locationId,
  onStore,
  registers,
  waitingFor,
  onChoose,
}: {
  stores: UseQueryResult<{ stores: Store[] }>;
  locationId: string;
  onStore: (locationId: string) => void;
  registers: UseQueryResult<{ registers: Register[] }>;
  /** The remembered register, about to be chosen again. */
  waitingFor: Register | null;
  onChoose: (register: Register) => void;
}) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const headingId = useId();
  const storeList = stores.data?.stores ?? [];
  if (waitingFor) return <Spinner label={t('posRegister.loadingSession')} />;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('posRegister.pickTitle')}
      </h2>
      <p className={styles.muted}>{t('posRegister.pickHint')}</p>
      {storeList.length > 1 && (
        <label className={styles.field}>
          <span className={styles.label}>{t('posRegister.store')}</span>
          <select className={styles.input} value={locationId} onChange={(event) => onStore(event.target.value)}>
            {storeList.map((store) => (
              <option key={store.id} value={store.id} dir="auto">
                {store.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {stores.isError || registers.isError ? (
        <div role="alert" className={styles.state}>
          <p className={styles.heading}>{t('posRegister.registersFailed')}</p>
          <p className={styles.muted}>{translateError(i18n, stores.error ?? registers.error)}</p>
          <Button variant="secondary" onPress={() => void (stores.isError ? stores.refetch() : registers.refetch())}>
            {t('posRegister.retry')}
          </Button>
        </div>
      ) : stores.isPending || (locationId !== '' && registers.isPending) ? (
        <Spinner label={t('posRegister.loadingRegisters')} />
      ) : !registers.data || registers.data.registers.length === 0 ? (
        <p className={styles.muted}>{t('posRegister.noRegisters')}</p>
      ) : (
        <ul className={styles.cards}>
          {registers.data.registers.map((register) => (
            <li key={register.id} className={styles.card}>
              <h3 className={styles.cardTitle}>
                <bdi>{register.name}</bdi>
              </h3>
              <p className={styles.muted}>
                {register.openSession ? (
                  <Isolated values={{ name: register.openSession.openedBy, time: formats.dateTime(register.openSession.openedAt, storeList.find((store) => store.id === register.locationId)?.timeZone) }}>
                    {(v) => t('posRegister.openSince', v)}
                  </Isolated>
                ) : (
                  t('posRegister.registerClosed')
                )}
              </p>
              <Button onPress={() => onChoose(register)}>
                {/* One flex item: the button's gap would otherwise part the sentence from the name. */}
                <span>
                  <Isolated values={{ register: register.name }}>{(v) => t('posRegister.useRegister', v)}</Isolated>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
