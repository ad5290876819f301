import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'Wird geladen …',
    notLoaded: 'Nicht geladen',
    gender: 'Geschlecht',
    allGenders: 'Alle',
    female: 'Weiblich',
    male: 'Männlich',
    clearFilters: 'Filter zurücksetzen',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more ? plural(more, { one: ' und # weitere Seite', other: ' und # weitere Seiten' }) : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Gesicht',
    required: 'Bitte wählen Sie ein Gesicht aus.',
    name: 'Name',
    search: 'Gesichter suchen',
    loadingList: 'Gesichter werden geladen …',
    loadFailed: 'Die Gesichter konnten nicht geladen werden.',
    pagesFailed: (items) => `Die Gesichter ${items} konnten nicht geladen werden.`,
    results: (count) => plural(count, { one: '# Gesicht', other: '# Gesichter' }),
    // "Keine Treffer für …": accusative.
    byName: (q) => `den Namen „${q}“`,
    femaleFaces: 'weibliche Gesichter',
    maleFaces: 'männliche Gesichter',
    noMatch: (filters) => `Keine Treffer für ${list(filters)}.`,
    empty: 'Noch keine Gesichter: Der Katalog ist leer.',
    widen: 'Erweitern Sie die Suche oder',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Stimme',
    required: 'Bitte wählen Sie eine Stimme aus.',
    search: 'Suche',
    searchHint: 'Name, Sprache oder Anbieter',
    provider: 'Anbieter',
    allProviders: 'Alle Anbieter',
    language: 'Sprache',
    allLanguages: 'Alle Sprachen',
    allLocales: (language) => `${language} (alle Varianten)`,
    loadingList: 'Stimmen werden geladen …',
    loadFailed: 'Die Stimmen konnten nicht geladen werden.',
    pagesFailed: (items) => `Die Stimmen ${items} konnten nicht geladen werden.`,
    results: (count) => plural(count, { one: '# Stimme', other: '# Stimmen' }),
    streamingNote: (provider) =>
      provider
        ? `Streaming-Avatare unterstützen nur die Stimmen von ${provider}.`
        : 'Streaming-Avatare unterstützen nur die Stimmen des Streaming-Anbieters.',
    streamingOnly: (provider) =>
      `Wählen Sie eine Stimme von ${provider}: Streaming-Avatare unterstützen nur diese.`,
    // "Keine Treffer für …": accusative.
    byText: (q) => `„${q}“`,
    byProvider: (provider) => `den Anbieter ${provider}`,
    byLanguage: (language) => `die Sprache ${language}`,
    femaleVoices: 'weibliche Stimmen',
    maleVoices: 'männliche Stimmen',
    noMatch: (filters, streamingProvider) =>
      `Keine Treffer für ${list(filters)}${streamingProvider ? ` unter den Stimmen von ${streamingProvider} (Streaming-Avatare)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `Unter den Stimmen von ${streamingProvider} (Streaming-Avatare) ist keine verfügbar.`
        : 'Keine Stimme verfügbar.',
    widen: 'Erweitern Sie die Suche oder die Filter.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
