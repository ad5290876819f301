import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  return {
    label: 'Testo che dirà l’umano digitale',
    noHead: (attribute) =>
      `Nessun umano digitale selezionato: imposta ${attribute} per creare e vedere i suoi video.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) => plural(max, { one: 'carattere', other: 'caratteri' }),
    textEmpty: 'Scrivi il testo che dirà l’umano digitale.',
    textTooLong: (max) => `Il testo può contenere al massimo ${n(max)} caratteri.`,
    generate: 'Genera video',
    shortcut: 'Ctrl+Invio (⌘+Invio) per inviare.',
    sending: 'Invio del testo…',
    producing: 'Creazione del video…',
    producingStarted: 'Creazione del video in corso. Potrebbe richiedere qualche minuto.',
    stillProducing: (time) => `Creazione del video ancora in corso. Tempo trascorso: ${time}.`,
    elapsed: (time) => `Tempo trascorso: ${time}`,
    stop: 'Interrompi l’attesa',
    stoppedAnnouncement: 'Attesa del video interrotta.',
    stopped:
      'Attesa interrotta. La piattaforma potrebbe comunque creare questo video: in tal caso comparirà tra i video precedenti.',
    waitingAgain: 'Attesa del video ripresa.',
    ready: 'Il video è pronto.',
    timedOut: (time) =>
      `Ancora nessun video dopo ${time}. La piattaforma potrebbe ancora crearlo: in tal caso comparirà tra i video precedenti.`,
    keepWaiting: 'Continua ad attendere',
    capReached: (hours, minutes) =>
      `È stato raggiunto il limite giornaliero di video: oggi non se ne possono creare altri. Il limite si azzera a mezzanotte UTC, tra circa ${hours ? `${n(hours)} h ` : ''}${n(minutes)} min.`,
    requestFailed: 'Impossibile richiedere il video.',
    checkFailed: 'Impossibile verificare lo stato del video.',
    listFailed: 'Impossibile caricare i video.',
    refused: () => '',
    downloadFailed: 'Impossibile scaricare il video.',
    unplayable:
      'Impossibile riprodurre il video: il file non esiste o è in un formato che questo browser non supporta.',
    download: 'Scarica il video (MP4)',
    earlier: 'Video precedenti',
    loading: 'Caricamento dei video…',
    empty: 'Ancora nessun video. Scrivi un testo qui sopra e premi «Genera video».',
    pages: 'Pagine dei video precedenti',
    previous: 'Precedente',
    next: 'Successiva',
    page: (page, count) => `Pagina ${n(page)} di ${n(count)}`,
  } satisfies VideoStudioMessages;
};
