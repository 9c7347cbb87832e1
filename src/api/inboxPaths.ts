/**
 * The inbox's address the app's start asks early (src/app/firstCalls.ts): zod-free and without TanStack Query, as
 * that start must be.
 */

/** The toolbar's unread count; a page drawn by the server answers it too, since the toolbar asks for it. */
export const unreadCountPath = '/api/inbox/unread/count';
