import { Register, SessionReport } from '../contract/pos';
import { registerKey, reportKey, storeKey } from './registerKeys';

/**
 * The register this device sells through, kept in the browser per tenant and store (a till stays the same till
 * from one day to the next), the store the device last worked in, and the open session's last report. With no
 * connection, the register still opens from what is kept here (the sale works offline; pos.md).
 */

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

/**
 * Keeps the report of the register's session and, when that register is the one this device remembers for its store,
 * the remembered register's open session in step with it (it was remembered as it was when chosen, often closed):
 * with no connection, a reload opens the register on that session.
 */
export function keepReport(tenantId: string, report: SessionReport) {
  const open = report.status === 'open';
  write(reportKey(tenantId, report.registerId), open ? JSON.stringify(report) : null);
  const remembered = rememberedRegister(tenantId, report.locationId);
  if (remembered?.id !== report.registerId) return;
  const openSession = open ? { id: report.id, openedAt: report.openedAt, openedBy: report.openedBy } : null;
  if (JSON.stringify(remembered.openSession) !== JSON.stringify(openSession)) rememberRegister(tenantId, report.locationId, { ...remembered, openSession });
}
