/**
 * Registers the service worker that keeps the app's code for a reload while offline (vite.config.ts,
 * registerOffline). Only the production build has one; the register registers it when it first opens, so the
 * sign-in page never pays for it.
 */
export function registerOfflineShell() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without it the register still sells; only a reload while offline cannot open it.
  });
}
