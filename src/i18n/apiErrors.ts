import type { i18n as I18n } from 'i18next';
import { ApiError } from '../contract/apiError';
import { localMoneyParams } from '../contract/money';
import { translateMessage } from './appI18n';

/** An error answer of the API: the spec's English text, and its code (src/contract/errorCodes.ts) with its values. */
export type ApiErrorBody = { error: string; code?: string; params?: Record<string, string | number> };

/**
 * The error in the reader's language: the text of its code (`apiErrors.<code>`) when the current language has
 * one, else the server's own text, else `fallback` (no answer body). English texts are not in the start-up
 * groups, so before the rest of English arrives the server's text (the same words) is shown.
 */
export function translateApiError(i18n: I18n, body: ApiErrorBody | null, fallback: string): string {
  // Only a code's shape (`area.name`): a bare area would name a group of texts, not a text.
  const key = body?.code && /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(body.code) ? `apiErrors.${body.code}` : null;
  if (key && i18n.exists(key)) return i18n.t(key, { ...localMoneyParams(body?.params ?? {}, i18n.language) });
  return body?.error || fallback;
}

/**
 * Any failure as the reader should see it: an API answer by its code (its English text when it has none), and the
 * app's own texts (a refused refresh, a connection lost) through the known-text catalogue of translateMessage.
 */
export function translateError(i18n: I18n, error: unknown, fallback = i18n.t('errors.unexpected')): string {
  const body: ApiErrorBody | null = error instanceof ApiError ? error.body : isErrorBody(error) ? error : null;
  if (body?.code) return translateApiError(i18n, body, fallback);
  const text = body?.error ?? (error instanceof Error ? error.message : typeof error === 'string' ? error : '');
  return text ? translateMessage(i18n, text) : fallback;
}

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
