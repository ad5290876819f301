import type { VideoStudioMessages } from '../../video-studio/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  return {
    label: 'Tekst, który wypowie cyfrowy człowiek',
    noHead: (attribute) =>
      `Nie wybrano cyfrowego człowieka: ustaw ${attribute}, aby tworzyć i przeglądać jego filmy.`,
    count: (length, max) => `${n(length)} / ${n(max)}`,
    characters: (max) => plural(max, { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' }),
    textEmpty: 'Wpisz tekst, który ma wypowiedzieć cyfrowy człowiek.',
    textTooLong: (max) =>
      `Tekst może mieć maksymalnie ${plural(max, { one: '# znak', few: '# znaki', many: '# znaków', other: '# znaku' })}.`,
    generate: 'Utwórz film',
    shortcut: 'Wyślij skrótem Ctrl+Enter (⌘+Enter).',
    sending: 'Wysyłanie tekstu…',
    producing: 'Tworzenie filmu…',
    producingStarted: 'Trwa tworzenie filmu. Może to potrwać kilka minut.',
    // Durations stay after a colon: Intl gives them in the nominative.
    stillProducing: (time) => `Film nadal powstaje. Czas oczekiwania: ${time}.`,
    elapsed: (time) => `Czas oczekiwania: ${time}`,
    stop: 'Przestań czekać',
    stoppedAnnouncement: 'Przestano czekać na film.',
    stopped:
      'Przestano czekać. Platforma może mimo to utworzyć ten film – wtedy pojawi się wśród wcześniejszych filmów.',
    waitingAgain: 'Ponowne oczekiwanie na film.',
    ready: 'Film jest gotowy.',
    timedOut: (time) =>
      `Filmu nadal nie ma (czas oczekiwania: ${time}). Platforma może wciąż go tworzyć – wtedy pojawi się wśród wcześniejszych filmów.`,
    keepWaiting: 'Czekaj dalej',
    capReached: (hours, minutes) =>
      `Osiągnięto dzienny limit filmów: dziś nie można utworzyć kolejnych. Limit zostanie zresetowany o północy UTC, za około ${hours ? `${n(hours)} godz. ` : ''}${n(minutes)} min.`,
    requestFailed: 'Nie udało się zlecić utworzenia filmu.',
    checkFailed: 'Nie udało się sprawdzić stanu filmu.',
    listFailed: 'Nie udało się wczytać filmów.',
    refused: () => '',
    downloadFailed: 'Nie udało się pobrać filmu.',
    unplayable:
      'Nie można odtworzyć filmu: brakuje pliku albo ta przeglądarka nie obsługuje jego formatu.',
    download: 'Pobierz film (MP4)',
    earlier: 'Wcześniejsze filmy',
    loading: 'Wczytywanie filmów…',
    empty: 'Nie ma jeszcze filmów. Wpisz tekst powyżej i kliknij „Utwórz film”.',
    pages: 'Strony wcześniejszych filmów',
    previous: 'Poprzednia',
    next: 'Następna',
    page: (page, count) => `Strona ${n(page)} z ${n(count)}`,
  } satisfies VideoStudioMessages;
};
