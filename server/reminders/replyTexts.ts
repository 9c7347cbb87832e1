/**
 * The texts sent back to an SMS reply, in the patient's language (then the store's, then English). Built in, not
 * editable in the template editor: they answer a word the patient typed and must say what was done.
 */
import type { TemplateLanguage } from '../../src/contract/messageTemplates';
import type { AnswerKey } from './replies';

export const replyTexts: Record<AnswerKey, Record<TemplateLanguage, string>> = {
  confirmed: {
    en: '{{storeName}}: thank you, your visit on {{appointmentTime}} is confirmed.',
    tr: '{{storeName}}: teşekkürler, {{appointmentTime}} randevunuz onaylandı.',
    ar: '{{storeName}}: شكرًا، تم تأكيد موعدك في {{appointmentTime}}.',
  },
  alreadyConfirmed: {
    en: '{{storeName}}: your visit on {{appointmentTime}} is confirmed already.',
    tr: '{{storeName}}: {{appointmentTime}} randevunuz zaten onaylı.',
    ar: '{{storeName}}: موعدك في {{appointmentTime}} مؤكد بالفعل.',
  },
  cancelled: {
    en: '{{storeName}}: your visit on {{appointmentTime}} is cancelled. Call {{storePhone}} to book again.',
    tr: '{{storeName}}: {{appointmentTime}} randevunuz iptal edildi. Yeniden randevu için {{storePhone}} numarasını arayın.',
    ar: '{{storeName}}: تم إلغاء موعدك في {{appointmentTime}}. للحجز مجددًا اتصل على {{storePhone}}.',
  },
  cancelTooLate: {
    en: '{{storeName}}: visits can be cancelled by text up to {{hours}} hours before the start. Please call {{storePhone}}.',
    tr: '{{storeName}}: randevular başlangıçtan en geç {{hours}} saat önce mesajla iptal edilebilir. Lütfen {{storePhone}} numarasını arayın.',
    ar: '{{storeName}}: يمكن إلغاء المواعيد برسالة حتى {{hours}} ساعة قبل البدء. يرجى الاتصال على {{storePhone}}.',
  },
  cancelNotAllowed: {
    en: '{{storeName}}: visits cannot be cancelled by text. Please call {{storePhone}}.',
    tr: '{{storeName}}: randevular mesajla iptal edilemez. Lütfen {{storePhone}} numarasını arayın.',
    ar: '{{storeName}}: لا يمكن إلغاء المواعيد برسالة. يرجى الاتصال على {{storePhone}}.',
  },
  noAppointment: {
    en: '{{storeName}}: we found no upcoming visit to answer. Please call {{storePhone}}.',
    tr: '{{storeName}}: yanıtlanacak yaklaşan bir randevu bulamadık. Lütfen {{storePhone}} numarasını arayın.',
    ar: '{{storeName}}: لم نجد موعدًا قادمًا للرد عليه. يرجى الاتصال على {{storePhone}}.',
  },
  optedOut: {
    en: '{{storeName}}: you will get no more texts from us. Reply START to get them again.',
    tr: '{{storeName}}: artık bizden mesaj almayacaksınız. Yeniden almak için START yazın.',
    ar: '{{storeName}}: لن تصلك رسائل منا بعد الآن. أرسل START لاستلامها مجددًا.',
  },
  optedIn: {
    en: '{{storeName}}: you will get our texts again. Reply STOP to stop them.',
    tr: '{{storeName}}: mesajlarımızı yeniden alacaksınız. Durdurmak için STOP yazın.',
    ar: '{{storeName}}: ستصلك رسائلنا مجددًا. أرسل STOP لإيقافها.',
  },
};
