import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  return {
    label: 'Texto que o humano digital vai dizer',
    noHead: (attribute) =>
      `Nenhum humano digital selecionado: defina ${attribute} para criar e listar os vídeos dele.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) => plural(max, { one: 'caractere', other: 'caracteres' }),
    textEmpty: 'Digite o texto que o humano digital vai dizer.',
    textTooLong: (max) => `O texto pode ter no máximo ${n(max)} caracteres.`,
    generate: 'Gerar vídeo',
    shortcut: 'Ctrl+Enter (⌘+Enter) para enviar.',
    sending: 'Enviando o texto…',
    producing: 'Criando o vídeo…',
    producingStarted: 'Criando o vídeo. Isso pode levar alguns minutos.',
    stillProducing: (time) => `O vídeo ainda está sendo criado. Tempo decorrido: ${time}.`,
    elapsed: (time) => `Tempo decorrido: ${time}`,
    stop: 'Parar de esperar',
    stoppedAnnouncement: 'Espera pelo vídeo interrompida.',
    stopped:
      'Espera interrompida. A plataforma ainda pode criar este vídeo; nesse caso, ele aparecerá entre os vídeos anteriores.',
    waitingAgain: 'Aguardando o vídeo novamente.',
    ready: 'O vídeo está pronto.',
    timedOut: (time) =>
      `Nenhum vídeo após ${time}. A plataforma ainda pode estar criando o vídeo; nesse caso, ele aparecerá entre os vídeos anteriores.`,
    keepWaiting: 'Continuar esperando',
    capReached: (hours, minutes) =>
      `O limite diário de vídeos foi atingido: não é possível criar mais nenhum hoje. Ele é redefinido à meia-noite (UTC), em cerca de ${hours ? `${n(hours)} h ` : ''}${n(minutes)} min.`,
    requestFailed: 'Não foi possível solicitar o vídeo.',
    checkFailed: 'Não foi possível verificar o status do vídeo.',
    listFailed: 'Não foi possível carregar os vídeos.',
    refused: () => '',
    downloadFailed: 'Não foi possível baixar o vídeo.',
    unplayable:
      'Não foi possível reproduzir o vídeo: o arquivo não existe ou está em um formato que este navegador não reproduz.',
    download: 'Baixar o vídeo (MP4)',
    earlier: 'Vídeos anteriores',
    loading: 'Carregando vídeos…',
    empty: 'Ainda não há vídeos. Digite um texto acima e clique em “Gerar vídeo”.',
    pages: 'Páginas de vídeos anteriores',
    previous: 'Anterior',
    next: 'Próxima',
    page: (page, count) => `Página ${n(page)} de ${n(count)}`,
  } satisfies VideoStudioMessages;
};
