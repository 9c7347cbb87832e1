import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useRegisterSession } from '../../actors/registerSession';
import { posQueries } from '../../api/pos';
import { storesQuery } from '../../api/stores';
import { posTypes } from '../../contract/pos';
import type { PosType, Register } from '../../contract/pos';
import { isOffline } from '../../api/http';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { Spinner } from '../ui/Spinner';
import { ParkedTab } from './ParkedTab';
import { RegisterPicker } from './RegisterPicker';
import { SessionTab } from './SessionTab';
import { SaleViewChunk } from './saleViewChunk';
import { setSaleTenant } from './waitingSales';
import { WaitingSalesStatus } from './WaitingSalesStatus';
import { RegisterSessionContext, useRegisterSessionActor } from './registerSessionActor';
import type { RegisterSessionActor } from './registerSessionActor';
import { rememberedRegister, rememberedStore, rememberRegister, rememberStore } from '../../pos/registerChoice';
import * as styles from '../shared/sale/saleForms.css';

/** The history (receipts and refunds) is a chunk of its own, as the sale is (./saleViewChunk.ts): the sale tab, opened all day, does not carry it. */
const HistoryTab = lazy(() => import('./HistoryTab').then((module) => ({ default: module.HistoryTab })));

const isPosType = (value: string | undefined): value is PosType => posTypes.includes(value as PosType);

/**
 * /admin/pos/{type} (toolbar hidden; the shell's compact bar keeps the navigation, recents and the user menu):
 * the register this device sells through, chosen once per store and remembered, and its tabs: `all` the sale,
 * `parked` the store's held sales and quotes, `history` this register's sales today, `session` opening, cash in and
 * out, the X report and the close with its Z report. The register's session is the registerSession machine; the
 * page stays mounted from tab to tab, so the machine does too.
 */
export function PosPage({ type: rawType }: { type?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const type: PosType = isPosType(rawType) ? rawType : 'all';
  const tenantId = useTenantId();
  const defaultStore = useSelector(useSessionActor(), (snapshot) => snapshot.context.session?.user.defaultstore?.locationId ?? '');
  const stores = useQuery(storesQuery(tenantId));
  const [storeChoice, setStoreChoice] = useState(() => rememberedStore(tenantId));
  const storeList = stores.data?.stores ?? [];
  // With no connection the store list cannot come: the device's last store (or the user's own) stands in.
  const locationId =
    storeList.find((s) => s.id === storeChoice)?.id ??
    storeList.find((s) => s.id === defaultStore)?.id ??
    storeList[0]?.id ??
    (isOffline(stores.error) ? storeChoice || defaultStore : '');
  const registers = useQuery({ ...posQueries.registers(tenantId, locationId), enabled: locationId !== '' });
  // The sales waiting on this device are sent as soon as the register page knows its tenant, whichever tab is open.
  useEffect(() => setSaleTenant(tenantId || null), [tenantId]);

  const actor: RegisterSessionActor = useRegisterSession(tenantId);
  const choosing = useSelector(actor, (snapshot) => snapshot.matches('choosing'));
  const register = useSelector(actor, (snapshot) => snapshot.context.register);

  // The register remembered for this store is chosen again as soon as the store's registers are known (as it was
  // last seen when they cannot come for want of a connection).
  const remembered = locationId ? rememberedRegister(tenantId, locationId) : null;
  const rememberedOne = registers.data
    ? (registers.data.registers.find((r) => r.id === remembered?.id) ?? null)
    : isOffline(registers.error) || isOffline(stores.error)
      ? remembered
      : null;
  useEffect(() => {
    if (choosing && rememberedOne) actor.send({ type: 'register.choose', register: rememberedOne });
  }, [choosing, rememberedOne, actor]);
  // The device keeps the register as the server last showed it (its open session: what an offline reload opens on).
  useEffect(() => {
    if (registers.data && rememberedOne) rememberRegister(tenantId, rememberedOne.locationId, rememberedOne);
  }, [registers.data, rememberedOne, tenantId]);

  const choose = (chosen: Register) => {
    rememberRegister(tenantId, chosen.locationId, chosen);
    actor.send({ type: 'register.choose', register: chosen });
  };
  const chooseStore = (id: string) => {
    rememberStore(tenantId, id);
    setStoreChoice(id);
  };
  const change = () => {
    if (register) rememberRegister(tenantId, register.locationId, null);
    actor.send({ type: 'register.change' });
  };
  const canChange = useSelector(actor, (snapshot) => snapshot.can({ type: 'register.change' }));

  const picker = (
    <RegisterPicker
      stores={stores}
      locationId={locationId}
      onStore={chooseStore}
      registers={registers}
      waitingFor={rememberedOne}
      onChoose={choose}
    />
  );

  return (
    <RegisterSessionContext.Provider value={actor}>
      <section className={styles.page} aria-labelledby={titleId}>
        <div className={styles.header}>
          <h1 id={titleId} className={styles.title}>
            {register ? t('posRegister.titleOf', { register: register.name }) : t('posRegister.title')}
          </h1>
          {register && canChange && (
            <Button variant="secondary" onPress={change}>
              {t('posRegister.changeRegister')}
            </Button>
          )}
        </div>
        <nav aria-label={t('posRegister.tabs')}>
          <ul className={styles.tabs}>
            {posTypes.map((each) => (
              <li key={each}>
                <Link href={`/admin/pos/${each}`} className={styles.tab} aria-current={each === type ? 'page' : undefined}>
                  {t(`posRegister.tabNames.${each}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <WaitingSalesStatus tenantId={tenantId} registerName={register?.name ?? null} timeZone={storeList.find((s) => s.id === locationId)?.timeZone} />
        {type === 'parked' ? (
          <ParkedTab locationId={locationId} />
        ) : choosing ? (
          picker
        ) : type === 'session' ? (
          <SessionTab />
        ) : type === 'history' ? (
          <Suspense fallback={<Spinner label={t('posRegister.history.loading')} />}>
            <HistoryTab />
          </Suspense>
        ) : (
          <SaleTab />
        )}
      </section>
    </RegisterSessionContext.Provider>
  );
}

/** The `all` tab: the sale once the register is open; until then what stands in the way. */
function SaleTab() {
  const { t, i18n } = useTranslation();
  const actor = useRegisterSessionActor();
  const state = useSelector(actor, (snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.hasTag('open') ? 'open' : 'closed',
  );
  const { register, report, error } = useSelector(actor, (snapshot) => snapshot.context);
  if (state === 'loading') return <Spinner label={t('posRegister.loadingSession')} />;
  if (state === 'loadFailed') {
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.heading}>{t('posRegister.loadFailed')}</p>
        <p className={styles.muted}>{translateError(i18n, error)}</p>
        <Button variant="secondary" onPress={() => actor.send({ type: 'session.retry' })}>
          {t('posRegister.retry')}
        </Button>
      </div>
    );
  }
  if (state === 'open' && register && report) {
    return (
      <Suspense fallback={<Spinner label={t('posRegister.loadingSale')} />}>
        <SaleViewChunk register={register} session={report} />
      </Suspense>
    );
  }
  return (
    <div className={styles.state}>
      <p className={styles.heading}>{t('posRegister.closedTitle')}</p>
      <p className={styles.muted}>{t('posRegister.closedHint')}</p>
      <Link href="/admin/pos/session" className={styles.buttonLink}>
        {t('posRegister.openRegister')}
      </Link>
    </div>
  );
}
