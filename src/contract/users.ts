/**
 * The company's accounts as an admin manages them (/admin/access) and the signed-in user's own account (My Profile,
 * /pages/profile). Every field has one message naming its limit.
 */
import { noControlCharacters, Uuid } from './common';
import { NewPassword } from './auth';
import { imageTypes, startsAsImage } from './imageBytes';
import { languages } from './patientsAdmin';
import { z } from './zod';

/**
 * The navigation items an admin can switch off per account (spec 2.5: menu ids 201..209), by the navigation's
 * own title keys (src/views/shell/navigation.ts).
 */
export const menuFlags = [
  { menuId: 201, key: 'patients' },
  { menuId: 202, key: 'invoice' },
  { menuId: 203, key: 'labOrder' },
  { menuId: 204, key: 'permissions' },
  { menuId: 205, key: 'eforms' },
  { menuId: 206, key: 'workDesk' },
  { menuId: 207, key: 'email' },
  { menuId: 208, key: 'sms' },
  { menuId: 209, key: 'general' },
] as const;
export const menuIds = menuFlags.map((flag) => String(flag.menuId)) as readonly string[];

/** Roles an admin gives a person; kiosk devices keep their one role. */
export const staffAccountRoles = ['admin', 'staff'] as const;
export const accountKinds = ['admin', 'staff', 'kiosk'] as const;
export const accountStatuses = ['active', 'invited', 'inviteExpired', 'deactivated'] as const;

/** Days an invitation's temporary password stays valid. */
export const INVITATION_DAYS = 7;

export const userMessages = {
  email: 'Email must be a valid address (up to 254 characters)',
  displayName: 'Name is required (up to 100 characters)',
  roles: 'Choose admin, staff or both',
  stores: 'Stores must be a list of store ids',
  menuAccess: 'Menu access maps the menu ids 201 to 209 to true or false',
  search: 'Search must be up to 100 characters of text',
  emptyUpdate: 'Change at least one field',
  language: 'Language must be en, tr or ar',
  photo: 'The photo must be a PNG, JPEG or WebP image of at most 64 KB',
  code: 'Enter the 6-digit code',
  currentPassword: 'Enter your current password',
} as const;
const M = userMessages;

const DisplayName = z
  .string({ error: M.displayName })
  .trim()
  .min(1, { error: M.displayName })
  .max(100, { error: M.displayName })
  .regex(noControlCharacters, { error: M.displayName });

export const AccountEmail = z
  .string({ error: M.email })
  .trim()
  .max(254, { error: M.email })
  .refine((e) => z.email().safeParse(e).success, { error: M.email })
  .transform((e) => e.toLowerCase());

const Roles = z
  .array(z.enum(staffAccountRoles, { error: M.roles }), { error: M.roles })
  .min(1, { error: M.roles })
  .max(2, { error: M.roles })
  .transform((roles) => [...new Set(roles)]);

/** The stores an account is limited to; an empty list means every store of the company. */
const Stores = z.array(Uuid, { error: M.stores }).max(100, { error: M.stores }).transform((ids) => [...new Set(ids)]);

export const MenuAccessFlags = z
  .record(z.string(), z.boolean({ error: M.menuAccess }), { error: M.menuAccess })
  .refine((flags) => Object.keys(flags).every((id) => menuIds.includes(id)), { error: M.menuAccess });
export type MenuAccessFlags = z.infer<typeof MenuAccessFlags>;

export const AccountListQuery = z.object({
  search: z.string({ error: M.search }).trim().max(100, { error: M.search }).regex(noControlCharacters, { error: M.search }).optional(),
});

export const AccountSummary = z.object({
  id: Uuid,
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
  kind: z.enum(accountKinds),
  status: z.enum(accountStatuses),
  /** The stores it is limited to; empty: every store. */
  stores: z.array(Uuid),
  /** Every flag 201..209, true unless switched off. */
  menuAccess: z.record(z.string(), z.boolean()),
  /** Sign-in failures made the code step required (security.md); unlocking clears the counters. */
  locked: z.boolean(),
  tempPasswordExpiresOn: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** The version an edit names (If-Match). */
  updatedAt: z.string(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;
export const AccountList = z.object({ accounts: z.array(AccountSummary) });
export type AccountList = z.infer<typeof AccountList>;

export const InviteRequest = z.object({
  email: AccountEmail,
  displayName: DisplayName,
  roles: Roles,
  stores: Stores.default([]),
  menuAccess: MenuAccessFlags.default({}),
});
export type InviteRequest = z.input<typeof InviteRequest>;

export const AccountUpdate = z
  .object({
    displayName: DisplayName.optional(),
    roles: Roles.optional(),
    stores: Stores.optional(),
    menuAccess: MenuAccessFlags.optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), { error: M.emptyUpdate });
export type AccountUpdate = z.input<typeof AccountUpdate>;

export const AccountParams = z.object({ userId: Uuid });

// ---- My Profile ----------------------------------------------------------------------------------------------

/** The largest photo kept (the browser scales it to 256 px first). */
export const PHOTO_MAX_BYTES = 64 * 1024;
export const photoTypes = imageTypes;
const photoPrefix = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image's type and bytes when `dataUrl` is a PNG, JPEG or WebP data URL whose bytes are that type; else null. */
export function decodePhoto(dataUrl: string): { type: (typeof photoTypes)[number]; size: number } | null {
  const match = photoPrefix.exec(dataUrl);
  if (!match) return null;
  const type = match[1] as (typeof photoTypes)[number];
  const base64 = match[2]!;
  const size = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size === 0 || size > PHOTO_MAX_BYTES) return null;
  // The first bytes must say the same type as the label: a label alone proves nothing.
  return startsAsImage(type, base64) ? { type, size } : null;
}

export const Profile = z.object({
  displayName: z.string(),
  email: z.string(),
  /** A data URL, or null for the initials. */
  photo: z.string().nullable(),
  language: z.enum(languages).nullable(),
  /** An address waiting for its code. */
  pendingEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdate = z
  .object({
    displayName: DisplayName.optional(),
    language: z.enum(languages, { error: M.language }).optional(),
  })
  .refine((u) => u.displayName !== undefined || u.language !== undefined, { error: M.emptyUpdate });
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

export const PhotoUpdate = z.object({
  photo: z
    .string({ error: M.photo })
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 30, { error: M.photo })
    .refine((p) => decodePhoto(p) !== null, { error: M.photo })
    .nullable(),
});

export const EmailChangeRequest = z.object({ email: AccountEmail });
export const EmailChangeConfirm = z.object({
  vcode: z.string({ error: M.code }).trim().regex(/^\d{6}$/, { error: M.code }),
});

export const PasswordChange = z.object({
  currentPassword: z.string({ error: M.currentPassword }).min(1, { error: M.currentPassword }).max(128, { error: M.currentPassword }),
  newPassword: NewPassword,
});

export const OpenSession = z.object({
  id: Uuid,
  createdAt: z.string(),
  lastUsedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type OpenSession = z.infer<typeof OpenSession>;
export const OpenSessionList = z.object({ sessions: z.array(OpenSession) });
export type OpenSessionList = z.infer<typeof OpenSessionList>;
export const SignedOutOthers = z.object({ ended: z.number().int() });
export const Ok = z.object({ ok: z.literal(true) });
