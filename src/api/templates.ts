import { queryOptions } from '@tanstack/react-query';
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

export const sendTestTemplate = (channel: TemplateChannel, key: TemplateKey, request: TemplateTestRequest) =>
  apiRequest(`${base(channel, key)}/test`, { method: 'POST', body: request, schema: TemplateTestResult });
