/** Roles of the spec (section 6). `guest` is the empty role list, never stored. Zod-free; `./common` has the schema. */
export const roles = ['admin', 'staff', 'patient', 'newuser', 'enterpriseadmin', 'user', 'kiosk'] as const;
export type Role = (typeof roles)[number];
