import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'جارٍ التحميل…',
    notLoaded: 'لم يُحمَّل',
    gender: 'الجنس',
    allGenders: 'الكل',
    female: 'أنثى',
    male: 'ذكر',
    clearFilters: 'مسح عوامل التصفية',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join('، ') +
      (more
        ? plural(more, {
            one: ' وصفحة أخرى',
            two: ' وصفحتان أخريان',
            few: ' و# صفحات أخرى',
            many: ' و# صفحةً أخرى',
            other: ' و# صفحة أخرى',
          })
        : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'الوجه',
    required: 'يُرجى اختيار وجه.',
    name: 'الاسم',
    search: 'ابحث عن وجه',
    loadingList: 'جارٍ تحميل الوجوه…',
    loadFailed: 'تعذّر تحميل الوجوه.',
    pagesFailed: (items) => `تعذّر تحميل الوجوه ${items}.`,
    results: (count) =>
      plural(count, {
        zero: 'لا توجد وجوه',
        one: 'وجه واحد',
        two: 'وجهان',
        few: '# وجوه',
        many: '# وجهًا',
        other: '# وجه',
      }),
    // After "لا توجد نتائج تطابق".
    byName: (q) => `الاسم «${q}»`,
    femaleFaces: 'الوجوه الأنثوية',
    maleFaces: 'الوجوه الذكورية',
    noMatch: (filters) => `لا توجد نتائج تطابق ${list(filters)}.`,
    empty: 'لا توجد وجوه بعد: الكتالوج فارغ.',
    widen: 'وسّع نطاق البحث أو',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'الصوت',
    required: 'يُرجى اختيار صوت.',
    search: 'بحث',
    searchHint: 'الاسم أو اللغة أو المزوّد',
    provider: 'المزوّد',
    allProviders: 'كل المزوّدين',
    language: 'اللغة',
    allLanguages: 'كل اللغات',
    allLocales: (language) => `${language} (كل اللهجات)`,
    loadingList: 'جارٍ تحميل الأصوات…',
    loadFailed: 'تعذّر تحميل الأصوات.',
    pagesFailed: (items) => `تعذّر تحميل الأصوات ${items}.`,
    results: (count) =>
      plural(count, {
        zero: 'لا توجد أصوات',
        one: 'صوت واحد',
        two: 'صوتان',
        few: '# أصوات',
        many: '# صوتًا',
        other: '# صوت',
      }),
    streamingNote: (provider) =>
      `لا تدعم الأفاتارات بالبث المباشر سوى أصوات ${provider ?? 'مزوّد البث'}.`,
    streamingOnly: (provider) =>
      `اختر أحد أصوات ${provider}: لا تدعم الأفاتارات بالبث المباشر سواها.`,
    // After "لا توجد نتائج تطابق".
    byText: (q) => `«${q}»`,
    byProvider: (provider) => `المزوّد ${provider}`,
    byLanguage: (language) => `اللغة ${language}`,
    femaleVoices: 'الأصوات الأنثوية',
    maleVoices: 'الأصوات الذكورية',
    noMatch: (filters, streamingProvider) =>
      `لا توجد نتائج تطابق ${list(filters)}${streamingProvider ? ` بين أصوات ${streamingProvider} (الأفاتارات بالبث المباشر)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `لا يتوفر أي صوت بين أصوات ${streamingProvider} (الأفاتارات بالبث المباشر).`
        : 'لا يتوفر أي صوت.',
    widen: 'وسّع نطاق البحث أو عوامل التصفية.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
