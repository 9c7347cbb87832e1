import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import type { PortalMapping } from '../../contract/auth';
import type { StoreAddress } from '../../machines/session.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { SignInForm } from './SignInForm';
import { SignInFrame } from './SignInFrame';
import type { Brand } from './SignInFrame';
import * as styles from './signIn.css';
import { usePortalMapping } from './usePortalMapping';

/** The logo is stored as base64 JPEG (fD_Companylogo); accept a ready data URL too. */
const logoSource = (logo: string) => (logo.startsWith('data:') ? logo : `data:image/jpeg;base64,${logo}`);

export const forgotPasswordHref = ({ company, store }: StoreAddress) =>
  `/ForgotPassword?store=${encodeURIComponent(`${company}/${store}`)}`;

export interface StoreGateProps {
  address: StoreAddress;
  title: string;
  /** Offered when the store is unknown or to pick another one (/login). */
  onChangeStore?: () => void;
  children: (mapping: PortalMapping) => ReactNode;
}

/** Looks the store address up (portal mapping) and shows the store's logo and name above what follows. */
export function StoreGate({ address, title, onChangeStore, children }: StoreGateProps) {
  const { t } = useTranslation();
  const mapping = usePortalMapping(address.company, address.store);
  const changeStore = onChangeStore && (
    <Button variant="secondary" onPress={onChangeStore}>
      {t('signIn.changeStore')}
    </Button>
  );

  if (mapping.isPending) {
    return (
      <SignInFrame title={title}>
        <Spinner label={t('signIn.loadingStore')} />
      </SignInFrame>
    );
  }
  if (mapping.isError) {
    const isUnknown = mapping.error instanceof ApiError && mapping.error.status === 404;
    return (
      <SignInFrame title={title}>
        <Alert>{isUnknown ? t('errors.unknownPortal') : t('signIn.storeUnavailable')}</Alert>
        {!isUnknown && <Button onPress={() => void mapping.refetch()}>{t('signIn.retry')}</Button>}
        {changeStore}
      </SignInFrame>
    );
  }

  const { companyName, storeName, logo } = mapping.data;
  const brand: Brand = {
    companyName,
    storeName,
    logo: logo && logoSource(logo),
    logoAlt: t('signIn.storeLogo', { companyName }),
  };
  return (
    <SignInFrame title={title} brand={brand}>
      {children(mapping.data)}
      {changeStore && <div className={styles.storeChoice}>{changeStore}</div>}
    </SignInFrame>
  );
}

/** /{company}/{store}: the portal mapping names the tenant and location the sign-in is for. */
export function StoreSignInPage({ company, store }: { company: string; store: string }) {
  const { t } = useTranslation();
  const address = { company, store };
  return (
    <StoreGate address={address} title={t('signIn.title')}>
      {({ tenantID, locationid }) => (
        <SignInForm
          addressFields={{ tenentID: tenantID, locationid }}
          store={address}
          forgotPasswordHref={forgotPasswordHref(address)}
        />
      )}
    </StoreGate>
  );
}
