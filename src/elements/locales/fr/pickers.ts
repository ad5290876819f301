import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** A no-break space, before « : » and inside « ». */
  const _ = '\u00a0';
  // Providers (azure, elevenlabs…) as "du fournisseur …": no elision to get wrong.

  /** What both pickers say alike. */
  const picker = {
    loading: 'Chargement…',
    notLoaded: 'Non chargé',
    gender: 'Genre',
    allGenders: 'Tous',
    female: 'Féminin',
    male: 'Masculin',
    clearFilters: 'Effacer les filtres',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more ? plural(more, { one: ' et # autre page', other: ' et # autres pages' }) : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Visage',
    required: 'Veuillez choisir un visage.',
    name: 'Nom',
    search: 'Rechercher des visages',
    loadingList: 'Chargement des visages…',
    loadFailed: 'Impossible de charger les visages.',
    pagesFailed: (items) => `Impossible de charger les visages ${items}.`,
    results: (count) =>
      plural(count, { one: '# visage', many: '# de visages', other: '# visages' }),
    // "Aucun résultat pour …"
    byName: (q) => `le nom «${_}${q}${_}»`,
    femaleFaces: 'les visages féminins',
    maleFaces: 'les visages masculins',
    noMatch: (filters) => `Aucun résultat pour ${list(filters)}.`,
    empty: `Aucun visage pour l’instant${_}: le catalogue est vide.`,
    widen: 'Élargissez la recherche ou',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Voix',
    required: 'Veuillez choisir une voix.',
    search: 'Rechercher',
    searchHint: 'Nom, langue ou fournisseur',
    provider: 'Fournisseur',
    allProviders: 'Tous les fournisseurs',
    language: 'Langue',
    allLanguages: 'Toutes les langues',
    allLocales: (language) => `${language} (toutes variantes)`,
    loadingList: 'Chargement des voix…',
    loadFailed: 'Impossible de charger les voix.',
    pagesFailed: (items) => `Impossible de charger les voix ${items}.`,
    results: (count) => plural(count, { one: '# voix', many: '# de voix', other: '# voix' }),
    streamingNote: (provider) =>
      `Les avatars en streaming ne prennent en charge que les voix du fournisseur ${provider ?? 'de streaming'}.`,
    streamingOnly: (provider) =>
      `Choisissez une voix du fournisseur ${provider}${_}: les avatars en streaming ne prennent en charge que celles-ci.`,
    // "Aucun résultat pour …"
    byText: (q) => `«${_}${q}${_}»`,
    byProvider: (provider) => `le fournisseur ${provider}`,
    byLanguage: (language) => `la langue ${language}`,
    femaleVoices: 'les voix féminines',
    maleVoices: 'les voix masculines',
    noMatch: (filters, streamingProvider) =>
      `Aucun résultat pour ${list(filters)}${streamingProvider ? ` parmi les voix du fournisseur ${streamingProvider} (avatars en streaming)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `Aucune voix disponible parmi celles du fournisseur ${streamingProvider} (avatars en streaming).`
        : 'Aucune voix disponible.',
    widen: 'Élargissez la recherche ou les filtres.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
