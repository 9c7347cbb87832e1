import { useTranslation } from 'react-i18next';
import { SignInForm } from './SignInForm';
import type { AddressFields } from './SignInForm';
import { SignInFrame } from './SignInFrame';

export type SignInVariant = 'login' | 'patient' | 'kiosk' | 'admin';

const titleKey = {
  login: 'signIn.title',
  patient: 'signIn.titlePatient',
  kiosk: 'signIn.titleKiosk',
  admin: 'signIn.titleAdmin',
} as const satisfies Record<SignInVariant, string>;

const addressFieldsOf: Record<SignInVariant, AddressFields> = {
  login: {},
  patient: { isPatient: true },
  kiosk: { isKiosk: true },
  admin: {},
};

/** /login, /Patient/login, /kiosk/login and /admin: one screen, told apart by what it sends. */
export function SignInPage({ variant }: { variant: SignInVariant }) {
  const { t } = useTranslation();
  return (
    <SignInFrame title={t(titleKey[variant])}>
      <SignInForm addressFields={addressFieldsOf[variant]} offerEnterpriseAdmin={variant === 'admin'} />
    </SignInFrame>
  );
}
