import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: '読み込み中…',
    notLoaded: '読み込み失敗',
    gender: '性別',
    allGenders: 'すべて',
    female: '女性',
    male: '男性',
    clearFilters: 'フィルターをクリア',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}～${n(b)}`).join('、') +
      '番目' +
      (more ? `（ほか${n(more)}ページ）` : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: '顔',
    required: '顔を選択してください。',
    name: '名前',
    search: '顔を検索',
    loadingList: '顔を読み込んでいます…',
    loadFailed: '顔を読み込めませんでした。',
    pagesFailed: (items) => `${items}の顔を読み込めませんでした。`,
    results: (count) => `${n(count)}件の顔`,
    // Listed in "条件（…）".
    byName: (q) => `名前「${q}」`,
    femaleFaces: '性別：女性',
    maleFaces: '性別：男性',
    noMatch: (filters) => `条件（${filters.join('、')}）に一致する顔はありません。`,
    empty: 'まだ顔がありません。カタログが空です。',
    widen: '検索条件を広げるか、',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: '音声',
    required: '音声を選択してください。',
    search: '検索',
    searchHint: '名前、言語、プロバイダー',
    provider: 'プロバイダー',
    allProviders: 'すべてのプロバイダー',
    language: '言語',
    allLanguages: 'すべての言語',
    allLocales: (language) => `${language}（すべて）`,
    loadingList: '音声を読み込んでいます…',
    loadFailed: '音声を読み込めませんでした。',
    pagesFailed: (items) => `${items}の音声を読み込めませんでした。`,
    results: (count) => `${n(count)}件の音声`,
    streamingNote: (provider) =>
      `ストリーミングアバターは${provider ?? 'ストリーミング用プロバイダー'}の音声にのみ対応しています。`,
    streamingOnly: (provider) =>
      `${provider}の音声から選択してください。ストリーミングアバターはそれ以外の音声に対応していません。`,
    // Listed in "条件（…）".
    byText: (q) => `「${q}」`,
    byProvider: (provider) => `プロバイダー：${provider}`,
    byLanguage: (language) => `言語：${language}`,
    femaleVoices: '性別：女性',
    maleVoices: '性別：男性',
    noMatch: (filters, streamingProvider) =>
      streamingProvider
        ? `${streamingProvider}の音声（ストリーミングアバター用）のうち、条件（${filters.join('、')}）に一致するものはありません。`
        : `条件（${filters.join('、')}）に一致する音声はありません。`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `${streamingProvider}の音声（ストリーミングアバター用）に、利用できるものはありません。`
        : '利用できる音声はありません。',
    widen: '検索条件またはフィルターを広げてください。',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
