import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ConversationDetail, ConversationList, TrackingView } from '../contract/inbox';
import type { ConversationChange, NewConversation } from '../contract/inbox';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';

/** The inbox (/apps/mail): a patient's own conversations, staff their stores'; no id says who, the token does. */
export const inboxKey = (tenantId: string) => ['t', tenantId, 'inbox'] as const;

export const inboxQueries = {
  list: (tenantId: string, status: 'open' | 'done' | 'all') =>
    queryOptions({
      queryKey: [...inboxKey(tenantId), 'list', status],
      queryFn: ({ signal }) => apiRequest(`/api/inbox?status=${status}`, { schema: ConversationList, signal }),
    }),
  conversation: (tenantId: string, id: string) =>
    queryOptions({
      queryKey: [...inboxKey(tenantId), 'conversation', id],
      queryFn: ({ signal }) => apiRequest(`/api/inbox/${encodeURIComponent(id)}`, { schema: ConversationDetail, signal }),
    }),
};

const startConversation = (body: NewConversation) => apiRequest('/api/inbox', { method: 'POST', body, schema: ConversationDetail });

const writeMessage = (id: string, text: string) =>
  apiRequest(`/api/inbox/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { text }, schema: ConversationDetail });

export const changeConversation = (id: string, body: ConversationChange) =>
  apiRequest(`/api/inbox/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: ConversationDetail });

/**
 * After any change (a message written, a conversation started, changed or read) the lists and the badge are asked
 * again; the open conversation answered the change itself (`detail`), so it is cached as is.
 */
export function useInboxRefresh(tenantId: string) {
  const client = useQueryClient();
  return (detail?: ConversationDetail) => {
    if (detail) client.setQueryData(inboxQueries.conversation(tenantId, detail.id).queryKey, detail);
    void client.invalidateQueries({ queryKey: inboxKey(tenantId), predicate: (q) => q.queryKey[3] !== 'conversation' });
  };
}

/**
 * A message sent: a reply in the conversation `to` (its id), or the first message of a new one (to the patient's
 * store, or from staff to the patient `to` names). The answer is the conversation, cached, and the lists follow.
 */
export function useSendMessage(tenantId: string, to: string | Omit<NewConversation, 'text'>, view: ViewEffects<ConversationDetail, string> = {}) {
  const refresh = useInboxRefresh(tenantId);
  return useMutation({
    mutationFn: (text: string) => (typeof to === 'string' ? writeMessage(to, text) : startConversation({ ...to, text })),
    onSuccess: (detail, text) => {
      refresh(detail);
      view.onSuccess?.(detail, text);
    },
  });
}

/** Assigning a conversation or marking it done. */
export function useChangeConversation(tenantId: string, id: string) {
  const refresh = useInboxRefresh(tenantId);
  return useMutation({ mutationFn: (body: ConversationChange) => changeConversation(id, body), onSuccess: (detail) => refresh(detail) });
}

/** The guest order tracking page (/pr/{key}): no session. */
export const trackingQuery = (key: string) =>
  queryOptions({
    queryKey: ['guest', 'tracking', key],
    queryFn: ({ signal }) => apiRequest(`/api/public/tracking/${encodeURIComponent(key)}`, { auth: 'none', schema: TrackingView, signal }),
    retry: false,
  });
