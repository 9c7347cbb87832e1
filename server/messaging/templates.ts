/**
 * The product's own text of every message (src/contract/messageTemplates.ts) in each language: what is sent when
 * neither the store nor the company saved one (server/messaging/messaging.ts resolves). Merge fields are the key's
 * (templateFields); tests/server/template-merge.test.ts checks every text here names only those.
 */
import type { TemplateChannel, TemplateKey, TemplateLanguage } from '../../src/contract/messageTemplates';

export interface TemplateTextPair {
  subject: string;
  body: string;
}
type ByLanguage = Record<TemplateLanguage, TemplateTextPair>;

const sms = (body: string): TemplateTextPair => ({ subject: '', body });

export const builtInTemplates: Record<TemplateKey, Record<TemplateChannel, ByLanguage>> = {
  'eform.link': {
    email: {
      en: {
        subject: 'A form from {{storeName}}',
        body: 'Hello {{patientName}},\n\n{{storeName}} asks you to fill in "{{formName}}" before your visit. Open it here:\n{{formLink}}\n\nThe link is valid until {{expiresOn}}. If you did not expect this message, please contact the store.',
      },
      tr: {
        subject: '{{storeName}} size bir form gönderdi',
        body: 'Merhaba {{patientName}},\n\n{{storeName}} ziyaretinizden önce "{{formName}}" formunu doldurmanızı rica ediyor. Formu buradan açın:\n{{formLink}}\n\nBağlantı {{expiresOn}} tarihine kadar geçerlidir. Bu mesajı beklemiyorsanız lütfen mağazayla iletişime geçin.',
      },
      ar: {
        subject: 'نموذج من {{storeName}}',
        body: 'مرحبًا {{patientName}}،\n\nيطلب منك {{storeName}} تعبئة "{{formName}}" قبل زيارتك. افتحه من هنا:\n{{formLink}}\n\nالرابط صالح حتى {{expiresOn}}. إذا لم تكن تتوقع هذه الرسالة، يرجى التواصل مع المتجر.',
      },
    },
    sms: {
      en: sms('{{storeName}}: please fill in "{{formName}}" before your visit: {{formLink}} (valid until {{expiresOn}})'),
      tr: sms('{{storeName}}: lütfen ziyaretinizden önce "{{formName}}" formunu doldurun: {{formLink}} ({{expiresOn}} tarihine kadar geçerli)'),
      ar: sms('{{storeName}}: يرجى تعبئة "{{formName}}" قبل زيارتك: {{formLink}} (صالح حتى {{expiresOn}})'),
    },
  },
  'eform.code': {
    email: {
      en: {
        subject: 'Your code for the form from {{storeName}}',
        body: 'Hello {{patientName}},\n\nyour code to open "{{formName}}" is {{code}}. It is valid for 10 minutes. If you did not ask for it, please contact {{storeName}}.',
      },
      tr: {
        subject: '{{storeName}} formu için kodunuz',
        body: 'Merhaba {{patientName}},\n\n"{{formName}}" formunu açma kodunuz {{code}}. Kod 10 dakika geçerlidir. Bu kodu siz istemediyseniz lütfen {{storeName}} ile iletişime geçin.',
      },
      ar: {
        subject: 'رمزك لنموذج {{storeName}}',
        body: 'مرحبًا {{patientName}}،\n\nرمز فتح "{{formName}}" هو {{code}}. الرمز صالح لمدة 10 دقائق. إذا لم تطلبه، يرجى التواصل مع {{storeName}}.',
      },
    },
    sms: {
      en: sms('{{storeName}}: your form code is {{code}}. It is valid for 10 minutes.'),
      tr: sms('{{storeName}}: form kodunuz {{code}}. Kod 10 dakika geçerlidir.'),
      ar: sms('{{storeName}}: رمز النموذج هو {{code}}. صالح لمدة 10 دقائق.'),
    },
  },
  'auth.code': {
    email: {
      en: {
        subject: 'Your code from {{companyName}}',
        body: 'Hello {{userName}},\n\nyour code is {{code}}. It is valid for 10 minutes. If you did not ask for it, please contact your store.',
      },
      tr: {
        subject: '{{companyName}} kodunuz',
        body: 'Merhaba {{userName}},\n\nkodunuz {{code}}. Kod 10 dakika geçerlidir. Bu kodu siz istemediyseniz lütfen mağazanızla iletişime geçin.',
      },
      ar: {
        subject: 'رمزك من {{companyName}}',
        body: 'مرحبًا {{userName}}،\n\nرمزك هو {{code}}. صالح لمدة 10 دقائق. إذا لم تطلبه، يرجى التواصل مع متجرك.',
      },
    },
    sms: {
      en: sms('{{companyName}}: your code is {{code}}. It is valid for 10 minutes.'),
      tr: sms('{{companyName}}: kodunuz {{code}}. Kod 10 dakika geçerlidir.'),
      ar: sms('{{companyName}}: رمزك هو {{code}}. صالح لمدة 10 دقائق.'),
    },
  },
  'auth.reset': {
    email: {
      en: {
        subject: 'Your password reset code',
        body: 'Hello {{userName}},\n\nyour code to reset your password is {{code}}. It is valid for 10 minutes. If you did not ask for it, you can ignore this message.',
      },
      tr: {
        subject: 'Şifre sıfırlama kodunuz',
        body: 'Merhaba {{userName}},\n\nşifrenizi sıfırlama kodunuz {{code}}. Kod 10 dakika geçerlidir. Bu kodu siz istemediyseniz bu mesajı yok sayabilirsiniz.',
      },
      ar: {
        subject: 'رمز إعادة تعيين كلمة المرور',
        body: 'مرحبًا {{userName}}،\n\nرمز إعادة تعيين كلمة المرور هو {{code}}. صالح لمدة 10 دقائق. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',
      },
    },
    sms: {
      en: sms('{{companyName}}: your password reset code is {{code}}. It is valid for 10 minutes.'),
      tr: sms('{{companyName}}: şifre sıfırlama kodunuz {{code}}. Kod 10 dakika geçerlidir.'),
      ar: sms('{{companyName}}: رمز إعادة تعيين كلمة المرور هو {{code}}. صالح لمدة 10 دقائق.'),
    },
  },
  'user.invite': {
    email: {
      en: {
        subject: 'Your account at {{companyName}}',
        body: 'Hello {{userName}},\n\nan account was made for you at {{companyName}}. Sign in here with this email address and the temporary password {{temporaryPassword}} then choose your own:\n{{signInLink}}\n\nThe temporary password expires on {{expiresOn}}.',
      },
      tr: {
        subject: '{{companyName}} hesabınız',
        body: 'Merhaba {{userName}},\n\n{{companyName}} için sizin adınıza bir hesap açıldı. Bu e-posta adresi ve geçici şifre {{temporaryPassword}} ile buradan giriş yapın ve kendi şifrenizi belirleyin:\n{{signInLink}}\n\nGeçici şifre {{expiresOn}} tarihinde sona erer.',
      },
      ar: {
        subject: 'حسابك لدى {{companyName}}',
        body: 'مرحبًا {{userName}}،\n\nتم إنشاء حساب لك لدى {{companyName}}. سجّل الدخول من هنا بهذا البريد الإلكتروني وكلمة المرور المؤقتة {{temporaryPassword}} ثم اختر كلمة مرورك:\n{{signInLink}}\n\nتنتهي صلاحية كلمة المرور المؤقتة في {{expiresOn}}.',
      },
    },
    sms: {
      en: sms('{{companyName}}: an account was made for you. Sign in at {{signInLink}} before {{expiresOn}}.'),
      tr: sms('{{companyName}}: sizin için bir hesap açıldı. {{expiresOn}} tarihinden önce {{signInLink}} adresinden giriş yapın.'),
      ar: sms('{{companyName}}: تم إنشاء حساب لك. سجّل الدخول عبر {{signInLink}} قبل {{expiresOn}}.'),
    },
  },
  'appointment.reminder': {
    email: {
      en: {
        subject: 'Your visit at {{storeName}}',
        body: 'Dear {{patientName}},\n\nthis is a reminder of your {{appointmentType}} at {{storeName}} on {{appointmentTime}}.\n{{storeAddress}}\n\nPlease confirm or cancel your visit here: {{visitLink}}\n\nQuestions? Call us at {{storePhone}}.',
      },
      tr: {
        subject: '{{storeName}} randevunuz',
        body: 'Sayın {{patientName}},\n\n{{appointmentTime}} tarihinde {{storeName}} mağazasındaki {{appointmentType}} randevunuzu hatırlatırız.\n{{storeAddress}}\n\nRandevunuzu buradan onaylayın veya iptal edin: {{visitLink}}\n\nSorularınız için {{storePhone}} numarasından bizi arayın.',
      },
      ar: {
        subject: 'موعدك في {{storeName}}',
        body: 'عزيزي {{patientName}}،\n\nنذكّرك بموعد {{appointmentType}} في {{storeName}} بتاريخ {{appointmentTime}}.\n{{storeAddress}}\n\nيرجى تأكيد موعدك أو إلغاؤه من هنا: {{visitLink}}\n\nلأي استفسار اتصل بنا على {{storePhone}}.',
      },
    },
    sms: {
      en: sms('{{storeName}}: visit on {{appointmentTime}}. Reply C to confirm, X to cancel, or open {{visitLink}}. STOP to opt out.'),
      tr: sms('{{storeName}}: {{appointmentTime}} randevunuz. Onay için C, iptal için X yazın ya da {{visitLink}} açın. Durdurmak için STOP.'),
      ar: sms('{{storeName}}: موعدك في {{appointmentTime}}. أرسل C للتأكيد أو X للإلغاء أو افتح {{visitLink}}. أرسل STOP لإيقاف الرسائل.'),
    },
  },
  'booking.code': {
    email: {
      en: {
        subject: 'Your booking code from {{storeName}}',
        body: 'Hello {{patientName}},\n\nyour code to confirm your visit at {{storeName}} is {{code}}. It is valid for 10 minutes. If you did not ask for it, you can ignore this message.',
      },
      tr: {
        subject: '{{storeName}} randevu kodunuz',
        body: 'Merhaba {{patientName}},\n\n{{storeName}} ziyaretinizi onaylama kodunuz {{code}}. Kod 10 dakika geçerlidir. Bu kodu siz istemediyseniz bu mesajı dikkate almayın.',
      },
      ar: {
        subject: 'رمز الحجز من {{storeName}}',
        body: 'مرحبًا {{patientName}}،\n\nرمز تأكيد زيارتك إلى {{storeName}} هو {{code}}. الرمز صالح لمدة 10 دقائق. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',
      },
    },
    sms: {
      en: sms('{{storeName}}: your booking code is {{code}}. It is valid for 10 minutes.'),
      tr: sms('{{storeName}}: randevu kodunuz {{code}}. Kod 10 dakika geçerlidir.'),
      ar: sms('{{storeName}}: رمز الحجز هو {{code}}. صالح لمدة 10 دقائق.'),
    },
  },
  'appointment.booked': {
    email: {
      en: {
        subject: 'Your visit at {{storeName}} is booked',
        body: 'Dear {{patientName}},\n\nyour {{appointmentType}} at {{storeName}} with {{providerName}} is booked for {{appointmentTime}} (the store\'s local time).\n{{storeAddress}}\n\nIf you cannot come, please call us at {{storePhone}}.',
      },
      tr: {
        subject: '{{storeName}} ziyaretiniz ayarlandı',
        body: 'Sayın {{patientName}},\n\n{{storeName}} mağazasındaki {{appointmentType}} randevunuz {{providerName}} ile {{appointmentTime}} (mağazanın yerel saati) için ayarlandı.\n{{storeAddress}}\n\nGelemeyecekseniz lütfen {{storePhone}} numarasından bizi arayın.',
      },
      ar: {
        subject: 'تم حجز زيارتك لدى {{storeName}}',
        body: 'عزيزي {{patientName}}،\n\nتم حجز موعد {{appointmentType}} في {{storeName}} مع {{providerName}} بتاريخ {{appointmentTime}} (بالتوقيت المحلي للمتجر).\n{{storeAddress}}\n\nإذا لم تتمكن من الحضور، يرجى الاتصال بنا على {{storePhone}}.',
      },
    },
    sms: {
      en: sms('{{storeName}}: your {{appointmentType}} is booked for {{appointmentTime}} with {{providerName}}. Call {{storePhone}} to change it.'),
      tr: sms('{{storeName}}: {{appointmentType}} randevunuz {{appointmentTime}} için {{providerName}} ile ayarlandı. Değiştirmek için {{storePhone}} numarasını arayın.'),
      ar: sms('{{storeName}}: تم حجز {{appointmentType}} بتاريخ {{appointmentTime}} مع {{providerName}}. للتغيير اتصل على {{storePhone}}.'),
    },
  },
  'recall.reminder': {
    email: {
      en: {
        subject: 'Time for your next visit',
        body: 'Dear {{patientName}}, your next visit at {{storeName}} is due on {{dueDate}}. Please call us at {{storePhone}} or book online.',
      },
      tr: {
        subject: 'Bir sonraki ziyaretinizin zamanı geldi',
        body: 'Sayın {{patientName}}, {{storeName}} mağazasındaki bir sonraki ziyaretiniz {{dueDate}} tarihinde. Lütfen {{storePhone}} numarasından bizi arayın ya da çevrim içi randevu alın.',
      },
      ar: {
        subject: 'حان موعد زيارتك القادمة',
        body: 'عزيزي {{patientName}}، موعد زيارتك القادمة في {{storeName}} هو {{dueDate}}. يرجى الاتصال بنا على {{storePhone}} أو الحجز عبر الإنترنت.',
      },
    },
    sms: {
      en: sms('{{storeName}}: {{patientName}}, your next visit is due on {{dueDate}}. Call {{storePhone}} to book.'),
      tr: sms('{{storeName}}: {{patientName}}, bir sonraki ziyaretiniz {{dueDate}} tarihinde. Randevu için {{storePhone}} numarasını arayın.'),
      ar: sms('{{storeName}}: {{patientName}}، موعد زيارتك القادمة {{dueDate}}. للحجز اتصل على {{storePhone}}.'),
    },
  },
  'order.inProcess': {
    email: {
      en: {
        subject: 'Your order {{orderNumber}} is being made',
        body: 'Dear {{patientName}}, your order {{orderNumber}} at {{storeName}} is now {{orderStatus}}. We expect it on {{expectedDate}}. Follow it here: {{trackingLink}}',
      },
      tr: {
        subject: '{{orderNumber}} numaralı siparişiniz hazırlanıyor',
        body: 'Sayın {{patientName}}, {{storeName}} mağazasındaki {{orderNumber}} numaralı siparişinizin durumu: {{orderStatus}}. {{expectedDate}} tarihinde hazır olmasını bekliyoruz. Buradan takip edin: {{trackingLink}}',
      },
      ar: {
        subject: 'طلبك {{orderNumber}} قيد التجهيز',
        body: 'عزيزي {{patientName}}، حالة طلبك {{orderNumber}} في {{storeName}}: {{orderStatus}}. نتوقع جاهزيته في {{expectedDate}}. تابعه من هنا: {{trackingLink}}',
      },
    },
    sms: {
      en: sms('{{storeName}}: your order {{orderNumber}} is being made, expected {{expectedDate}}. Track it: {{trackingLink}}'),
      tr: sms('{{storeName}}: {{orderNumber}} numaralı siparişiniz hazırlanıyor, tahmini tarih {{expectedDate}}. Takip: {{trackingLink}}'),
      ar: sms('{{storeName}}: طلبك {{orderNumber}} قيد التجهيز، الموعد المتوقع {{expectedDate}}. تتبعه: {{trackingLink}}'),
    },
  },
  'order.ready': {
    email: {
      en: {
        subject: 'Your glasses are ready for pickup',
        body: 'Dear {{patientName}}, your order {{orderNumber}} is ready for pickup at {{storeName}}. Please bring this message or your ID. Questions? Call us at {{storePhone}}. Your order: {{trackingLink}}',
      },
      tr: {
        subject: 'Gözlüğünüz teslime hazır',
        body: 'Sayın {{patientName}}, {{orderNumber}} numaralı siparişiniz {{storeName}} mağazasında teslime hazır. Lütfen bu mesajı ya da kimliğinizi getirin. Sorularınız için {{storePhone}} numarasını arayın. Siparişiniz: {{trackingLink}}',
      },
      ar: {
        subject: 'نظارتك جاهزة للاستلام',
        body: 'عزيزي {{patientName}}، طلبك {{orderNumber}} جاهز للاستلام في {{storeName}}. يرجى إحضار هذه الرسالة أو هويتك. للاستفسار اتصل بنا على {{storePhone}}. طلبك: {{trackingLink}}',
      },
    },
    sms: {
      en: sms('{{storeName}}: {{patientName}}, your order {{orderNumber}} is ready for pickup. {{trackingLink}}'),
      tr: sms('{{storeName}}: {{patientName}}, {{orderNumber}} numaralı siparişiniz teslime hazır. {{trackingLink}}'),
      ar: sms('{{storeName}}: {{patientName}}، طلبك {{orderNumber}} جاهز للاستلام. {{trackingLink}}'),
    },
  },
  'sale.receipt': {
    email: {
      en: {
        subject: 'Your receipt {{invoiceNumber}} from {{storeName}}',
        body: 'Dear {{patientName}}, here is your receipt {{invoiceNumber}} of {{invoiceDate}}.\n\n{{lines}}\n\nTotal: {{total}}\nPaid: {{paid}}\nBalance: {{balance}}\n\nThank you. {{storeName}}, {{storePhone}}',
      },
      tr: {
        subject: '{{storeName}} makbuzunuz {{invoiceNumber}}',
        body: 'Sayın {{patientName}}, {{invoiceDate}} tarihli {{invoiceNumber}} numaralı makbuzunuz:\n\n{{lines}}\n\nToplam: {{total}}\nÖdenen: {{paid}}\nKalan: {{balance}}\n\nTeşekkür ederiz. {{storeName}}, {{storePhone}}',
      },
      ar: {
        subject: 'إيصالك {{invoiceNumber}} من {{storeName}}',
        body: 'عزيزي {{patientName}}، هذا إيصالك {{invoiceNumber}} بتاريخ {{invoiceDate}}.\n\n{{lines}}\n\nالإجمالي: {{total}}\nالمدفوع: {{paid}}\nالمتبقي: {{balance}}\n\nشكرًا لك. {{storeName}}، {{storePhone}}',
      },
    },
    sms: {
      en: sms('{{storeName}}: receipt {{invoiceNumber}}, total {{total}}, paid {{paid}}, balance {{balance}}.'),
      tr: sms('{{storeName}}: makbuz {{invoiceNumber}}, toplam {{total}}, ödenen {{paid}}, kalan {{balance}}.'),
      ar: sms('{{storeName}}: إيصال {{invoiceNumber}}، الإجمالي {{total}}، المدفوع {{paid}}، المتبقي {{balance}}.'),
    },
  },
  'inbox.notify': {
    email: {
      en: {
        subject: 'A new message from {{storeName}}',
        body: 'Dear {{patientName}}, {{storeName}} sent you a message. Sign in to read it: {{inboxLink}}',
      },
      tr: {
        subject: '{{storeName}} size yeni bir mesaj gönderdi',
        body: 'Sayın {{patientName}}, {{storeName}} size bir mesaj gönderdi. Okumak için giriş yapın: {{inboxLink}}',
      },
      ar: {
        subject: 'رسالة جديدة من {{storeName}}',
        body: 'عزيزي {{patientName}}، أرسل إليك {{storeName}} رسالة. سجّل الدخول لقراءتها: {{inboxLink}}',
      },
    },
    sms: {
      en: sms('{{storeName}}: you have a new message. Sign in to read it: {{inboxLink}}'),
      tr: sms('{{storeName}}: yeni bir mesajınız var. Okumak için giriş yapın: {{inboxLink}}'),
      ar: sms('{{storeName}}: لديك رسالة جديدة. سجّل الدخول لقراءتها: {{inboxLink}}'),
    },
  },
};

