/**
 * The enterprise admin's screens across companies: the portal mappings (sign-in addresses /{company}/{store}) and
 * the companies themselves (create in one step, edit, suspend and reinstate). The server reaches other tenants only
 * through SECURITY DEFINER functions (server/enterprise); these are the shapes both sides share.
 */
import { text } from './fields';
import { imageTypes, startsAsImage } from './imageBytes';
import { Email, Phone } from './patientsAdmin';
import { reservedSlugs } from './reservedSlugs';
import { z } from './zod';

export const enterpriseMessages = {
  slug: 'Use 1 to 63 lower-case letters, digits and hyphens, starting with a letter or digit',
  slugReserved: 'This word is reserved for the application’s own addresses: choose another',
  companySlugTaken: 'Another company already uses this address',
  storeSlugTaken: 'This company already has a store with this address',
  addressTaken: 'This sign-in address is already in use',
  companyName: 'Company name is required (up to 100 characters)',
  storeName: 'Store name is required (up to 100 characters)',
  address: 'Address must be up to 200 characters',
  timeZone: 'Choose a time zone, like Europe/Istanbul',
  taxRate: 'Tax rate must be between 0 and 100 %, with at most two decimals',
  adminName: 'The admin’s name is required (up to 100 characters)',
  adminEmail: 'Enter the admin’s email address, like name@example.com',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoSize: 'The logo must be at most 256 KB',
  company: 'Choose a company',
  store: 'Choose a store of this company',
  search: 'Search must be up to 100 characters',
} as const;
const M = enterpriseMessages;

/** One part of a sign-in address: lower-case letters, digits and hyphens, not a word the app's own routes use. */
export const PortalSlug = z
  .string({ error: M.slug })
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { error: M.slug })
  .refine((slug) => !reservedSlugs.has(slug), { error: M.slugReserved });

/** Decoded logo bytes at most (the sign-in page loads the logo before anything else). */
export const LOGO_MAX_BYTES = 256 * 1024;
export const logoTypes = imageTypes;

/**
 * What is wrong with a logo (a base64 data URL), or null: its declared type must be PNG, JPEG or WebP and its first
 * bytes must be that format's signature (an SVG, which can carry script, or a renamed file is refused), and it must
 * fit LOGO_MAX_BYTES.
 */
export function logoProblem(dataUrl: string): string | null {
  const head = /^data:(image\/[a-z0-9+.-]+);base64,/.exec(dataUrl);
  const type = head?.[1] as (typeof logoTypes)[number] | undefined;
  if (!head || !type || !logoTypes.includes(type)) return M.logoType;
  const base64 = dataUrl.slice(head[0].length);
  if (base64.length < 16 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return M.logoType;
  const size = (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > LOGO_MAX_BYTES) return M.logoSize;
  return startsAsImage(type, base64) ? null : M.logoType;
}

/** A logo upload; the length bound refuses a huge upload before it is decoded (base64 is 4/3 of the bytes). */
export const Logo = z
  .string({ error: M.logoType })
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64, { error: M.logoSize })
  .superRefine((value, ctx) => {
    const problem = logoProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

export const StoreInput = z.object({
  name: text(100, M.storeName, true),
  slug: PortalSlug,
  address: text(200, M.address, false),
  phone: Phone,
  timeZone: z.string({ error: M.timeZone }).refine(isTimeZone, { error: M.timeZone }),
  /** Basis points: 825 = 8.25 %. */
  taxRateBp: z.number({ error: M.taxRate }).int({ error: M.taxRate }).min(0, { error: M.taxRate }).max(10000, { error: M.taxRate }),
});
export type StoreInput = z.infer<typeof StoreInput>;

export const NewCompany = z.object({
  name: text(100, M.companyName, true),
  slug: PortalSlug,
  logo: Logo.nullable(),
  store: StoreInput,
  admin: z.object({
    displayName: text(100, M.adminName, true),
    email: Email.refine((e) => e !== '', { error: M.adminEmail }),
  }),
});
export type NewCompany = z.infer<typeof NewCompany>;

export const CompanyUpdate = z.object({
  name: text(100, M.companyName, true),
  slug: PortalSlug,
  /** Absent: unchanged; null: removed. */
  logo: Logo.nullable().optional(),
});
export type CompanyUpdate = z.infer<typeof CompanyUpdate>;

export const CompanySuspension = z.object({ suspended: z.boolean() });

export const CompanyStore = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  taxRateBp: z.number().int(),
});
export type CompanyStore = z.infer<typeof CompanyStore>;

export const Company = z.object({
  tenantId: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  /** Set while the company is suspended: its users cannot sign in and its public links answer as expired. */
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
  stores: z.array(CompanyStore),
});
export type Company = z.infer<typeof Company>;
export const CompanyList = z.object({ companies: z.array(Company) });
export type CompanyList = z.infer<typeof CompanyList>;

/** What creating a company made: the ids, and where its admin was invited. */
export const CompanyCreated = z.object({ tenantId: z.string(), locationId: z.string(), adminUserId: z.string() });

export const PortalMappingInput = z.object({
  tenantId: z.uuid({ error: M.company }),
  locationId: z.uuid({ error: M.store }),
  companySlug: PortalSlug,
  storeSlug: PortalSlug,
});
export type PortalMappingInput = z.infer<typeof PortalMappingInput>;

export const PortalMappingRow = z.object({
  id: z.string(),
  tenantId: z.string(),
  locationId: z.string(),
  companySlug: z.string(),
  storeSlug: z.string(),
  companyName: z.string(),
  storeName: z.string(),
  suspended: z.boolean(),
});
export type PortalMappingRow = z.infer<typeof PortalMappingRow>;
export const PortalMappingRows = z.object({ mappings: z.array(PortalMappingRow) });
export type PortalMappingRows = z.infer<typeof PortalMappingRows>;

export const PortalMappingQuery = z.object({ search: text(100, M.search, false).optional() });
