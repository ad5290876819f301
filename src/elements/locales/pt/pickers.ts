import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { PickerMessages } from '../../shared/picker-messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural, list }: Formats) => {
  /** What both pickers say alike. */
  const picker = {
    loading: 'Carregando…',
    notLoaded: 'Não carregado',
    gender: 'Gênero',
    allGenders: 'Todos',
    female: 'Feminino',
    male: 'Masculino',
    clearFilters: 'Limpar filtros',
    failedItems: (ranges, more) =>
      ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
      (more ? plural(more, { one: ' e mais # página', other: ' e mais # páginas' }) : ''),
  } satisfies PickerMessages;

  const facePicker = {
    ...picker,
    label: 'Rosto',
    required: 'Escolha um rosto.',
    name: 'Nome',
    search: 'Buscar rostos',
    loadingList: 'Carregando rostos…',
    loadFailed: 'Não foi possível carregar os rostos.',
    pagesFailed: (items) => `Não foi possível carregar os rostos ${items}.`,
    results: (count) => plural(count, { one: '# rosto', many: '# de rostos', other: '# rostos' }),
    // "Nenhum resultado para …"
    byName: (q) => `o nome “${q}”`,
    femaleFaces: 'rostos femininos',
    maleFaces: 'rostos masculinos',
    noMatch: (filters) => `Nenhum resultado para ${list(filters)}.`,
    empty: 'Ainda não há rostos: o catálogo está vazio.',
    widen: 'Amplie a busca ou',
  } satisfies FacePickerMessages;

  const voicePicker = {
    ...picker,
    label: 'Voz',
    required: 'Escolha uma voz.',
    search: 'Buscar',
    searchHint: 'Nome, idioma ou provedor',
    provider: 'Provedor',
    allProviders: 'Todos os provedores',
    language: 'Idioma',
    allLanguages: 'Todos os idiomas',
    allLocales: (language) => `${language} (todas as variantes)`,
    loadingList: 'Carregando vozes…',
    loadFailed: 'Não foi possível carregar as vozes.',
    pagesFailed: (items) => `Não foi possível carregar as vozes ${items}.`,
    results: (count) => plural(count, { one: '# voz', many: '# de vozes', other: '# vozes' }),
    streamingNote: (provider) =>
      `Avatares de streaming aceitam apenas as vozes ${provider ? `de ${provider}` : 'do provedor de streaming'}.`,
    streamingOnly: (provider) =>
      `Escolha uma voz de ${provider}: avatares de streaming aceitam apenas essas.`,
    // "Nenhum resultado para …"
    byText: (q) => `“${q}”`,
    byProvider: (provider) => `o provedor ${provider}`,
    byLanguage: (language) => `o idioma ${language}`,
    femaleVoices: 'vozes femininas',
    maleVoices: 'vozes masculinas',
    noMatch: (filters, streamingProvider) =>
      `Nenhum resultado para ${list(filters)}${streamingProvider ? ` entre as vozes de ${streamingProvider} (avatares de streaming)` : ''}.`,
    noVoices: (streamingProvider) =>
      streamingProvider
        ? `Nenhuma voz disponível entre as de ${streamingProvider} (avatares de streaming).`
        : 'Nenhuma voz disponível.',
    widen: 'Amplie a busca ou os filtros.',
  } satisfies VoicePickerMessages;
  return { facePicker, voicePicker };
};
