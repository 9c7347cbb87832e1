import type { Role } from '../../src/contract/common';

/**
 * Who may call a route. Every /api route declares one (checked when routes are registered): deny by default.
 * - 'public': anyone, signed in or not
 * - 'signedIn': any valid access token, the new-user token included
 * - a role list: a token with at least one of these roles
 */
export type Access = 'public' | 'signedIn' | readonly Role[];

export const staffRoles = ['admin', 'staff', 'user'] as const satisfies readonly Role[];
/** Everyone with a full session: the new-user token is not one. */
export const sessionRoles = ['admin', 'staff', 'patient', 'enterpriseadmin', 'user', 'kiosk'] as const satisfies readonly Role[];
