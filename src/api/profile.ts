import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OpenSessionList, Profile, SignedOutOthers } from '../contract/users';
import type { ProfileUpdate } from '../contract/users';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';

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

// ---- mutations ------------------------------------------------------------------------------------------------------

/** A change that answers the profile replaces the cached one, then the view's own steps (the shell follows). */
function useProfileAnswer<TVariables>(tenantId: string, request: (variables: TVariables) => Promise<Profile>, view: ViewEffects<Profile, TVariables>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (saved: Profile, variables: TVariables) => {
      client.setQueryData(profileQueries.profile(tenantId).queryKey, saved);
      view.onSuccess?.(saved, variables);
    },
    onError: view.onError,
  });
}

export type ProfileSave = { version: string; changes: ProfileUpdate };

export const useUpdateProfile = (tenantId: string, view: ViewEffects<Profile, ProfileSave> = {}) =>
  useProfileAnswer(tenantId, ({ version, changes }: ProfileSave) => updateProfile(version, changes), view);

export const useSetPhoto = (tenantId: string, view: ViewEffects<Profile, string | null> = {}) => useProfileAnswer(tenantId, setPhoto, view);

export const useRequestEmailChange = (tenantId: string, view: ViewEffects<Profile, string> = {}) =>
  useProfileAnswer(tenantId, requestEmailChange, view);

export const useConfirmEmailChange = (tenantId: string, view: ViewEffects<Profile, string> = {}) =>
  useProfileAnswer(tenantId, confirmEmailChange, view);

/** How many other sessions ended. */
type SignedOut = Awaited<ReturnType<typeof signOutOthers>>;

type PasswordChange = { currentPassword: string; newPassword: string };

/** The other sessions end with a new password: the profile (and its sessions) are read again. */
export function useChangePassword(tenantId: string, view: ViewEffects<SignedOut, PasswordChange> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordChange) => changePassword(currentPassword, newPassword),
    onSuccess: (answer, change) => {
      void client.invalidateQueries({ queryKey: profileKey(tenantId) });
      view.onSuccess?.(answer, change);
    },
  });
}

export function useSignOutOthers(tenantId: string, view: ViewEffects<SignedOut, void> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: profileQueries.sessions(tenantId).queryKey });
      view.onSuccess?.(answer);
    },
  });
}
