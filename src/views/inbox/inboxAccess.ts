/** The roles with an inbox: a patient (their own conversations) and store staff (their stores'). */
export const inboxRoles = ['patient', 'admin', 'staff'] as const;
export const hasInbox = (roles: readonly string[]) => roles.some((role) => (inboxRoles as readonly string[]).includes(role));
