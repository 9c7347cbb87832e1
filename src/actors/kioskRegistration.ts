import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useKioskRegistration } from '../api/records';
import { kioskRegistrationMachine } from '../machines/kioskRegistration.machine';

/**
 * The kiosk page's kioskRegistration actor: the registration goes through `useKioskRegistration` (src/api), and
 * each reset forgets it and puts the kiosk's own language back, so a person who switched it does not leave it to the
 * next. Switching the language (the toolbar) is someone at the kiosk: the idle clock runs.
 */
export function useKioskRegistrationActor(tenantId: string) {
  const { i18n } = useTranslation();
  const kioskLanguage = useRef(i18n.language);
  const registration = useKioskRegistration(tenantId);
  // The machine is made once; this ref gives its actor and action the current registration.
  const live = useRef(registration);
  live.current = registration;

  const actor = useActorRef(
    kioskRegistrationMachine.provide({
      actors: { register: fromPromise(({ input }) => live.current.register(input)) },
      actions: {
        forget: () => {
          live.current.forget();
          if (i18n.language !== kioskLanguage.current) void i18n.changeLanguage(kioskLanguage.current);
        },
      },
    }),
  );

  useEffect(() => {
    const switched = (language: string) => {
      if (language !== kioskLanguage.current) actor.send({ type: 'kiosk.activity' });
    };
    i18n.on('languageChanged', switched);
    return () => i18n.off('languageChanged', switched);
  }, [i18n, actor]);

  return actor;
}
