import { Component } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FirstPaintHandOff } from './FirstPaintHandOff';
import { Button } from '../ui/Button';
import * as styles from './shell.css';

/** What the reader sees when a page's code could not be fetched; reloading fetches the app as it now is. */
function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.centred}>
      <FirstPaintHandOff />
      <h1 className={styles.title}>{t('splash.loadFailed')}</h1>
      <p className={styles.muted}>{t('splash.loadFailedHint')}</p>
      <Button onPress={() => window.location.reload()}>{t('splash.reload')}</Button>
    </div>
  );
}

interface PageLoadBoundaryProps {
  children: ReactNode;
  /** The route drawn: another route starts afresh. */
  routeId: string;
  /** Inside the shell, whose own `<main>` holds the message; otherwise the message is the page's main. */
  inShell?: boolean;
}

/**
 * Catches a page whose code could not be fetched (the connection dropped, or a new version was deployed under an
 * open tab and its old files are gone) instead of leaving a blank screen.
 */
export class PageLoadBoundary extends Component<PageLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: PageLoadBoundaryProps) {
    if (this.state.failed && previous.routeId !== this.props.routeId) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.inShell ? (
      <PageLoadFailed />
    ) : (
      <main>
        <PageLoadFailed />
      </main>
    );
  }
}
