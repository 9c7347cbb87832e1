import type * as Auth from '../contract/auth';
import type * as Common from '../contract/common';
import type { ErrorCode } from '../contract/errorCodes';
import { roles } from '../contract/roles';
import type * as Settings from '../contract/settings';
import { themeNames } from '../contract/themes';

/**
 * The few contract shapes the browser checks before the schema library is loaded: what the sign-in page reads
 * (an error answer, the portal mapping) and what start-up reads back from this browser's storage (the stored
 * user, a guest's theme settings). Every other answer is checked by its zod schema in src/contract, fetched with
 * the call (src/api/auth.ts). Each check behaves as the zod schema of the same name: the same values pass, and
 * what comes out is a copy without the keys the schema does not name (tests/unit/shapes.test.ts compares them).
 * The types below are the contract's, so the compiler stops a check that no longer produces its schema's shape.
 */

/**
 * Checks and copies a value; throws when it does not have the shape. The checks below are exported for the other
 * zod-free shapes (src/api/eformsPublic.ts).
 */
export type Check<T> = (value: unknown) => T;
type OptionalCheck<T> = Check<T | undefined> & { readonly optional: true };

/** A checked shape, used like a zod schema (`parse` throws, the http layer's `schema` option takes it). */
export interface Shape<T> {
  parse(value: unknown): T;
}

export class ShapeError extends Error {
  override readonly name = 'ShapeError';
}

export const fail = (): never => {
  throw new ShapeError('The value does not have the shape of the contract');
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const string: Check<string> = (value) => (typeof value === 'string' ? value : fail());
export const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? value : fail());
export const integer =
  (min: number, max: number): Check<number> =>
  (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max ? value : fail();
export const oneOf =
  <const T extends readonly (string | number)[]>(values: T): Check<T[number]> =>
  (value) =>
    values.includes(value as T[number]) ? (value as T[number]) : fail();
export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? null : check(value);
export const optional = <T>(check: Check<T>): OptionalCheck<T> =>
  Object.assign((value: unknown) => (value === undefined ? undefined : check(value)), { optional: true as const });
export const array =
  <T>(item: Check<T>): Check<T[]> =>
  (value) =>
    // Array.from visits holes too (map would skip them), as zod does.
    Array.isArray(value) ? Array.from(value, (entry: unknown) => item(entry)) : fail();
export const record =
  <T>(item: Check<T>): Check<Record<string, T>> =>
  (value) =>
    isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, item(entry)])) : fail();

type Fields = Record<string, Check<unknown>>;
type OptionalKeys<S extends Fields> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type Checked<S extends Fields> = { [K in Exclude<keyof S, OptionalKeys<S>>]: ReturnType<S[K]> } & {
  [K in OptionalKeys<S>]?: ReturnType<S[K]>;
};

/** An object with these fields; keys it does not name are left out (zod's default). */
export const object =
  <S extends Fields>(fields: S): Check<Checked<S>> =>
  (value) => {
    if (!isRecord(value)) return fail();
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(fields)) {
      if ('optional' in check && !(key in value)) continue;
      out[key] = check(value[key]);
    }
    return out as Checked<S>;
  };

export const shape = <T>(check: Check<T>): Shape<T> => ({ parse: check });

// --- The contract's shapes (src/contract/common.ts, settings.ts, auth.ts).

const role = oneOf(roles);
const themeName = oneOf(themeNames);

const stringOrNumber: Check<string | number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : string(value));
// A code of the form area.name, not looked up in the catalogue (where zod does): the catalogue's texts would weigh
// on the sign-in page's entry chunk, and a code the browser does not know falls back to the answer's text.
const errorCode: Check<ErrorCode> = (value) =>
  typeof value === 'string' && /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(value) ? (value as ErrorCode) : fail();
export const ErrorResponse: Shape<Common.ErrorResponse> = shape(
  object({
    error: string,
    code: optional(errorCode),
    params: optional(record(stringOrNumber)),
    fields: optional(record(string)),
    fieldCodes: optional(record(string)),
    // Checked by the code's own schema where it is read (e.g. PriceChanged of pos.priceChanged).
    details: optional((value: unknown) => value),
  }),
);

const bar = object({
  display: boolean,
  style: optional(oneOf(['fixed', 'static'])),
  position: optional(oneOf(['above', 'below', 'left', 'right'])),
  folded: optional(boolean),
});

const themeSettingsFields = {
  layout: object({
    style: oneOf(['vertical', 'horizontal', 'kiosk']),
    config: object({
      mode: optional(oneOf(['fullwidth', 'boxed'])),
      scroll: optional(oneOf(['content', 'body'])),
      navbar: optional(bar),
      toolbar: optional(bar),
      footer: optional(bar),
    }),
  }),
  customScrollbars: boolean,
  animations: boolean,
  direction: oneOf(['ltr', 'rtl']),
  theme: object({ main: themeName, navbar: themeName, toolbar: themeName, footer: themeName }),
};
const themeSettings: Check<Settings.ThemeSettings> = object(themeSettingsFields);
const menuAccess: Check<Settings.MenuAccess> = object({ menuId: integer(1, 9999), access: boolean });

export const ThemeSettings: Shape<Settings.ThemeSettings> = shape(themeSettings);

export const User: Shape<Auth.User> = shape(
  object({
    id: string,
    tenantId: string,
    role: array(role),
    from: string,
    redirectUrl: nullable(string),
    tempPwdExpiryDate: nullable(string),
    isRegistered: oneOf([0, 1]),
    defaultstore: nullable(
      object({
        locationId: string,
        fD_Location: string,
        fD_Companylogo: nullable(string),
        companyName: string,
        timeZone: string,
      }),
    ),
    allowedLocations: array(string),
    systempref: array(object({ fD_SettingKey: string, fD_SettingValue: string })),
    data: object({
      displayName: string,
      photoURL: nullable(string),
      email: string,
      language: optional(nullable(oneOf(['en', 'tr', 'ar']))),
      role: array(role),
      shortcuts: array(string),
      settingsPanel: boolean,
      settings: object({ ...themeSettingsFields, navigation: array(menuAccess) }),
    }),
  }),
);

export const PortalMapping: Shape<Auth.PortalMapping> = shape(
  object({
    tenantID: string,
    locationid: string,
    companyName: string,
    companySlug: string,
    storeName: string,
    storeSlug: string,
    logo: nullable(string),
  }),
);

/** A guest's theme settings as this browser keeps them (src/api/settings.ts). */
export const GuestSettings: Shape<{ settings: Settings.ThemeSettings; shortcuts: string[] }> = shape(
  object({ settings: themeSettings, shortcuts: array(string) }),
);

/** The checked value, or null when it does not have the shape (zod's `safeParse`). */
export function parseOrNull<T>(shape: Shape<T>, value: unknown): T | null {
  try {
    return shape.parse(value);
  } catch (error) {
    if (error instanceof ShapeError) return null;
    throw error;
  }
}
