import type { Section } from '../contract/eforms';
import { PublicEForm, Submitted } from './eformsPublic';
import { apiRequest } from './http';

/**
 * A signed-in patient's own forms (the dashboard's 'Forms to fill in'): opened and submitted by assignment id on the
 * patient's session, with no emailed code. The answers have the public form's shape.
 */
export const fetchOwnForm = (assignmentId: string, signal?: AbortSignal) =>
  apiRequest(`/api/my/forms/${encodeURIComponent(assignmentId)}`, { schema: PublicEForm, signal });

export const submitOwnForm = (assignmentId: string, sectionlists: Section[], signal?: AbortSignal) =>
  apiRequest(`/api/my/forms/${encodeURIComponent(assignmentId)}/submit`, {
    method: 'POST',
    body: { sectionlists },
    schema: Submitted,
    signal,
  });
