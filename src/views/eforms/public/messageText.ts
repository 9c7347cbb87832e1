import { eformMessages } from '../../../contract/eformRules';
import { messages } from '../../../contract/messages';
import type { CallFailure } from '../../../machines/otp.machine';
import type { Translate } from '../../../i18n/pageTexts';

/**
 * A failed call as the reader sees it: the server's text in the reader's language when it is one the contract
 * names (the eForm texts under eformPublic.messages, the API's general ones under errors), any other server text
 * as it came, and a generic text when the server said nothing (offline, a proxy page).
 */
export function messageText(t: Translate, failure: CallFailure | null): string | null {
  if (!failure) return null;
  const text = failure.message;
  if (text === null) return t('eformPublic.unexpected');
  if (failure.code) return t(`apiErrors.${failure.code}`, { ...failure.params, defaultValue: text });
  const eformKey = (Object.keys(eformMessages) as (keyof typeof eformMessages)[]).find((key) => eformMessages[key] === text);
  if (eformKey) return t(`eformPublic.messages.${eformKey}`, { defaultValue: text });
  const key = (Object.keys(messages) as (keyof typeof messages)[]).find((name) => messages[name] === text);
  if (key) return t(`errors.${key}`, { defaultValue: text });
  return text;
}
