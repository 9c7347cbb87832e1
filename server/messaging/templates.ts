/** Built-in message texts for sign-in (not store templates: a store cannot change them). */
export const authMessages = {
  signinCode: (code: string) => ({
    template: 'auth.signin-code',
    subject: 'Your sign-in code',
    body: `Your sign-in code is ${code}. It is valid for 10 minutes. If you did not try to sign in, please contact your store.`,
  }),
  newUserCode: (code: string) => ({
    template: 'auth.new-user-code',
    subject: 'Your registration code',
    body: `Your code to set your password is ${code}. It is valid for 10 minutes.`,
  }),
  resetCode: (code: string) => ({
    template: 'auth.password-reset-code',
    subject: 'Your password reset code',
    body: `Your code to reset your password is ${code}. It is valid for 10 minutes. If you did not ask for it, you can ignore this message.`,
  }),
  /** The first admin of a company the enterprise admin created: the temporary password starts the new-user flow. */
  companyInvite: (p: { adminName: string; companyName: string; signInUrl: string; temporaryPassword: string; expiresOn: string }) => ({
    template: 'enterprise.company-invite',
    subject: `You are invited to manage ${p.companyName}`,
    body:
      `Hello ${p.adminName},\n\nyou are the administrator of ${p.companyName} in the patient portal. Sign in at ${p.signInUrl} ` +
      `with this email address and the temporary password ${p.temporaryPassword} (valid until ${p.expiresOn}). ` +
      'You will then receive a code by email to choose your own password.',
  }),
  passwordChanged: () => ({
    template: 'auth.password-changed',
    subject: 'Your password was changed',
    body: 'The password of your patient portal account was changed. If this was not you, please contact your store at once.',
  }),
};

/**
 * Built-in eForm texts, used when neither the store nor the company has its own template of that key
 * and channel. Merge fields: {{patientName}}, {{storeName}}, {{formName}}, {{formLink}}, {{expiresOn}}, {{code}}.
 */
export const eformTemplates: Record<'eform.link' | 'eform.code', Record<'email' | 'sms', { subject: string; body: string }>> = {
  'eform.link': {
    email: {
      subject: 'A form from {{storeName}}',
      body: 'Hello {{patientName}},\n\n{{storeName}} asks you to fill in "{{formName}}" before your visit. Open it here:\n{{formLink}}\n\nThe link is valid until {{expiresOn}}. If you did not expect this message, please contact the store.',
    },
    sms: { subject: '', body: '{{storeName}}: please fill in "{{formName}}" before your visit: {{formLink}} (valid until {{expiresOn}})' },
  },
  'eform.code': {
    email: {
      subject: 'Your code for the form from {{storeName}}',
      body: 'Hello {{patientName}},\n\nyour code to open "{{formName}}" is {{code}}. It is valid for 10 minutes. If you did not ask for it, please contact {{storeName}}.',
    },
    sms: { subject: '', body: '{{storeName}}: your form code is {{code}}. It is valid for 10 minutes.' },
  },
};

/**
 * Built-in texts of the patient messages a store can override in message_templates (store row > company row >
 * this text). Merge fields: {{patientName}}, {{storeName}}, {{storePhone}}, {{orderNumber}}, {{orderStatus}},
 * {{dueDate}}; the receipt's {{invoiceNumber}}, {{invoiceDate}}, {{lines}}, {{total}}, {{paid}}, {{balance}}.
 */
export const builtInTemplates: Record<string, Record<'email' | 'sms', { subject: string; body: string }>> = {
  'sale.receipt': {
    email: {
      subject: 'Your receipt {{invoiceNumber}} from {{storeName}}',
      body: 'Dear {{patientName}}, here is your receipt {{invoiceNumber}} of {{invoiceDate}}.\n\n{{lines}}\n\nTotal: {{total}}\nPaid: {{paid}}\nBalance: {{balance}}\n\nThank you. {{storeName}}, {{storePhone}}',
    },
    sms: {
      subject: '',
      body: '{{storeName}}: receipt {{invoiceNumber}}, total {{total}}, paid {{paid}}, balance {{balance}}.',
    },
  },
  'order.ready-for-pickup': {
    email: {
      subject: 'Your glasses are ready for pickup',
      body: 'Dear {{patientName}}, your order {{orderNumber}} is ready for pickup at {{storeName}}. Please bring this message or your ID. Questions? Call us at {{storePhone}}.',
    },
    sms: {
      subject: '',
      body: '{{storeName}}: {{patientName}}, your order {{orderNumber}} is ready for pickup.',
    },
  },
  'recall.due': {
    email: {
      subject: 'Time for your next visit',
      body: 'Dear {{patientName}}, your next visit at {{storeName}} is due on {{dueDate}}. Please call us at {{storePhone}} or book online.',
    },
    sms: {
      subject: '',
      body: '{{storeName}}: {{patientName}}, your next visit is due on {{dueDate}}. Call {{storePhone}} to book.',
    },
  },
};

/** The placeholders each template key fills: a template text may name these and no others. */
export const templateFields = {
  'order.ready-for-pickup': ['patientName', 'storeName', 'storePhone', 'orderNumber', 'orderStatus'],
  'recall.due': ['patientName', 'storeName', 'storePhone', 'dueDate'],
  'sale.receipt': ['patientName', 'storeName', 'storePhone', 'invoiceNumber', 'invoiceDate', 'lines', 'total', 'paid', 'balance'],
  'eform.link': ['patientName', 'storeName', 'formName', 'formLink', 'expiresOn'],
  'eform.code': ['patientName', 'storeName', 'formName', 'code'],
} as const satisfies Record<string, readonly string[]>;
