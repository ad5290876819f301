import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  return {
    label: 'Texto que dirá el humano digital',
    noHead: (attribute) =>
      `No hay ningún humano digital seleccionado: define ${attribute} para crear y ver sus videos.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) => plural(max, { one: 'carácter', other: 'caracteres' }),
    textEmpty: 'Escribe el texto que dirá el humano digital.',
    textTooLong: (max) => `El texto puede tener como máximo ${n(max)} caracteres.`,
    generate: 'Generar video',
    shortcut: 'Ctrl+Enter (⌘+Enter) para enviar.',
    sending: 'Enviando el texto…',
    producing: 'Creando el video…',
    producingStarted: 'Creando el video. Esto puede tardar unos minutos.',
    stillProducing: (time) => `El video se sigue creando. Tiempo transcurrido: ${time}.`,
    elapsed: (time) => `Tiempo transcurrido: ${time}`,
    stop: 'Dejar de esperar',
    stoppedAnnouncement: 'Se dejó de esperar el video.',
    stopped:
      'Se dejó de esperar. Es posible que la plataforma cree el video de todos modos; en ese caso, aparecerá entre los videos anteriores.',
    waitingAgain: 'Esperando el video de nuevo.',
    ready: 'El video está listo.',
    timedOut: (time) =>
      `Aún no hay video después de ${time}. Es posible que la plataforma lo siga creando; en ese caso, aparecerá entre los videos anteriores.`,
    keepWaiting: 'Seguir esperando',
    capReached: (hours, minutes) =>
      `Se alcanzó el límite diario de videos: hoy no se pueden crear más. Se restablece a la medianoche (UTC), dentro de aproximadamente ${hours ? `${n(hours)} h ` : ''}${n(minutes)} min.`,
    requestFailed: 'No se pudo solicitar el video.',
    checkFailed: 'No se pudo comprobar el estado del video.',
    listFailed: 'No se pudieron cargar los videos.',
    refused: () => '',
    downloadFailed: 'No se pudo descargar el video.',
    unplayable:
      'No se pudo reproducir el video: falta el archivo o tiene un formato que este navegador no admite.',
    download: 'Descargar el video (MP4)',
    earlier: 'Videos anteriores',
    loading: 'Cargando videos…',
    empty: 'Todavía no hay videos. Escribe un texto arriba y presiona «Generar video».',
    pages: 'Páginas de videos anteriores',
    previous: 'Anterior',
    next: 'Siguiente',
    page: (page, count) => `Página ${n(page)} de ${n(count)}`,
  } satisfies VideoStudioMessages;
};
