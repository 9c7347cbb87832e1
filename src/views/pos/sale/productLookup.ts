import { fetchPopularProducts, productByBarcode, searchProducts } from '../../../api/pos';
import { ApiError } from '../../../contract/apiError';
import type { ProductHit } from '../../../contract/pos';
import { openSeenProducts } from '../../../pos/seenProducts';
import type { SeenProducts } from '../../../pos/seenProducts';
import type { SessionActor } from '../../ui/session';

/**
 * The register's product look-ups: the server's, and every product they bring kept on the device
 * (src/pos/seenProducts.ts); when the server cannot be reached the kept products answer instead, marked `offline`
 * so the register says so. Each look-up asks the server first, so once the connection is back the answers are the
 * server's again.
 */
export interface Place {
  tenantId: string;
  locationId: string;
}

let seen: SeenProducts | null = null;
const seenProducts = () => (seen ??= openSeenProducts());

/** No answer at all (no connection, a server that cannot be reached), not an answer that refuses. */
const unreachable = (error: unknown) => !(error instanceof ApiError) && !(error instanceof DOMException && error.name === 'AbortError');

/** Keeps the products for the next time the connection is gone; a device that refuses to keep them still sells. */
export function rememberProducts({ tenantId, locationId }: Place, products: readonly ProductHit[]) {
  if (!tenantId || !products.length) return;
  seenProducts()
    .remember(tenantId, locationId, products)
    .catch(() => {});
}

const warmed = new Set<string>();

/**
 * Once per tab and store, when the register opens with a connection: the store's most-sold products are kept too, so
 * that a sale without a connection finds them before the clerk ever searched for them. In the background: the
 * register is ready to sell without it.
 */
export function warmProducts(place: Place) {
  const key = `${place.tenantId} ${place.locationId}`;
  if (!place.tenantId || warmed.has(key) || !navigator.onLine) return;
  warmed.add(key);
  fetchPopularProducts(place.locationId).then(
    ({ items }) => rememberProducts(place, items),
    () => warmed.delete(key),
  );
}

/** Asks the server; without an answer, the device. */
async function withDevice<T>(fromServer: () => Promise<T>, fromDevice: () => Promise<T>, keep: (answer: T) => void): Promise<{ answer: T; offline: boolean }> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return { answer: await fromDevice(), offline: true };
  try {
    const answer = await fromServer();
    keep(answer);
    return { answer, offline: false };
  } catch (error) {
    if (!unreachable(error)) throw error;
    // The device's answer if it has one; otherwise the connection's failure stands.
    const answer = await fromDevice().catch(() => Promise.reject(error));
    return { answer, offline: true };
  }
}

export async function findProducts(place: Place, q: string, limit: number, signal?: AbortSignal): Promise<{ items: ProductHit[]; offline: boolean }> {
  const { answer, offline } = await withDevice(
    async () => (await searchProducts({ locationId: place.locationId, q, limit }, signal)).items,
    () => seenProducts().search(place.tenantId, place.locationId, q, limit),
    (items) => rememberProducts(place, items),
  );
  return { items: answer, offline };
}

/** The product with this barcode; null only offline, when the device has not seen it (the server answers 404 itself). */
export async function findByBarcode(place: Place, barcode: string): Promise<{ product: ProductHit | null; offline: boolean }> {
  const { answer, offline } = await withDevice<ProductHit | null>(
    () => productByBarcode(place.locationId, barcode),
    () => seenProducts().byBarcode(place.tenantId, place.locationId, barcode),
    (product) => product && rememberProducts(place, [product]),
  );
  return { product: answer, offline };
}

const following = new WeakSet<SessionActor>();
let lastTenant: string | null = null;

/**
 * The products kept for the register's tenant are forgotten when its session ends (logout, or the sign-in page
 * opened), like the rest of the session's data; each session actor is followed once.
 */
export function forgetProductsAtSessionEnd(session: SessionActor, tenantId: string) {
  if (tenantId) lastTenant = tenantId;
  if (following.has(session)) return;
  following.add(session);
  session.on('session.ended', () => {
    const tenant = lastTenant;
    lastTenant = null;
    if (!tenant) return;
    for (const key of warmed) if (key.startsWith(`${tenant} `)) warmed.delete(key);
    void seenProducts().forget(tenant).catch(() => {});
  });
}

/** Tests and the end of a session: this tab's look-ups start afresh (the products kept on the device stay). */
export function dropProductLookups() {
  seen = null;
  warmed.clear();
  lastTenant = null;
}
