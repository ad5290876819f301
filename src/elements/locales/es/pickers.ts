import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'Cargando…',
    notLoaded: 'No cargado',
    gender: 'Género',
    allGenders: 'Todos',
    female: 'Femenino',
    male: 'Masculino',
    clearFilters: 'Borrar filtros',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more ? plural(more, { one: ' y # página más', other: ' y # páginas más' }) : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Rostro',
    required: 'Elige un rostro.',
    name: 'Nombre',
    search: 'Buscar rostros',
    loadingList: 'Cargando rostros…',
    loadFailed: 'No se pudieron cargar los rostros.',
    pagesFailed: (items) => `No se pudieron cargar los rostros ${items}.`,
    results: (count) =>
      plural(count, { one: '# rostro', many: '# de rostros', other: '# rostros' }),
    // "No hay resultados para …"
    byName: (q) => `el nombre «${q}»`,
    femaleFaces: 'rostros femeninos',
    maleFaces: 'rostros masculinos',
    noMatch: (filters) => `No hay resultados para ${list(filters)}.`,
    empty: 'Todavía no hay rostros: el catálogo está vacío.',
    widen: 'Amplía la búsqueda o',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Voz',
    required: 'Elige una voz.',
    search: 'Buscar',
    searchHint: 'Nombre, idioma o proveedor',
    provider: 'Proveedor',
    allProviders: 'Todos los proveedores',
    language: 'Idioma',
    allLanguages: 'Todos los idiomas',
    allLocales: (language) => `${language} (todas las variantes)`,
    loadingList: 'Cargando voces…',
    loadFailed: 'No se pudieron cargar las voces.',
    pagesFailed: (items) => `No se pudieron cargar las voces ${items}.`,
    results: (count) => plural(count, { one: '# voz', many: '# de voces', other: '# voces' }),
    streamingNote: (provider) =>
      `Los avatares en streaming solo admiten las voces ${provider ? `de ${provider}` : 'del proveedor de streaming'}.`,
    streamingOnly: (provider) =>
      `Elige una voz de ${provider}: los avatares en streaming solo admiten esas.`,
    // "No hay resultados para …"
    byText: (q) => `«${q}»`,
    byProvider: (provider) => `el proveedor ${provider}`,
    byLanguage: (language) => `el idioma ${language}`,
    femaleVoices: 'voces femeninas',
    maleVoices: 'voces masculinas',
    noMatch: (filters, streamingProvider) =>
      `No hay resultados para ${list(filters)}${streamingProvider ? ` entre las voces de ${streamingProvider} (avatares en streaming)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `No hay ninguna voz disponible entre las de ${streamingProvider} (avatares en streaming).`
        : 'No hay ninguna voz disponible.',
    widen: 'Amplía la búsqueda o los filtros.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
