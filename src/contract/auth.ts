import { z } from './zod';
import { noControlCharacters, Role, Uuid } from './common';
import { MenuAccess, ThemeSettings } from './settings';

const Email = z
  .string({ error: 'Enter the user name (email)' })
  .trim()
  .min(1, 'Enter the user name (email)')
  .max(254, 'The user name can be at most 254 characters')
  .regex(noControlCharacters, 'The user name contains characters that are not allowed')
  .toLowerCase();
const PasswordInput = z
  .string({ error: 'Enter the password' })
  .min(1, 'Enter the password')
  .max(128, 'The password can be at most 128 characters');
/** A new password: at least 12, at most 128 characters, no composition rules (security.md). */
export const NewPassword = z
  .string({ error: 'Enter a new password' })
  .min(12, 'The password must have at least 12 characters')
  .max(128, 'The password can be at most 128 characters');
export const Code = z
  .string({ error: 'Enter the code' })
  .trim()
  .regex(/^\d{6}$/, 'OTP code is Incorrect');

/** Login request of the spec (section 3); `tenentID` is spelt as the spec spells it. */
export const LoginRequest = z.object({
  username: Email,
  password: PasswordInput,
  vcode: z.string().trim().max(6, 'OTP code is Incorrect').optional().nullable(),
  isauth: z.boolean().optional().nullable(),
  locationid: Uuid.optional().nullable(),
  isEnterpriseAdmin: z.boolean().optional().nullable(),
  tenentID: Uuid.optional().nullable(),
  isPatient: z.boolean().optional().nullable(),
  isKiosk: z.boolean().optional().nullable(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const DefaultStore = z.object({
  locationId: z.string(),
  fD_Location: z.string(),
  fD_Companylogo: z.string().nullable(),
  companyName: z.string(),
  timeZone: z.string(),
});
export type DefaultStore = z.infer<typeof DefaultStore>;

export const SystemPref = z.object({ fD_SettingKey: z.string(), fD_SettingValue: z.string() });

export const User = z.object({
  id: z.string(),
  tenantId: z.string(),
  role: z.array(Role),
  from: z.string(),
  redirectUrl: z.string().nullable(),
  tempPwdExpiryDate: z.string().nullable(),
  isRegistered: z.union([z.literal(0), z.literal(1)]),
  defaultstore: DefaultStore.nullable(),
  allowedLocations: z.array(z.string()),
  systempref: z.array(SystemPref),
  data: z.object({
    displayName: z.string(),
    photoURL: z.string().nullable(),
    email: z.string(),
    /** The language chosen in My Profile; the app switches to it at sign-in. Absent or null: the browser's choice. */
    language: z.enum(['en', 'tr', 'ar']).nullable().optional(),
    role: z.array(Role),
    shortcuts: z.array(z.string()),
    /** The spec's settings flag: the theme settings panel is shown only when true. */
    settingsPanel: z.boolean(),
    settings: ThemeSettings.extend({ navigation: z.array(MenuAccess) }),
  }),
});
export type User = z.infer<typeof User>;

export const LoginResponse = z.object({
  user: User,
  access_token: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number(),
  tenantID: z.string(),
  /** Always null: the refresh token is an HttpOnly cookie (security.md, departures). */
  refreshToken: z.null(),
  error: z.null(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const AuthCodeRequest = LoginRequest.pick({
  username: true,
  password: true,
  tenentID: true,
  locationid: true,
  isEnterpriseAdmin: true,
  isPatient: true,
  isKiosk: true,
});
/** A company whose account the typed email address and password opened (the tenant-less sign-in asks which). */
export const CompanyChoice = z.object({ tenantID: z.string(), companyName: z.string() });
export type CompanyChoice = z.infer<typeof CompanyChoice>;

export const AuthCodeResponse = z.object({
  role: z.union([Role, z.array(Role)]).nullable(),
  isauth: z.boolean(),
  /** True when this account must enter the emailed code (vcode) on the login call. */
  codeRequired: z.boolean(),
  error: z.string().nullable(),
  /**
   * Only where no company is named (/admin, /kiosk/login) and the password opened accounts in more than one:
   * those companies, by name; the sign-in goes on with the chosen one's `tenentID`.
   */
  companies: z.array(CompanyChoice).optional(),
});

export const SendOtpResponse = z.object({
  user: z.object({ email: z.string() }).nullable(),
  error: z.string().nullable(),
});

export const ChangePasswordRequest = z.object({ vcode: Code, password: NewPassword });

export const ForgotPasswordRequest = z.object({
  username: Email,
  tenant: Uuid,
});
export const ForgotPasswordResponse = z.object({ sent: z.literal(true) });

export const OtpSubmitRequest = ForgotPasswordRequest.extend({ vcode: Code });
export const OtpSubmitResponse = z.object({ resetToken: z.string() });

export const PasswordResetRequest = z.object({
  resetToken: z.string().min(1, 'The reset token is missing').max(200, 'The reset token is not valid'),
  password: NewPassword,
});
export const PasswordResetResponse = z.object({ changed: z.literal(true) });

export const SaveThemeSettingsRequest = z.object({
  data: z.object({
    settings: ThemeSettings,
    shortcuts: z
      .array(z.string().min(1).max(64).regex(noControlCharacters, 'Not a navigation item id'))
      .max(50, 'At most 50 shortcuts'),
  }),
});
export const SaveThemeSettingsResponse = z.object({ user: User, message: z.string() });

export const RefreshRequest = z
  .object({ accessToken: z.string().max(4096).optional().nullable(), refreshToken: z.unknown().optional() })
  .nullish();
export const RefreshResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number(),
  refreshToken: z.null(),
});

export const MeResponse = z.object({ user: User });

export const PortalMapping = z.object({
  tenantID: z.string(),
  locationid: z.string(),
  companyName: z.string(),
  companySlug: z.string(),
  storeName: z.string(),
  storeSlug: z.string(),
  logo: z.string().nullable(),
});
export type PortalMapping = z.infer<typeof PortalMapping>;

export const Slug = z
  .string()
  .min(1, 'Must not be empty')
  .max(63, 'At most 63 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Only letters, digits and dashes');
