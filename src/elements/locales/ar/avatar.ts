import type { AvatarMessages } from '../../avatar/messages.js';
import type { Formats } from '../../shared/formats.js';

export default (_: Formats) => {
  return {
    title: (name) => (name ? `${name}، إنسان رقمي` : 'إنسان رقمي'),
    talkTo: (name) => (name ? `تحدث مع ${name}` : 'تحدث مع الإنسان الرقمي'),
    talkToUs: 'تحدث معنا',
    speaks: (language) => `يتحدث ${language}`,
    // "بـ" then a space: the name may be in Latin letters.
    connecting: (name) => (name ? `جارٍ الاتصال بـ ${name}…` : 'جارٍ الاتصال بالإنسان الرقمي…'),
    micBlocked: 'لا تسمح هذه الصفحة باستخدام الميكروفون، لذا يمكنك الكتابة دون التحدث.',
    unavailable: (name) => `${name ?? 'الإنسان الرقمي'} غير متاح حاليًا.`,
    close: 'إغلاق',
    closeLabel: (title) => `إغلاق ${title}`,
    unread: 'رسالة جديدة',
    dismiss: 'إخفاء',
    consentNotice: 'ترسل هذه المحادثة صوتك وما تكتبه إلى خدمة للإنسان الرقمي.',
    consentLink: 'إشعار الخصوصية',
    acceptAndTalk: 'وافق وتحدث',
  } satisfies AvatarMessages;
};
