import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  return {
    label: 'Tekst die de digitale mens uitspreekt',
    noHead: (attribute) =>
      `Geen digitale mens geselecteerd: stel ${attribute} in om video’s te maken en te bekijken.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) => plural(max, { one: 'teken', other: 'tekens' }),
    textEmpty: 'Typ de tekst die de digitale mens moet uitspreken.',
    textTooLong: (max) => `De tekst mag maximaal ${n(max)} tekens lang zijn.`,
    generate: 'Video maken',
    shortcut: 'Verstuur met Ctrl+Enter (⌘+Enter).',
    sending: 'Tekst wordt verstuurd…',
    producing: 'Video wordt gemaakt…',
    producingStarted: 'De video wordt gemaakt. Dit kan een paar minuten duren.',
    stillProducing: (time) => `De video wordt nog gemaakt. Verstreken tijd: ${time}.`,
    elapsed: (time) => `Verstreken tijd: ${time}`,
    stop: 'Stoppen met wachten',
    stoppedAnnouncement: 'Gestopt met wachten op de video.',
    stopped:
      'Gestopt met wachten. Het platform maakt deze video misschien toch nog: dan verschijnt hij bij de eerdere video’s.',
    waitingAgain: 'Opnieuw wachten op de video.',
    ready: 'De video is klaar.',
    timedOut: (time) =>
      `Na ${time} nog geen video. Het platform maakt hem misschien nog: dan verschijnt hij bij de eerdere video’s.`,
    keepWaiting: 'Blijven wachten',
    capReached: (hours, minutes) =>
      `De daglimiet voor video’s is bereikt: vandaag kunnen er geen meer worden gemaakt. De limiet wordt om middernacht (UTC) gereset, over ongeveer ${hours ? `${n(hours)} u ` : ''}${n(minutes)} min.`,
    requestFailed: 'De video kon niet worden aangevraagd.',
    checkFailed: 'De status van de video kon niet worden gecontroleerd.',
    listFailed: 'De video’s konden niet worden geladen.',
    refused: () => '',
    downloadFailed: 'De video kon niet worden gedownload.',
    unplayable:
      'De video kan niet worden afgespeeld: het bestand ontbreekt of deze browser ondersteunt het formaat niet.',
    download: 'Video downloaden (MP4)',
    earlier: 'Eerdere video’s',
    loading: 'Video’s worden geladen…',
    empty: 'Nog geen video’s. Typ hierboven een tekst en klik op ‘Video maken’.',
    pages: 'Pagina’s met eerdere video’s',
    previous: 'Vorige',
    next: 'Volgende',
    page: (page, count) => `Pagina ${n(page)} van ${n(count)}`,
  } satisfies VideoStudioMessages;
};
