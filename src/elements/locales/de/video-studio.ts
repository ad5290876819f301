import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n }: Formats) => {
  return {
    label: 'Text, den der digitale Mensch sprechen soll',
    noHead: (attribute) =>
      `Kein digitaler Mensch ausgewählt: Setzen Sie ${attribute}, um seine Videos zu erstellen und anzuzeigen.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: () => 'Zeichen',
    textEmpty: 'Geben Sie den Text ein, den der digitale Mensch sprechen soll.',
    textTooLong: (max) => `Der Text darf höchstens ${n(max)} Zeichen lang sein.`,
    generate: 'Video erstellen',
    shortcut: 'Mit Strg+Enter (⌘+Enter) absenden.',
    sending: 'Text wird gesendet …',
    producing: 'Video wird erstellt …',
    producingStarted: 'Das Video wird erstellt. Das kann einige Minuten dauern.',
    stillProducing: (time) => `Das Video wird noch erstellt – bisher ${time}.`,
    elapsed: (time) => `Verstrichene Zeit: ${time}`,
    stop: 'Warten beenden',
    stoppedAnnouncement: 'Das Warten auf das Video wurde beendet.',
    stopped:
      'Warten beendet. Die Plattform erstellt dieses Video möglicherweise trotzdem – dann erscheint es bei den bisherigen Videos.',
    waitingAgain: 'Es wird wieder auf das Video gewartet.',
    ready: 'Das Video ist fertig.',
    timedOut: (time) =>
      `Nach ${time} ist noch kein Video da. Möglicherweise erstellt die Plattform es noch – dann erscheint es bei den bisherigen Videos.`,
    keepWaiting: 'Weiter warten',
    capReached: (hours, minutes) =>
      `Das Tageslimit für Videos ist erreicht: Heute können keine weiteren erstellt werden. Es wird um Mitternacht (UTC) zurückgesetzt, in etwa ${hours ? `${n(hours)} Std. ` : ''}${n(minutes)} Min.`,
    requestFailed: 'Das Video konnte nicht angefordert werden.',
    checkFailed: 'Der Status des Videos konnte nicht abgefragt werden.',
    listFailed: 'Die Videos konnten nicht geladen werden.',
    refused: () => '',
    downloadFailed: 'Das Video konnte nicht heruntergeladen werden.',
    unplayable:
      'Das Video lässt sich nicht abspielen: Die Datei fehlt oder hat ein Format, das dieser Browser nicht abspielt.',
    download: 'Video herunterladen (MP4)',
    earlier: 'Bisherige Videos',
    loading: 'Videos werden geladen …',
    empty:
      'Noch keine Videos. Geben Sie oben einen Text ein und klicken Sie auf „Video erstellen“.',
    pages: 'Seiten der bisherigen Videos',
    previous: 'Zurück',
    next: 'Weiter',
    page: (page, count) => `Seite ${n(page)} von ${n(count)}`,
  } satisfies VideoStudioMessages;
};
