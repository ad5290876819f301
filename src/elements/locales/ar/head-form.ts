import type { HeadFormMessages } from '../../head-form/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, list }: Formats) => {
  /** Why the platform refused the avatar, by error code (other codes: the shared texts). */
  const refusals: Record<string, string> = {
    invalid_request: 'لم تقبل المنصة البيانات المُدخلة. راجِع الحقول.',
    platform_bad_request: 'رفضت المنصة الطلب. راجِع البيانات المُدخلة.',
    voice_not_available: 'هذا الصوت غير متاح على المنصة. اختر صوتًا آخر.',
    not_found: 'لم تعثر المنصة على شيء يستخدمه الأفاتار: تحقّق من الوجه والصوت.',
    platform_auth_failed:
      'اتصال هذا الموقع بمنصة الأفاتار غير مُعدّ بشكل صحيح. التفاصيل في سجل الخادم.',
    platform_forbidden:
      'حساب هذا الموقع على منصة الأفاتار لا يسمح بهذا الإجراء حاليًا. التفاصيل في سجل الخادم.',
    platform_busy: 'المنصة مشغولة جدًا الآن. حاول مرة أخرى بعد دقيقة.',
    platform_timeout: 'استغرقت المنصة وقتًا طويلًا للرد. حاول مرة أخرى بعد قليل.',
    platform_unavailable: 'المنصة لا تستجيب حاليًا. حاول مرة أخرى بعد قليل.',
    store_unavailable: 'الخادم مشغول مؤقتًا. حاول مرة أخرى بعد بضع ثوانٍ.',
  };

  return {
    name: 'اسم الأفاتار',
    alias: 'الاسم المستعار',
    face: 'الوجه',
    voice: 'الصوت',
    language: 'اللغة',
    recognition: 'التعرّف على الكلام',
    mode: 'وضع التشغيل',
    pluginName: 'اسم المكوّن الإضافي',
    pluginUrl: 'عنوان الخدمة',
    pluginOptions: 'الخيارات',
    flowKey: 'مفتاح API لـ Voiceflow',
    greetings: 'التحية',
    prompt: 'موجّه النظام',
    suggestions: 'الاقتراحات',

    oc: 'محادثة مفتوحة',
    ttt: 'نص إلى فيديو (يكرّر النص الذي يُعطى له)',
    doc_qa: 'إجابات من المستندات',
    plugin: 'مكوّن إضافي (خدمة المحادثة الخاصة بك)',
    voiceflow: 'Voiceflow (منصة لتصميم المحادثات)',

    namePlaceholder: 'ليلى',
    streaming: 'أفاتار البث المباشر',
    streamingHint:
      'فيديو في الوقت الفعلي. محادثة مفتوحة فقط، وأصوات مزوّد البث فقط (تذكره قائمة الأصوات)، بلا تحية أو اسم مستعار أو اقتراحات؛ ويُوقَف تقسيم الجمل بعد الإنشاء.',
    aliasHint: 'اسم آخر يستجيب له الأفاتار (اختياري).',
    sameLanguage: 'مثل اللغة',
    modeHint: 'تستخدم أفاتارات البث المباشر المحادثة المفتوحة.',
    docQa:
      'تُرفَع مستندات أفاتار doc_qa عبر أدوات المنصة نفسها، ولا تقبلها واجهة API هذه. أنشئ الأفاتار هنا، ثم أضِف قاعدة معارفه على المنصة.',
    flowKeyHint:
      'تجده في إعدادات التكامل لمشروعك على Voiceflow. يُرسَل إلى المنصة مرة واحدة ولن يُعرض مرة أخرى.',
    greetingsPlaceholder: 'مرحبًا! كيف يمكنني المساعدة؟',
    greetingsHint: 'أول ما يقوله الأفاتار (اختياري).',
    promptHint: 'طريقة تصرّف الأفاتار، مثل: «أنت مرشد ودود لمتجرنا».',
    suggestionsHint: 'أسئلة تُعرض على الزائر، سؤال في كل سطر (اختياري).',
    pluginGroup: 'المكوّن الإضافي',
    pluginUrlHint: 'ترسل المنصة كل رسالة إلى هذا العنوان + /conversation/{user}/message.',
    ownPlugin: 'المكوّن الإضافي لهذا الموقع:',
    ownPluginPrivate: '(خاص: يحتوي على سرّ الاستدعاء الراجع).',
    pluginOptionsHint: 'تُرسَل إلى خدمتك مع كل رسالة: زوج مفتاح=قيمة واحد في كل سطر (اختياري).',

    create: 'إنشاء الأفاتار',
    creating: 'جارٍ الإنشاء…',
    clear: 'مسح',
    finish: 'إيقاف تقسيم الجمل',
    progress: 'جارٍ إنشاء الأفاتار…',
    progressStreaming: 'جارٍ إنشاء الأفاتار، ثم إيقاف تقسيم الجمل…',

    nameMissing: 'أدخِل اسمًا للأفاتار.',
    faceMissing: 'اختر وجهًا للأفاتار.',
    voiceMissing: 'اختر صوتًا.',
    pluginNameMissing: 'أدخِل اسمًا للمكوّن الإضافي.',
    pluginUrlInvalid:
      'أدخِل عنوان خدمة المحادثة الخاصة بك، مثل https://bot.example.com/api (تضيف المنصة إليه /conversation/…).',
    pluginOptionsLine: (line) =>
      `اكتب خيارًا واحدًا في كل سطر بصيغة مفتاح=قيمة (السطر ${n(line)} ليس كذلك).`,
    flowKeyMissing: 'الصق مفتاح API الخاص بمشروعك على Voiceflow.',

    checkFields: (fields) => `لم يُنشأ الأفاتار. تحقّق من: ${list(fields)}.`,
    notCreated: (why) => `لم يُنشأ الأفاتار. ${why}`,
    unexpected: 'تعذّر إنشاء الأفاتار. حاول مرة أخرى.',
    seeMarked: 'لم تقبل المنصة الأفاتار: راجِع الحقول المُعلَّمة.',
    refused: (code) => refusals[code] ?? '',
    fieldRefused: (code) =>
      code === 'voice_not_available' ? refusals[code]! : 'لم تقبل المنصة هذه القيمة.',
    splitterFailed: (name) =>
      `أُنشئ الأفاتار ${name}، لكن المنصة لم توقف تقسيم الجمل، وهذا ما يتطلبه أفاتار البث المباشر.`,
    splitterStillOn: (why) => `ما زال تقسيم الجمل مفعّلًا. ${why ?? 'حاول مرة أخرى.'}`,

    ready: (name) => `الأفاتار ${name} جاهز`,
    headId: 'معرّف الأفاتار',
    publicId: 'المعرّف العام',
    modeTerm: 'الوضع',
    streamingResult: (mode) => `${mode}، بث مباشر (تقسيم الجمل متوقف)`,
    another: 'إنشاء أفاتار آخر',

    embedTitle: 'رمز التضمين',
    embedHint: 'الصقه في أي صفحة أو في كتلة HTML في نظام إدارة المحتوى لديك.',
    noBundle:
      'لا يقدّم هذا الخادم حزمة dh-kit: حمّل الحزمة في تلك الصفحة أولًا (عبر npm أو شبكة CDN التي تستخدمها).',
    layout: 'طريقة العرض',
    inline: 'داخل الصفحة',
    bubble: 'فقاعة دردشة',
    copy: 'نسخ',
    copied: 'تم النسخ.',
    selected: 'تم التحديد: اضغط Ctrl+C (⌘C) للنسخ.',
    whereTitle: 'أين ستلصق هذا الرمز؟',
    whereHint: 'لا تعرض صفحة على موقع آخر الأفاتار إلا بعد السماح لذلك الموقع هنا.',
    allowedNow: (list) => `المسموح بها الآن: ${list}.`,
    onlyThisSite: 'المسموح بها الآن: صفحات هذا الموقع فقط.',
    whereLabel: 'عنوان الصفحة أو الموقع',
    allow: 'السماح لهذا الموقع',
    allowedDone: (origin) => `يمكن لـ ${origin} عرض الأفاتار الآن.`,
    notAnAddress: 'أدخل عنوان موقع، مثل https://shop.example.',
    allowFailed: 'تعذّر السماح للموقع. حاول مرة أخرى، أو اسأل مسؤول الخادم.',
  } satisfies HeadFormMessages;
};
