import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'Laden…',
    notLoaded: 'Niet geladen',
    gender: 'Geslacht',
    allGenders: 'Alle',
    female: 'Vrouwelijk',
    male: 'Mannelijk',
    clearFilters: 'Filters wissen',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more ? plural(more, { one: ' en nog # pagina', other: ' en nog # pagina’s' }) : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Gezicht',
    required: 'Kies een gezicht.',
    name: 'Naam',
    search: 'Gezichten zoeken',
    loadingList: 'Gezichten laden…',
    loadFailed: 'De gezichten konden niet worden geladen.',
    pagesFailed: (items) => `De gezichten ${items} konden niet worden geladen.`,
    results: (count) => plural(count, { one: '# gezicht', other: '# gezichten' }),
    // "Geen resultaten voor …"
    byName: (q) => `de naam ‘${q}’`,
    femaleFaces: 'vrouwelijke gezichten',
    maleFaces: 'mannelijke gezichten',
    noMatch: (filters) => `Geen resultaten voor ${list(filters)}.`,
    empty: 'Nog geen gezichten: de catalogus is leeg.',
    widen: 'Verruim de zoekopdracht of',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Stem',
    required: 'Kies een stem.',
    search: 'Zoeken',
    searchHint: 'Naam, taal of aanbieder',
    provider: 'Aanbieder',
    allProviders: 'Alle aanbieders',
    language: 'Taal',
    allLanguages: 'Alle talen',
    allLocales: (language) => `${language} (alle varianten)`,
    loadingList: 'Stemmen laden…',
    loadFailed: 'De stemmen konden niet worden geladen.',
    pagesFailed: (items) => `De stemmen ${items} konden niet worden geladen.`,
    results: (count) => plural(count, { one: '# stem', other: '# stemmen' }),
    streamingNote: (provider) =>
      `Streamingavatars ondersteunen alleen de stemmen van ${provider ?? 'de streamingaanbieder'}.`,
    streamingOnly: (provider) =>
      `Kies een stem van ${provider}: streamingavatars ondersteunen alleen die.`,
    // "Geen resultaten voor …"
    byText: (q) => `‘${q}’`,
    byProvider: (provider) => `de aanbieder ${provider}`,
    byLanguage: (language) => `de taal ${language}`,
    femaleVoices: 'vrouwelijke stemmen',
    maleVoices: 'mannelijke stemmen',
    noMatch: (filters, streamingProvider) =>
      `Geen resultaten voor ${list(filters)}${streamingProvider ? ` onder de stemmen van ${streamingProvider} (streamingavatars)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `Er is geen stem beschikbaar onder die van ${streamingProvider} (streamingavatars).`
        : 'Er is geen stem beschikbaar.',
    widen: 'Verruim de zoekopdracht of de filters.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
