import type { Role } from './common';

/**
 * The one access rule shared by the route guard, the navigation and the navigation search (shell.md):
 * `null`/absent = everyone; `[]` = only users without roles (guests); otherwise any overlap of roles.
 */
export type Auth = readonly Role[] | null | undefined;

export function hasPermission(required: Auth, userRoles: readonly string[]): boolean {
  if (required === null || required === undefined) return true;
  if (required.length === 0) return userRoles.length === 0;
  return required.some((role) => userRoles.includes(role));
}

/** Role groups of the spec (section 6): 'user' means any of admin, staff, patient, user, enterpriseadmin. */
export const authRoles = {
  admin: ['admin'],
  staff: ['admin', 'staff'],
  patient: ['patient'],
  user: ['admin', 'staff', 'patient', 'user', 'enterpriseadmin'],
  enterprise: ['enterpriseadmin'],
  kiosk: ['kiosk'],
  newuser: ['newuser'],
  onlyGuest: [],
} as const satisfies Record<string, readonly Role[]>;
