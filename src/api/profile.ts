import { queryOptions } from '@tanstack/react-query';
import { OpenSessionList, Profile, SignedOutOthers } from '../contract/users';
import type { ProfileUpdate } from '../contract/users';
import { apiRequest } from './http';

/** My Profile (/pages/profile): the signed-in person's own account and sessions; no id is sent, the token says who. */
export const profileKey = (tenantId: string) => ['t', tenantId, 'profile'] as const;

export const profileQueries = {
  profile: (tenantId: string) =>
    queryOptions({ queryKey: [...profileKey(tenantId), 'me'], queryFn: ({ signal }) => apiRequest('/api/profile', { schema: Profile, signal }) }),
  sessions: (tenantId: string) =>
    queryOptions({
      queryKey: [...profileKey(tenantId), 'sessions'],
      queryFn: ({ signal }) => apiRequest('/api/profile/sessions', { schema: OpenSessionList, signal }),
    }),
};

export const updateProfile = (version: string, body: ProfileUpdate) =>
  apiRequest('/api/profile', { method: 'PATCH', body, version, schema: Profile });

export const setPhoto = (photo: string | null) => apiRequest('/api/profile/photo', { method: 'PUT', body: { photo }, schema: Profile });

export const requestEmailChange = (email: string) => apiRequest('/api/profile/email', { method: 'POST', body: { email }, schema: Profile });

export const confirmEmailChange = (vcode: string) =>
  apiRequest('/api/profile/email/confirm', { method: 'POST', body: { vcode }, schema: Profile });

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest('/api/profile/password', { method: 'POST', body: { currentPassword, newPassword }, schema: SignedOutOthers });

export const signOutOthers = () => apiRequest('/api/profile/sessions/sign-out-others', { method: 'POST', schema: SignedOutOthers });
