import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'Ładowanie…',
    notLoaded: 'Nie załadowano',
    gender: 'Płeć',
    allGenders: 'Wszystkie',
    female: 'Kobieta',
    male: 'Mężczyzna',
    clearFilters: 'Wyczyść filtry',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more
        ? plural(more, {
            one: ' i jeszcze # strona',
            few: ' i jeszcze # strony',
            many: ' i jeszcze # stron',
            other: ' i jeszcze # strony',
          })
        : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Twarz',
    required: 'Wybierz twarz.',
    name: 'Nazwa',
    search: 'Szukaj twarzy',
    loadingList: 'Ładowanie twarzy…',
    loadFailed: 'Nie udało się załadować twarzy.',
    pagesFailed: (items) => `Nie udało się załadować twarzy ${items}.`,
    results: (count) =>
      plural(count, { one: '# twarz', few: '# twarze', many: '# twarzy', other: '# twarzy' }),
    // After "Brak wyników dla:", in the nominative.
    byName: (q) => `nazwa „${q}”`,
    femaleFaces: 'twarze kobiece',
    maleFaces: 'twarze męskie',
    noMatch: (filters) => `Brak wyników dla: ${list(filters)}.`,
    empty: 'Nie ma jeszcze żadnych twarzy: katalog jest pusty.',
    widen: 'Rozszerz wyszukiwanie lub',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Głos',
    required: 'Wybierz głos.',
    search: 'Szukaj',
    searchHint: 'Nazwa, język lub dostawca',
    provider: 'Dostawca',
    allProviders: 'Wszyscy dostawcy',
    language: 'Język',
    allLanguages: 'Wszystkie języki',
    allLocales: (language) => `${language} (wszystkie warianty)`,
    loadingList: 'Ładowanie głosów…',
    loadFailed: 'Nie udało się załadować głosów.',
    pagesFailed: (items) => `Nie udało się załadować głosów ${items}.`,
    results: (count) =>
      plural(count, { one: '# głos', few: '# głosy', many: '# głosów', other: '# głosu' }),
    streamingNote: (provider) =>
      provider
        ? `Awatary strumieniowe obsługują tylko głosy dostawcy ${provider}.`
        : 'Awatary strumieniowe obsługują tylko głosy dostawcy streamingu.',
    streamingOnly: (provider) =>
      `Wybierz głos dostawcy ${provider}: awatary strumieniowe obsługują tylko takie głosy.`,
    // After "Brak wyników dla:", in the nominative.
    byText: (q) => `„${q}”`,
    byProvider: (provider) => `dostawca ${provider}`,
    byLanguage: (language) => `język ${language}`,
    femaleVoices: 'głosy żeńskie',
    maleVoices: 'głosy męskie',
    noMatch: (filters, streamingProvider) =>
      `Brak wyników dla: ${list(filters)}${streamingProvider ? ` wśród głosów dostawcy ${streamingProvider} (awatary strumieniowe)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `Brak dostępnych głosów dostawcy ${streamingProvider} (awatary strumieniowe).`
        : 'Brak dostępnych głosów.',
    widen: 'Rozszerz wyszukiwanie lub zmień filtry.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
