/**
 * /admin/template/sms against a fake API: the messages listed, the company and store tabs and the language tabs, a
 * store's text starting from the company's, an unknown merge field refused at the text, inserting a field at the
 * cursor, the live preview with the sample patient and its segment count (GSM-7; Arabic as UCS-2), saving with
 * 'Template Saved', and the server's field message shown at its field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { templateKeys } from '../../src/contract/messageTemplates';
import { TemplatesPage } from '../../src/views/templates/TemplatesPage';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');
const downtown = '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20';
const uptown = '6e3fac82-3d5f-4b9c-9a4e-0f7d2c8b5e31';
const ok = (body: unknown): Reply => ({ status: 200, body });
const sample: Record<string, string> = { storeName: 'Uptown', patientFirstName: 'Jane', patientName: 'Jane Doe', orderNumber: '5001' };

const detail = (texts: unknown[] = []) => ({
  key: 'order.ready',
  channel: 'sms',
  fields: ['patientName', 'patientFirstName', 'storeName', 'storePhone', 'orderNumber', 'orderStatus', 'trackingLink'],
  builtIn: {
    en: { subject: '', body: '{{storeName}}: {{patientName}}, your order {{orderNumber}} is ready for pickup.' },
    tr: { subject: '', body: '{{storeName}}: {{patientName}}, {{orderNumber}} numaralı siparişiniz teslime hazır.' },
    ar: { subject: '', body: '{{storeName}}: {{patientName}}، طلبك {{orderNumber}} جاهز للاستلام.' },
  },
  texts,
  stores: [
    { id: downtown, name: 'Downtown', language: 'en' },
    { id: uptown, name: 'Uptown', language: 'en' },
  ],
});
const companyText = { locationId: null, language: 'en', subject: '', body: 'Clearview: {{patientName}}, order {{orderNumber}} is ready.', updatedAt: '2026-11-01T10:00:00.000Z' };

let rendered: ReturnType<typeof renderPage> | undefined;
beforeEach(() => window.history.replaceState(null, '', '/admin/template/sms?key=order.ready'));
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

function start(opts: { save?: (call: Call) => Reply } = {}) {
  const saved: Call[] = [];
  rendered = renderPage(<TemplatesPage channel="sms" />, {
    user: admin,
    api: (call) => {
      const path = new URL(call.path, 'http://x').pathname;
      if (path === '/api/templates/sms') return ok({ templates: templateKeys.map((key) => ({ key, channel: 'sms', overrides: key === 'order.ready' ? 1 : 0 })) });
      if (path === '/api/templates/sms/order.ready' && call.method === 'GET') return ok(detail([companyText]));
      if (path === '/api/templates/sms/order.ready/preview') {
        const draft = call.body as { body: string };
        return ok({ subject: '', body: draft.body.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => sample[name] ?? ''), sampleName: 'Jane' });
      }
      if (path === '/api/templates/sms/order.ready' && call.method === 'PUT') {
        saved.push(call);
        return opts.save?.(call) ?? ok(detail([companyText, { ...(call.body as object), updatedAt: '2026-11-24T10:00:00.000Z' }]));
      }
      return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
    },
  });
  return { saved };
}

const bodyField = () => screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;

describe('/admin/template/sms', () => {
  it("lists every message; a store's tab starts from the company's text; a field is inserted; the preview and count follow; Save says 'Template Saved'", async () => {
    const { saved } = start();
    expect(await screen.findByRole('heading', { name: 'SMS templates', level: 1 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Messages' });
    expect(nav.querySelectorAll('a')).toHaveLength(templateKeys.length);
    expect(screen.getByRole('link', { name: /Order ready for pickup/ }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'Order ready for pickup', level: 2 })).toBeTruthy();
    // The company's own text in English.
    expect(bodyField().value).toBe(companyText.body);
    expect(screen.getByText('The company\'s text. Saving here makes it this store\'s own.')).toBeTruthy();

    const user = rendered!.user;
    await user.click(screen.getByRole('tab', { name: 'Uptown' }));
    expect(bodyField().value).toBe(companyText.body);

    await user.clear(bodyField());
    await user.click(bodyField());
    await user.paste('{{storeName}}: {{dueDate}} ');
    expect(screen.getByText('Unknown merge field {{dueDate}}')).toBeTruthy();
    expect(screen.getByText('Correct the text to see the preview.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await user.clear(bodyField());
    await user.paste('{{storeName}}: ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Merge field' }), '{{patientFirstName}}');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(bodyField().value).toBe('{{storeName}}: {{patientFirstName}}');

    expect(await screen.findByText('Uptown: Jane')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Preview for Jane' })).toBeTruthy();
    expect(screen.getByText('12 characters, GSM-7, 1 SMS (148 left)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({ locationId: uptown, language: 'en', subject: '', body: '{{storeName}}: {{patientFirstName}}' });
    expect((await screen.findByRole('status')).textContent).toContain('Template Saved');
  });

  it('the Arabic tab starts from the built-in Arabic text, right to left, and counts it as UCS-2', async () => {
    start();
    await screen.findByRole('heading', { name: 'Order ready for pickup', level: 2 });
    await rendered!.user.click(screen.getByRole('tab', { name: 'العربية' }));
    expect(bodyField().value).toBe(detail().builtIn.ar.body);
    expect(bodyField().getAttribute('dir')).toBe('rtl');
    expect(screen.getByText("The product's built-in text. Saving makes it your own.")).toBeTruthy();
    const preview = await screen.findByText('Uptown: Jane Doe، طلبك 5001 جاهز للاستلام.');
    expect(preview).toBeTruthy();
    const length = 'Uptown: Jane Doe، طلبك 5001 جاهز للاستلام.'.length;
    expect(screen.getByText(`${length} characters, UCS-2, 1 SMS (${70 - length} left)`)).toBeTruthy();
  });

  it("shows the server's refusal at its field", async () => {
    start({ save: () => ({ status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { body: 'Unknown merge field {{x}}' } } }) });
    await screen.findByRole('heading', { name: 'Order ready for pickup', level: 2 });
    await rendered!.user.type(bodyField(), ' Thanks');
    await rendered!.user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Unknown merge field {{x}}')).length).toBeGreaterThan(0);
    // Focus leaves Save for the summary, whose link goes back to the text.
    const summary = screen.getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await rendered!.user.click(within(summary).getByRole('link', { name: 'Text: Unknown merge field {{x}}' }));
    expect(document.activeElement).toBe(bodyField());
  });
});
