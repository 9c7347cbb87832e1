/**
 * zod with one rule added to every string schema: the text is well-formed Unicode. A lone UTF-16 surrogate
 * (JSON's "\ud800") is text no store can keep (PostgreSQL refuses it in jsonb, UTF-8 cannot encode it), so it is
 * refused at the contract, naming the field, wherever a string is accepted. Schemas import z from ./zod, which is
 * this module.
 */
import { z as zod } from 'zod';

export * from 'zod';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const notWellFormedMessage = 'Contains characters that are not allowed';

export function isWellFormedText(value: string): boolean {
  return !loneSurrogate.test(value);
}

/** The text with each lone surrogate replaced by U+FFFD, for echoing what a caller sent (a refused key, say). */
export function wellFormed(value: string): string {
  return value.replace(new RegExp(loneSurrogate.source, 'g'), '\ufffd');
}

export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod.string(params).refine(isWellFormedText, { error: notWellFormedMessage });
}
