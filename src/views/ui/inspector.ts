import type { InspectionEvent, Observer } from 'xstate';

/** Keys whose values never leave the page, not even to the inspector: tokens, codes and passwords. */
const secretKey = /token|password|vcode|secret|authorization/i;
export const masked = '***';

/**
 * A plain, cloneable copy of `value` (the inspector posts it to another window) with every secret replaced by
 * '***'. Actor references, functions and cycles are dropped; depth is bounded like the inspector's own copy.
 */
export function maskSecrets(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (depth > 10 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1, seen));
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Live actor references (`self`, `_parent`, the system) are not data; the inspector names actors itself.
    if (key === 'self' || key === 'system' || key === '_parent' || key === 'actorRef' || key === 'children') continue;
    copy[key] = secretKey.test(key) && item !== null && item !== undefined ? masked : maskSecrets(item, depth + 1, seen);
  }
  return copy;
}

/**
 * In development, `?inspect` in the address opens the Stately inspector (stately.ai/inspect, a pop-up window)
 * on every actor given this observer. @statelyai/inspect is imported only then, so production bundles never
 * contain it. Events that happen while it loads are queued and replayed.
 */
export function createDevInspector(search: string): Observer<InspectionEvent> | undefined {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return undefined;
  const queued: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({
      serialize: (event) => maskSecrets(event) as typeof event,
    });
    target = inspector.inspect;
    for (const event of queued.splice(0)) target.next?.(event);
  });
  return {
    next(event) {
      if (target) target.next?.(event);
      else queued.push(event);
    },
  };
}
