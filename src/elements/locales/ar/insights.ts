import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) =>
    plural(count, {
      zero: '# جلسة',
      one: 'جلسة واحدة',
      two: 'جلستان',
      few: '# جلسات',
      many: '# جلسة',
      other: '# جلسة',
    });
  return {
    head: 'الإنسان الرقمي',
    allHeads: 'كل البشر الرقميين',
    from: 'من',
    to: 'إلى',
    refresh: 'تحديث',
    rangeMissing: 'يُرجى اختيار اليوم الأول واليوم الأخير.',
    rangeReversed: 'اليوم الأول بعد اليوم الأخير: يُرجى اختيار يوم أول أبكر.',
    rangeTooLong: (max) =>
      `لا تتجاوز الفترة ${plural(max, { one: 'يومًا واحدًا', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' })}: يُرجى اختيار يوم أول لاحق أو يوم أخير سابق.`,
    loading: 'جارٍ تحميل الإحصاءات…',
    loadFailed: 'تعذّر تحميل الإحصاءات.',
    empty: 'لا توجد محادثات بعد — إليك طريقة تفعيل أحداث الجلسات.',
    emptyHow:
      'تحسب الإحصاءات أحداث الجلسات التي ترسلها المنصة إلى الخادم الوسيط لهذا الموقع. لكل إنسان رقمي، يُرجى توجيه webhook إلى الخادم الوسيط وتفعيل الإرسال:',
    emptyHelp: 'طريقة تفعيل أحداث الجلسات',
    keptDays: (days) =>
      `يحتفظ هذا الخادم بآخر ${plural(days, { zero: '# يوم', one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' })}: تظهر الأيام الأقدم فارغة.`,
    sessions: 'الجلسات',
    minutes: 'دقائق المحادثة',
    medianMinutes: 'وسيط مدة الجلسة بالدقائق',
    timeoutShare: 'الجلسات المنتهية بانقضاء المهلة',
    launchToSession: 'عمليات التشغيل التي أصبحت جلسات',
    perDay: 'الجلسات في اليوم',
    perDaySummary: (from, to, total, busiest, most) =>
      `الجلسات في اليوم من ${from} إلى ${to}: ${n(total)} إجمالًا، وأكثرها في ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'الجلسات حسب ساعة اليوم (UTC)',
    byHourSummary: (busiest, most) =>
      `الجلسات حسب ساعة اليوم بتوقيت UTC: أكثرها في الساعة ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'العرض كجدول',
    day: 'اليوم',
    hour: 'الساعة (UTC)',
    questions: 'الأسئلة الأكثر تكرارًا',
    asked: (count) =>
      plural(count, {
        zero: '# مرة',
        one: 'مرة واحدة',
        two: 'مرتان',
        few: '# مرات',
        many: '# مرة',
        other: '# مرة',
      }),
    noQuestions: 'لا توجد أسئلة في هذه الفترة. تُحسب الأسئلة للبشر الرقميين في وضع المكوّن الإضافي.',
    questionsOff: 'لا يحتفظ هذا الخادم بنص الأسئلة.',
    csv: 'تنزيل الأيام بصيغة CSV',
  } satisfies InsightsMessages;
};
