import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import * as styles from './signIn.css';

/**
 * Where no company is named (/admin, /kiosk/login) and the password opened accounts in more than one: which company
 * to sign in to. Only the companies the password opened are listed.
 */
export function CompanyStep() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const companies = useSelector(session, (snapshot) => snapshot.context.companyChoice) ?? [];
  return (
    <div role="group" aria-labelledby="company-step-intro" className={styles.form}>
      <p id="company-step-intro" className={styles.intro}>
        {t('signIn.chooseCompanyIntro')}
      </p>
      <ul className={styles.choices}>
        {companies.map((company) => (
          <li key={company.tenantID}>
            <Button onPress={() => session.send({ type: 'signIn.companyChosen', tenantID: company.tenantID })}>
              <bdi>{company.companyName}</bdi>
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => session.send({ type: 'signIn.companyCancelled' })}>
          {t('auth.back')}
        </Button>
      </div>
    </div>
  );
}
