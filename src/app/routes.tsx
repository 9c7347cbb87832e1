import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch } from 'wouter';
import { SignInPage } from '../views/auth/SignInPage';
import { StoreSignInPage } from '../views/auth/StoreSignInPage';
import { NotFoundPage } from '../views/shell/NotFoundPage';
import { SignedInPage } from '../views/shell/SignedInPage';
import { Splash } from '../views/shell/Splash';
import { useSessionActor } from '../views/ui/session';

const notFoundPath = '/pages/errors/error-404';

/** The route table. Paths match case-insensitively (wouter), so /patient/login works as well. */
export function AppRoutes() {
  const session = useSessionActor();
  const isChecking = useSelector(session, (snapshot) => snapshot.matches('checking'));
  const isSignedIn = useSelector(session, (snapshot) => snapshot.hasTag('signedIn'));

  if (isChecking) return <Splash />;

  // Sign-in addresses are for guests; a signed-in user lands on the home page instead.
  const guestOnly = (page: ReactNode) => (isSignedIn ? <Redirect to="/" replace /> : page);

  return (
    <Switch>
      <Route path="/">{isSignedIn ? <SignedInPage /> : <Redirect to="/login" replace />}</Route>
      <Route path={notFoundPath}>
        <NotFoundPage />
      </Route>
      <Route path="/login">{guestOnly(<SignInPage variant="login" />)}</Route>
      <Route path="/Patient/login">{guestOnly(<SignInPage variant="patient" />)}</Route>
      <Route path="/kiosk/login">{guestOnly(<SignInPage variant="kiosk" />)}</Route>
      <Route path="/admin">{guestOnly(<SignInPage variant="admin" />)}</Route>
      <Route path="/:company/:store">
        {({ company, store }) => guestOnly(<StoreSignInPage company={company} store={store} />)}
      </Route>
      <Route>
        <Redirect to={notFoundPath} replace />
      </Route>
    </Switch>
  );
}
