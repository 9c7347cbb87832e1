import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { portalMappingQuery } from '../../api/auth';
import { ApiError } from '../../api/http';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { SignInForm } from './SignInForm';
import { SignInFrame } from './SignInFrame';

/** The logo is stored as base64 JPEG (fD_Companylogo); accept a ready data URL too. */
const logoSource = (logo: string) => (logo.startsWith('data:') ? logo : `data:image/jpeg;base64,${logo}`);

/** /{company}/{store}: the portal mapping names the tenant and location the sign-in is for. */
export function StoreSignInPage({ company, store }: { company: string; store: string }) {
  const { t } = useTranslation();
  const mapping = useQuery(portalMappingQuery(company, store));

  if (mapping.isPending) {
    return (
      <SignInFrame title={t('signIn.title')}>
        <Spinner label={t('signIn.loadingStore')} />
      </SignInFrame>
    );
  }
  if (mapping.isError) {
    const isUnknown = mapping.error instanceof ApiError && mapping.error.status === 404;
    return (
      <SignInFrame title={t('signIn.title')}>
        <Alert>{isUnknown ? t('errors.unknownPortal') : t('signIn.storeUnavailable')}</Alert>
        {!isUnknown && <Button onPress={() => void mapping.refetch()}>{t('signIn.retry')}</Button>}
      </SignInFrame>
    );
  }

  const { companyName, storeName, logo, tenantID, locationid } = mapping.data;
  return (
    <SignInFrame
      title={t('signIn.title')}
      brand={{
        companyName,
        storeName,
        logo: logo && logoSource(logo),
        logoAlt: t('signIn.storeLogo', { companyName }),
      }}
    >
      <SignInForm addressFields={{ tenentID: tenantID, locationid }} />
    </SignInFrame>
  );
}
