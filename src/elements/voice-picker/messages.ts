import { formats } from '../shared/formats.js';
import { pickerMessages } from '../shared/picker-messages.js';

const { plural } = formats('en');

/** The English messages of `<dh-voice-picker>` (the catalogue's `voicePicker` section; see elements/localized.ts). */
export const voicePickerMessages = {
  ...pickerMessages,
  /** The list's accessible name (the `label` property overrides it). */
  label: 'Voice',
  required: 'Please choose a voice.',
  /** The search box's label, and its placeholder. */
  search: 'Search',
  searchHint: 'Name, language or provider',
  /** The provider filter (azure, elevenlabs…: the platform's names). */
  provider: 'Provider',
  allProviders: 'All providers',
  language: 'Language',
  allLanguages: 'All languages',
  /** A language with several locales, all of them together (`English (all)`; then `English (en-GB)`…). */
  allLocales: (language: string): string => `${language} (all)`,
  loadingList: 'Loading voices…',
  loadFailed: 'The voices could not be loaded.',
  /** `items`: positions such as `101–200` (see failedItems). */
  pagesFailed: (items: string): string => `Voices ${items} could not be loaded.`,
  results: (count: number): string => plural(count, { one: '# voice', other: '# voices' }),
  /** The note of a streaming head's list; `provider` unknown until the first answer. */
  streamingNote: (provider?: string): string =>
    `Streaming avatars support only the ${provider ?? 'streaming provider’s'} voices.`,
  /** Why a chosen voice was dropped when `streaming` was set (validationMessage). */
  streamingOnly: (provider: string): string =>
    `Choose one of the ${provider} voices: streaming avatars support only them.`,
  /** Filters that left no voice, in `noMatch`: the search text as typed, a provider, a language name (`English`, `English (en-GB)`). */
  byText: (q: string): string => `“${q}”`,
  byProvider: (provider: string): string => `the provider ${provider}`,
  byLanguage: (language: string): string => `the language ${language}`,
  femaleVoices: 'female voices',
  maleVoices: 'male voices',
  /** `filters`: the filters set (byText…); `streamingProvider`: set for a streaming head's list. */
  noMatch: (filters: string[], streamingProvider?: string): string =>
    `No voice matches ${filters.join(' and ')}${streamingProvider ? ` among the ${streamingProvider} voices (streaming avatars)` : ''}.`,
  /** No filter, and no voice (`streamingProvider`: of a streaming head's list). */
  noVoices: (streamingProvider?: string): string =>
    `No voice is available${streamingProvider ? ` among the ${streamingProvider} voices (streaming avatars)` : ''}.`,
  /** After noMatch, followed by the "Clear filters" button. */
  widen: 'Widen the search or the filters.',
};
export type VoicePickerMessages = typeof voicePickerMessages;
