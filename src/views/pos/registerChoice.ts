import { Register, SessionReport } from '../../contract/pos';

/**
 * The register this device sells through, kept in the browser per tenant and store (a till stays the same till
 * from one day to the next), the store the device last worked in, and the open session's last report. With no
 * connection, the register still opens from what is kept here (the sale works offline; pos.md).
 */
const registerKey = (tenantId: string, locationId: string) => `pos.register.${tenantId}.${locationId}`;
const storeKey = (tenantId: string) => `pos.store.${tenantId}`;
const reportKey = (tenantId: string, registerId: string) => `pos.session.${tenantId}.${registerId}`;

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

function readJson<T>(key: string, parse: (value: unknown) => { success: boolean; data?: T }): T | null {
  const text = read(key);
  if (!text) return null;
  try {
    const parsed = parse(JSON.parse(text));
    return parsed.success ? (parsed.data ?? null) : null;
  } catch {
    return null;
  }
}

export const rememberedRegister = (tenantId: string, locationId: string) =>
  readJson(registerKey(tenantId, locationId), (value) => Register.safeParse(value));
export const rememberRegister = (tenantId: string, locationId: string, register: Register | null) =>
  write(registerKey(tenantId, locationId), register && JSON.stringify(register));
export const rememberedStore = (tenantId: string) => read(storeKey(tenantId));
export const rememberStore = (tenantId: string, locationId: string) => write(storeKey(tenantId), locationId);

/** The open session's last report as the server gave it (null once it is closed). */
export const keptReport = (tenantId: string, registerId: string) => readJson(reportKey(tenantId, registerId), (value) => SessionReport.safeParse(value));
export const keepReport = (tenantId: string, report: SessionReport) =>
  write(reportKey(tenantId, report.registerId), report.status === 'open' ? JSON.stringify(report) : null);

/** The company's currency: the contract's denominations and the session figures are in its minor units. */
export const registerCurrency = 'USD';
