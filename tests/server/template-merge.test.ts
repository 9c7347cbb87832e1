/** The one template merge (server/messaging/messaging.ts): what it fills, what it drops, what a saved text may name. */
import { describe, expect, it } from 'vitest';
import { templateKeys, templateLanguages } from '../../src/contract/messageTemplates';
import { mergeTemplate, templateFieldErrors } from '../../server/messaging/messaging';
import { builtInTemplates } from '../../server/messaging/templates';

describe('mergeTemplate', () => {
  it('fills each placeholder with its value, spaces inside the braces allowed', () => {
    expect(mergeTemplate('Dear {{patientName}}, order {{ orderNumber }} is ready.', { patientName: 'Ada Lovelace', orderNumber: '7' })).toBe(
      'Dear Ada Lovelace, order 7 is ready.',
    );
  });

  it('drops a placeholder it has no value for, so none reaches a patient', () => {
    expect(mergeTemplate('Hi {{patientName}}{{unknown}} {{ bad-name }}!', { patientName: 'Ada' })).toBe('Hi Ada !');
    expect(mergeTemplate('{{toString}}{{constructor}}', {})).toBe('');
  });
});

describe('templateFieldErrors', () => {
  it('admits the placeholders of the key', () => {
    expect(templateFieldErrors('eform.link', { subject: 'A form from {{storeName}}', body: '{{patientName}}: {{formLink}} until {{expiresOn}}' })).toEqual({});
  });

  it('answers a field error for each text naming a placeholder its key does not fill', () => {
    expect(templateFieldErrors('recall.reminder', { subject: 'Order {{orderNumber}}', body: 'Due {{dueDate}} {{ nope }}' })).toEqual({
      subject: expect.stringContaining('{{orderNumber}}'),
      body: expect.stringContaining('{{nope}}'),
    });
  });
});

describe('the built-in texts', () => {
  it('exist for every key, channel and language, and name only their key’s fields', () => {
    for (const key of templateKeys) {
      for (const channel of ['email', 'sms'] as const) {
        for (const language of templateLanguages) {
          const text = builtInTemplates[key][channel][language];
          expect(text.body.length, `${key}/${channel}/${language}`).toBeGreaterThan(0);
          if (channel === 'email') expect(text.subject.length, `${key}/${channel}/${language}`).toBeGreaterThan(0);
          expect(templateFieldErrors(key, text), `${key}/${channel}/${language}`).toEqual({});
        }
      }
    }
  });
});
