import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { paths } from '../../contract/routeTable';
import { Button } from '../ui/Button';
import * as dialogStyles from '../ui/dialog.css';
import { useSessionActor } from '../ui/session';
import type { RecentsActor } from '../ui/shellActors';
import { holdHistory } from './historyHold';
import * as styles from './recents.css';

const addressOf = (url: { pathname: string; search: string; hash: string }) => url.pathname + url.search + url.hash;

/**
 * Holds every way out of a page with unsaved changes while the recents machine says so (tag `unsaved`): an in-app
 * link (menu, recents panel, a link on the page) and a navigation by code (pushState: the toolbar search, react-aria
 * links) are held, Back or Forward is undone at once; each asks the machine (`leave.request`), which opens the
 * Warning question. 'Yes' lets the machine emit `recents.leave` and the target opens. A reload or closing the tab
 * gets the browser's own beforeunload question.
 */
function useHoldLeaving(recents: RecentsActor, isUnsaved: boolean) {
  useEffect(() => {
    if (!isUnsaved) return;
    const here = addressOf(window.location);
    const held = () => recents.getSnapshot().hasTag('unsaved');
    const ask = (to: string, viaHistory: boolean) => recents.send({ type: 'leave.request', to, viaHistory });

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!held()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capture phase on window: runs before React's handlers, so a held link never reaches the router.
    const onClick = (event: MouseEvent) => {
      if (!held() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || addressOf(url) === here) return;
      // A link to a place on this page (an error summary's link to its field) does not leave it.
      if (url.hash && url.pathname + url.search === window.location.pathname + window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      ask(addressOf(url), false);
    };
    // The address has already changed: put this page's back before anyone reads it. The runtime's first popstate
    // listener calls this one (historyHold.ts), before the router's and the route guard's, so neither sees
    // the address that is being refused, nor does the page unmount and report itself clean.
    const onPopState = () => {
      const to = addressOf(window.location);
      if (!held() || to === here) return;
      window.history.pushState(null, '', here);
      ask(to, true);
    };
    const push = window.history.pushState;
    const heldPush: History['pushState'] = function (this: History, data, unused, url) {
      if (held() && url !== undefined && url !== null) {
        const to = addressOf(new URL(String(url), window.location.href));
        if (to !== here) return ask(to, false);
      }
      push.call(this, data, unused, url);
    };
    window.history.pushState = heldPush;
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    const release = holdHistory(onPopState);
    return () => {
      if (window.history.pushState === heldPush) window.history.pushState = push;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      release();
    };
  }, [recents, isUnsaved]);
}

/**
 * The recents machine's side in the shell: every address opened is told to it (a POS or patient page adds or
 * updates its entry), leaving a page with unsaved changes is held and asked about with the spec's Warning, and 'Yes'
 * opens the target (Back goes back; Logout asks the logout question).
 */
export function LeaveGuard({ recents }: { recents: RecentsActor }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const [location] = useLocation();
  const isUnsaved = useSelector(recents, (snapshot) => snapshot.hasTag('unsaved'));
  const isConfirming = useSelector(recents, (snapshot) => snapshot.hasTag('confirming'));

  useEffect(() => recents.send({ type: 'recents.opened', path: location }), [recents, location]);
  useHoldLeaving(recents, isUnsaved);
  useEffect(() => {
    const subscription = recents.on('recents.leave', ({ to, viaHistory }) => {
      if (viaHistory) window.history.back();
      else if (to === paths.logout) session.send({ type: 'session.logout' });
      else navigate(to);
    });
    return () => subscription.unsubscribe();
  }, [recents, session]);

  const stay = () => recents.send({ type: 'leave.cancel' });
  return (
    <ModalOverlay isOpen={isConfirming} onOpenChange={(open) => !open && stay()} className={dialogStyles.overlay}>
      <Modal className={dialogStyles.modal}>
        <Dialog role="alertdialog" className={dialogStyles.dialog}>
          <Heading slot="title" className={dialogStyles.heading}>
            {t('recents.leave.title')}
          </Heading>
          <p className={styles.question}>{t('recents.leave.question')}</p>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onPress={stay} autoFocus>
              {t('recents.leave.no')}
            </Button>
            <Button onPress={() => recents.send({ type: 'leave.confirm' })}>{t('recents.leave.yes')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Leave for `to` through the guard: with unsaved changes the Warning asks first (the user menu's Logout, which is
 * not a link). Returns false when the machine held it.
 */
export function leaveThroughGuard(recents: RecentsActor | null, to: string): boolean {
  if (!recents?.getSnapshot().hasTag('unsaved')) return true;
  recents.send({ type: 'leave.request', to, viaHistory: false });
  return false;
}