/** How a message to a walk-in customer (no patient record) names them, in the template's language. */
export const walkInGreeting: Record<TemplateLanguage, string> = { en: 'customer', tr: 'müşterimiz', ar: 'عميلنا' };

/** Account notices no store may change (a security notice must always say the same). */
export const fixedMessages = {
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
 * The sample patient of the editor's preview and test send: the demo patient Jane Doe and made-up values for the
 * rest (no patient record is read for a preview). The store's own name and phone fill the store fields.
 */
export const sampleFields: Record<string, string> = {
  patientName: 'Jane Doe',
  patientFirstName: 'Jane',
  userName: 'Jane Doe',
  formName: 'New Patient Intake',
  expiresOn: '12/31/2026',
  code: '123456',
  temporaryPassword: 'Temp-7Kq4-Xw2p',
  appointmentTime: '12/01/2026 10:30',
  appointmentType: 'eye exam',
  providerName: 'Sam Staff',
  dueDate: '01/15/2027',
  recallType: 'annual exam',
  orderNumber: '5001',
  orderStatus: 'ready for pickup',
  expectedDate: '12/05/2026',
  invoiceNumber: '1001',
  invoiceDate: '11/24/2026',
  lines: '1 × Frames: $120.00\n1 × Lenses: $80.00',
  total: '$200.00',
  paid: '$200.00',
  balance: '$0.00',
};
