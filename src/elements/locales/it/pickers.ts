import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'Caricamento…',
    notLoaded: 'Non caricato',
    gender: 'Genere',
    allGenders: 'Tutti',
    female: 'Femminile',
    male: 'Maschile',
    clearFilters: 'Cancella i filtri',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more ? plural(more, { one: ' e un’altra pagina', other: ' e altre # pagine' }) : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Volto',
    required: 'Scegli un volto.',
    name: 'Nome',
    search: 'Cerca volti',
    loadingList: 'Caricamento dei volti…',
    loadFailed: 'Impossibile caricare i volti.',
    pagesFailed: (items) => `Impossibile caricare i volti ${items}.`,
    results: (count) => plural(count, { one: '# volto', many: '# di volti', other: '# volti' }),
    // "Nessun risultato per …"
    byName: (q) => `il nome “${q}”`,
    femaleFaces: 'volti femminili',
    maleFaces: 'volti maschili',
    noMatch: (filters) => `Nessun risultato per ${list(filters)}.`,
    empty: 'Ancora nessun volto: il catalogo è vuoto.',
    widen: 'Amplia la ricerca oppure',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Voce',
    required: 'Scegli una voce.',
    search: 'Cerca',
    searchHint: 'Nome, lingua o provider',
    provider: 'Provider',
    allProviders: 'Tutti i provider',
    language: 'Lingua',
    allLanguages: 'Tutte le lingue',
    allLocales: (language) => `${language} (tutte le varianti)`,
    loadingList: 'Caricamento delle voci…',
    loadFailed: 'Impossibile caricare le voci.',
    pagesFailed: (items) => `Impossibile caricare le voci ${items}.`,
    results: (count) => plural(count, { one: '# voce', many: '# di voci', other: '# voci' }),
    streamingNote: (provider) =>
      `Gli avatar in streaming supportano solo le voci ${provider ? `di ${provider}` : 'del provider di streaming'}.`,
    streamingOnly: (provider) =>
      `Scegli una voce di ${provider}: gli avatar in streaming supportano solo quelle.`,
    // "Nessun risultato per …"
    byText: (q) => `“${q}”`,
    byProvider: (provider) => `il provider ${provider}`,
    byLanguage: (language) => `la lingua ${language}`,
    femaleVoices: 'voci femminili',
    maleVoices: 'voci maschili',
    noMatch: (filters, streamingProvider) =>
      `Nessun risultato per ${list(filters)}${streamingProvider ? ` tra le voci di ${streamingProvider} (avatar in streaming)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `Nessuna voce disponibile tra quelle di ${streamingProvider} (avatar in streaming).`
        : 'Nessuna voce disponibile.',
    widen: 'Amplia la ricerca o i filtri.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
