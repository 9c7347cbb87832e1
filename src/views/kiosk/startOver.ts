/**
 * The kiosk toolbar's 'Start over' and the kiosk page meet here: the toolbar (the shell) asks, the page on screen
 * (its kioskRegistration machine) forgets the person's entries. A page that is not listening ignores it.
 */
const requests = new EventTarget();

export function startOver(): void {
  requests.dispatchEvent(new Event('startOver'));
}

/** Calls `listener` at each 'Start over'; returns the unsubscribe. */
export function onStartOver(listener: () => void): () => void {
  requests.addEventListener('startOver', listener);
  return () => requests.removeEventListener('startOver', listener);
}
