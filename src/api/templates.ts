import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TemplateDetail,
  TemplateList,
  TemplatePreview,
  TemplateTestResult,
  type TemplateChannel,
  type TemplateDraft,
  type TemplateKey,
  type TemplateLanguage,
  type TemplateTestRequest,
} from '../contract/messageTemplates';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';

/** The template editor's calls (/api/templates, admins): server/messaging/routes.ts. */
const base = (channel: TemplateChannel, key: TemplateKey) => `/api/templates/${channel}/${encodeURIComponent(key)}`;

export const templatesKey = (tenantId: string, channel: TemplateChannel) => ['t', tenantId, 'templates', channel] as const;

export const templateQueries = {
  list: (tenantId: string, channel: TemplateChannel) =>
    queryOptions({
      queryKey: [...templatesKey(tenantId, channel), 'list'],
      queryFn: ({ signal }) => apiRequest(`/api/templates/${channel}`, { schema: TemplateList, signal }),
    }),
  detail: (tenantId: string, channel: TemplateChannel, key: TemplateKey) =>
    queryOptions({
      queryKey: [...templatesKey(tenantId, channel), 'detail', key],
      queryFn: ({ signal }) => apiRequest(base(channel, key), { schema: TemplateDetail, signal }),
    }),
  /** A draft merged with the sample patient: a read, cached per draft so typing back shows the earlier answer. */
  preview: (tenantId: string, channel: TemplateChannel, key: TemplateKey, draft: TemplateDraft) =>
    queryOptions({
      queryKey: [...templatesKey(tenantId, channel), 'preview', key, draft],
      queryFn: ({ signal }) => apiRequest(`${base(channel, key)}/preview`, { method: 'POST', body: draft, schema: TemplatePreview, signal }),
      staleTime: 60_000,
      retry: false,
    }),
};

export const saveTemplate = (channel: TemplateChannel, key: TemplateKey, draft: TemplateDraft) =>
  apiRequest(base(channel, key), { method: 'PUT', body: draft, schema: TemplateDetail });

export const removeTemplate = (channel: TemplateChannel, key: TemplateKey, which: { locationId: string | null; language: TemplateLanguage }) =>
  apiRequest(`${base(channel, key)}?${new URLSearchParams({ language: which.language, ...(which.locationId ? { locationId: which.locationId } : {}) })}`, {
    method: 'DELETE',
    schema: TemplateDetail,
  });

const sendTestTemplate = (channel: TemplateChannel, key: TemplateKey, request: TemplateTestRequest) =>
  apiRequest(`${base(channel, key)}/test`, { method: 'POST', body: request, schema: TemplateTestResult });

// ---- mutations ------------------------------------------------------------------------------------------------------

/** A save or a removal answers the template's detail: cached as is, and the channel's list is read again. */
function useTemplateAnswer(tenantId: string, channel: TemplateChannel, key: TemplateKey) {
  const client = useQueryClient();
  return (next: TemplateDetail) => {
    client.setQueryData(templateQueries.detail(tenantId, channel, key).queryKey, next);
    void client.invalidateQueries({ queryKey: [...templatesKey(tenantId, channel), 'list'] });
  };
}

export function useSaveTemplate(tenantId: string, channel: TemplateChannel, key: TemplateKey, view: ViewEffects<TemplateDetail, TemplateDraft> = {}) {
  const answered = useTemplateAnswer(tenantId, channel, key);
  return useMutation({
    mutationFn: (draft: TemplateDraft) => saveTemplate(channel, key, draft),
    onSuccess: (next, draft) => {
      answered(next);
      view.onSuccess?.(next, draft);
    },
  });
}

type TemplateVariant = { locationId: string | null; language: TemplateLanguage };

export function useRemoveTemplate(tenantId: string, channel: TemplateChannel, key: TemplateKey, view: ViewEffects<TemplateDetail, TemplateVariant> = {}) {
  const answered = useTemplateAnswer(tenantId, channel, key);
  return useMutation({
    mutationFn: (which: TemplateVariant) => removeTemplate(channel, key, which),
    onSuccess: (next, which) => {
      answered(next);
      view.onSuccess?.(next, which);
    },
  });
}

/** A test send of the draft (by email to the admin, by SMS to `to`): it changes nothing the screen reads. */
export function useSendTestTemplate(channel: TemplateChannel, key: TemplateKey, view: ViewEffects<TemplateTestResult, TemplateTestRequest> = {}) {
  return useMutation({
    mutationFn: (request: TemplateTestRequest) => sendTestTemplate(channel, key, request),
    onSuccess: view.onSuccess,
    onError: view.onError,
    onSettled: view.onSettled,
  });
}
