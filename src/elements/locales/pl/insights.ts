import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) =>
    plural(count, { one: '# sesja', few: '# sesje', many: '# sesji', other: '# sesji' });
  return {
    head: 'Cyfrowy człowiek',
    allHeads: 'Wszyscy cyfrowi ludzie',
    from: 'Od',
    to: 'Do',
    refresh: 'Odśwież',
    rangeMissing: 'Wybierz pierwszy i ostatni dzień.',
    rangeReversed: 'Pierwszy dzień jest po ostatnim: wybierz wcześniejszy pierwszy dzień.',
    rangeTooLong: (max) =>
      `Okres może mieć najwyżej ${plural(max, { one: '# dzień', few: '# dni', many: '# dni', other: '# dnia' })}: wybierz późniejszy pierwszy dzień lub wcześniejszy ostatni dzień.`,
    loading: 'Wczytywanie statystyk…',
    loadFailed: 'Nie udało się wczytać statystyk.',
    empty: 'Nie ma jeszcze rozmów — oto jak włączyć zdarzenia sesji.',
    emptyHow:
      'Statystyki liczą zdarzenia sesji, które platforma wysyła do proxy tej witryny. Dla każdego cyfrowego człowieka skieruj webhook na proxy i włącz dostarczanie:',
    emptyHelp: 'Jak włączyć zdarzenia sesji',
    keptDays: (days) =>
      `Ten serwer przechowuje ${plural(days, { one: 'tylko ostatni dzień', few: 'ostatnie # dni', many: 'ostatnie # dni', other: 'ostatnie # dnia' })}: wcześniejsze dni są puste.`,
    sessions: 'Sesje',
    minutes: 'Minuty rozmów',
    medianMinutes: 'Minuty na sesję (mediana)',
    timeoutShare: 'Sesje zakończone po upływie czasu',
    launchToSession: 'Uruchomienia, z których powstała sesja',
    perDay: 'Sesje dziennie',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sesje dziennie od ${from} do ${to}: łącznie ${n(total)}, najwięcej ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'Sesje według godziny (UTC)',
    byHourSummary: (busiest, most) =>
      `Sesje według godziny w UTC: najwięcej o ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'Pokaż jako tabelę',
    day: 'Dzień',
    hour: 'Godzina (UTC)',
    questions: 'Najczęstsze pytania',
    asked: (count) =>
      plural(count, {
        one: 'zadane raz',
        few: 'zadane # razy',
        many: 'zadane # razy',
        other: 'zadane # razy',
      }),
    noQuestions:
      'Brak pytań w tym okresie. Pytania są liczone dla cyfrowych ludzi w trybie wtyczki.',
    questionsOff: 'Ten serwer nie przechowuje treści pytań.',
    csv: 'Pobierz dni jako CSV',
  } satisfies InsightsMessages;
};
