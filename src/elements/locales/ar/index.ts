/** Arabic (العربية): every element's messages (added by register.ts, or fetched by auto.ts when an element first shows Arabic).
 * Register: Modern Standard Arabic; messages ask impersonally ("يُرجى …"); controls that name an
 * action are verbal nouns ("إغلاق", "إعادة المحاولة"), those that invite the visitor are addressed
 * to them ("تحدث مع …", "اختر …"), as Arabic interfaces write them.
 */
import type { VisitorCode } from '../../../api/errors.js';
import type { Catalogue } from '../../localized.js';
import type { Formats } from '../../shared/formats.js';
import avatar from './avatar.js';
import headForm from './head-form.js';
import insights from './insights.js';
import pickers from './pickers.js';
import videoStudio from './video-studio.js';

/** What a visitor reads for each error code (see shared/messages.ts); others get the last line. */
const errors: Record<VisitorCode, string> = {
  network: 'تعذّر الوصول إلى الخدمة الآن. يُرجى إعادة المحاولة بعد قليل.',
  offline: 'أنت غير متصل بالإنترنت. يُرجى التحقق من الاتصال وإعادة المحاولة.',
  rate_limited: 'هناك طلبات كثيرة جدًا حاليًا. يُرجى إعادة المحاولة بعد قليل.',
  launch_expired: 'انتهت صلاحية رابط المحادثة هذا. يُرجى إعادة تحميل الصفحة.',
  launch_invalid: 'رابط المحادثة هذا غير صالح. يُرجى إعادة تحميل الصفحة.',
  head_not_published: 'هذا الإنسان الرقمي غير متاح على هذا الموقع.',
  not_found: 'غير موجود.',
  stream_unavailable: 'عرض الفيديو غير متاح على هذا الموقع.',
  unsafe_url: 'تم رفض رابط المحادثة هذا لأسباب أمنية.',
  admin_required: 'يتطلب هذا تسجيل الدخول كمسؤول.',
  admin_closed: 'منطقة الإدارة مغلقة على هذا الخادم.',
  video_cap_reached: 'تم بلوغ الحد اليومي لمقاطع الفيديو. يُرجى المحاولة مجددًا غدًا.',
  video_timeout:
    'الفيديو غير جاهز بعد. إذا كان لا يزال قيد الإنشاء، فسيظهر لاحقًا بين مقاطع الفيديو السابقة.',
  video_unavailable: 'تعذّر جلب الفيديو. يُرجى إعادة المحاولة بعد قليل.',
  video_unplayable: 'تعذّر تشغيل هذا الفيديو.',
  platform_unavailable: 'منصة الأفاتار لا تستجيب حاليًا. يُرجى إعادة المحاولة بعد قليل.',
  platform_timeout: 'استغرقت منصة الأفاتار وقتًا طويلًا في الرد. يُرجى إعادة المحاولة بعد قليل.',
  platform_busy: 'منصة الأفاتار مشغولة حاليًا. يُرجى إعادة المحاولة بعد قليل.',
  platform_auth_failed:
    'اتصال هذا الموقع بمنصة الأفاتار غير مُعدّ بشكل صحيح. يجد مالك الموقع التفاصيل في سجل الخادم.',
  platform_forbidden:
    'لا يسمح حساب هذا الموقع على منصة الأفاتار بهذا الإجراء حاليًا. يجد مالك الموقع التفاصيل في سجل الخادم.',
  head_busy: 'هذا الإنسان الرقمي يتحدث الآن مع زوار آخرين. حاول مرة أخرى بعد دقيقة.',
  head_budget_spent: 'لم يعد لدى هذا الإنسان الرقمي وقت للمحادثات اليوم. عُد غدًا من فضلك.',
  visitor_daily_limit: 'لقد استنفدت محادثات اليوم هنا. عُد غدًا من فضلك.',
};

/** The catalogue, given the formats of this locale (the kit passes them: this module imports nothing). */
export default (f: Formats): Catalogue => ({
  shared: {
    error: (code) => errors[code as VisitorCode] ?? 'حدث خطأ ما. يُرجى إعادة المحاولة.',
    tryAgain: 'إعادة المحاولة',
  },
  avatar: avatar(f),
  ...pickers(f),
  headForm: headForm(f),
  videoStudio: videoStudio(f),
  insights: insights(f),
});
