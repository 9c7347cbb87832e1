/**
 * The register this device sells through, kept in the browser per tenant and store (a till stays the same till
 * from one day to the next), and the store the device last worked in.
 */
const registerKey = (tenantId: string, locationId: string) => `pos.register.${tenantId}.${locationId}`;
const storeKey = (tenantId: string) => `pos.store.${tenantId}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage refused (private mode, policy): the clerk chooses again.
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // As above: remembered for this page only.
  }
}

export const rememberedRegister = (tenantId: string, locationId: string) => read(registerKey(tenantId, locationId));
export const rememberRegister = (tenantId: string, locationId: string, registerId: string | null) => write(registerKey(tenantId, locationId), registerId);
export const rememberedStore = (tenantId: string) => read(storeKey(tenantId));
export const rememberStore = (tenantId: string, locationId: string) => write(storeKey(tenantId), locationId);

/** The company's currency: the contract's denominations and the session figures are in its minor units. */
export const registerCurrency = 'USD';
