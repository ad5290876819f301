import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  /** "5 ساعات و20 دقيقة" (after بعد: two in the genitive). */
  const hoursAndMinutes = (hours: number, minutes: number) =>
    [
      hours && plural(hours, { one: 'ساعة واحدة', two: 'ساعتين', few: '# ساعات', other: '# ساعة' }),
      (minutes || !hours) &&
        plural(minutes, { one: 'دقيقة واحدة', two: 'دقيقتين', few: '# دقائق', other: '# دقيقة' }),
    ]
      .filter(Boolean)
      .join(' و');

  return {
    label: 'النص الذي سيقوله الإنسان الرقمي',
    noHead: (attribute) =>
      `لم يتم اختيار إنسان رقمي: يُرجى ضبط ${attribute} لإنشاء مقاطع الفيديو الخاصة به وعرضها.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) =>
      plural(max, {
        zero: 'حرف',
        one: 'حرف',
        two: 'حرفان',
        few: 'أحرف',
        many: 'حرفًا',
        other: 'حرف',
      }),
    textEmpty: 'يُرجى كتابة النص الذي سيقوله الإنسان الرقمي.',
    textTooLong: (max) =>
      `يجب ألا يتجاوز النص ${plural(max, { one: 'حرفًا واحدًا', two: 'حرفين', few: '# أحرف', many: '# حرفًا', other: '# حرف' })}.`,
    generate: 'إنشاء فيديو',
    shortcut: 'اضغط Ctrl+Enter (⌘+Enter) للإرسال.',
    sending: 'جارٍ إرسال النص…',
    producing: 'جارٍ إنشاء الفيديو…',
    producingStarted: 'جارٍ إنشاء الفيديو. قد يستغرق ذلك بضع دقائق.',
    stillProducing: (time) => `لا يزال إنشاء الفيديو جاريًا. الوقت المنقضي: ${time}.`,
    elapsed: (time) => `الوقت المنقضي: ${time}`,
    stop: 'إيقاف الانتظار',
    stoppedAnnouncement: 'تم إيقاف انتظار الفيديو.',
    stopped:
      'تم إيقاف الانتظار. قد تُنشئ المنصة هذا الفيديو رغم ذلك، وعندها سيظهر بين مقاطع الفيديو السابقة.',
    waitingAgain: 'جارٍ انتظار الفيديو مرة أخرى.',
    ready: 'الفيديو جاهز.',
    timedOut: (time) =>
      `لم يصبح الفيديو جاهزًا بعد مرور ${time}. ربما لا تزال المنصة تُنشئه، وعندها سيظهر بين مقاطع الفيديو السابقة.`,
    keepWaiting: 'مواصلة الانتظار',
    capReached: (hours, minutes) =>
      `تم بلوغ الحد اليومي لمقاطع الفيديو: لا يمكن إنشاء المزيد اليوم. تتم إعادة ضبط الحد عند منتصف الليل بالتوقيت العالمي (UTC)، أي بعد ${hoursAndMinutes(hours, minutes)} تقريبًا.`,
    requestFailed: 'تعذّر طلب الفيديو.',
    checkFailed: 'تعذّر التحقق من حالة الفيديو.',
    listFailed: 'تعذّر تحميل مقاطع الفيديو.',
    refused: () => '',
    downloadFailed: 'تعذّر تنزيل الفيديو.',
    unplayable: 'تعذّر تشغيل الفيديو: الملف مفقود أو بتنسيق لا يدعمه هذا المتصفح.',
    download: 'تنزيل الفيديو (MP4)',
    earlier: 'مقاطع الفيديو السابقة',
    loading: 'جارٍ تحميل مقاطع الفيديو…',
    empty: 'لا توجد مقاطع فيديو بعد. اكتب نصًا في الأعلى ثم اضغط «إنشاء فيديو».',
    pages: 'صفحات مقاطع الفيديو السابقة',
    previous: 'السابق',
    next: 'التالي',
    page: (page, count) => `الصفحة ${n(page)} من ${n(count)}`,
  } satisfies VideoStudioMessages;
};
