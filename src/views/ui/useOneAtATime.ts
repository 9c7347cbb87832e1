import { useCallback, useRef } from 'react';

/**
 * Lets one call through until it reports done. A double click reaches a press handler twice before React has drawn
 * the pending button, so `isPending` alone lets the second press send again: `once((done) =>
 * mutation.mutate(input, { onSettled: done }))`.
 */
export function useOneAtATime() {
  const busy = useRef(false);
  return useCallback((start: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
