import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { StoreAddress } from '../../machines/session.machine';
import { useSessionActor } from '../ui/session';
import { SignInForm } from './SignInForm';
import type { AddressFields } from './SignInForm';
import { SignInFrame } from './SignInFrame';
import { StoreChooser } from './StoreChooser';
import { forgotPasswordHref, StoreGate } from './StoreSignInPage';

export type SignInVariant = 'login' | 'patient' | 'kiosk' | 'admin';

const titleKey = {
  login: 'signIn.title',
  patient: 'signIn.titlePatient',
  kiosk: 'signIn.titleKiosk',
  admin: 'signIn.titleAdmin',
} as const satisfies Record<SignInVariant, string>;

const addressFieldsOf: Record<Exclude<SignInVariant, 'login'>, AddressFields> = {
  patient: { isPatient: true },
  kiosk: { isKiosk: true },
  admin: {},
};

/**
 * /login: the store last signed in at in this browser, or a store chooser when there is none (or the reader
 * wants another one).
 */
function LoginAtStore() {
  const { t } = useTranslation();
  const lastStore = useSelector(useSessionActor(), (snapshot) => snapshot.context.lastStore);
  const [chosen, setChosen] = useState<StoreAddress | null>(lastStore);

  if (!chosen) {
    return (
      <SignInFrame title={t(titleKey.login)}>
        <StoreChooser onChoose={setChosen} />
      </SignInFrame>
    );
  }
  return (
    <StoreGate
      key={`${chosen.company}/${chosen.store}`}
      address={chosen}
      title={t(titleKey.login)}
      onChangeStore={() => setChosen(null)}
    >
      {({ tenantID, locationid }) => (
        <SignInForm
          addressFields={{ tenentID: tenantID, locationid }}
          store={chosen}
          forgotPasswordHref={forgotPasswordHref(chosen)}
        />
      )}
    </StoreGate>
  );
}

/** /login, /Patient/login, /kiosk/login and /admin: one screen, told apart by what it sends. */
export function SignInPage({ variant }: { variant: SignInVariant }) {
  const { t } = useTranslation();
  if (variant === 'login') return <LoginAtStore />;
  return (
    <SignInFrame title={t(titleKey[variant])}>
      <SignInForm
        addressFields={addressFieldsOf[variant]}
        offerEnterpriseAdmin={variant === 'admin'}
        forgotPasswordHref={variant === 'kiosk' ? null : '/ForgotPassword'}
      />
    </SignInFrame>
  );
}
