import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) => plural(count, { one: '# Sitzung', other: '# Sitzungen' });
  return {
    head: 'Digitaler Mensch',
    allHeads: 'Alle digitalen Menschen',
    from: 'Von',
    to: 'Bis',
    refresh: 'Aktualisieren',
    rangeMissing: 'Wählen Sie einen ersten und einen letzten Tag.',
    rangeReversed: 'Der erste Tag liegt nach dem letzten: Wählen Sie einen früheren ersten Tag.',
    rangeTooLong: (max) =>
      `Ein Zeitraum umfasst höchstens ${n(max)} Tage: Wählen Sie einen späteren ersten oder einen früheren letzten Tag.`,
    loading: 'Auswertung wird geladen …',
    loadFailed: 'Die Auswertung konnte nicht geladen werden.',
    empty: 'Noch keine Gespräche – so schalten Sie die Sitzungsereignisse ein.',
    emptyHow:
      'Die Auswertung zählt die Sitzungsereignisse, die die Plattform an den Proxy dieser Website sendet. Richten Sie für jeden digitalen Menschen einen Webhook auf den Proxy ein und schalten Sie die Zustellung ein:',
    emptyHelp: 'So schalten Sie Sitzungsereignisse ein',
    keptDays: (days) =>
      `Dieser Server speichert ${plural(days, { one: 'nur den letzten Tag', other: 'die letzten # Tage' })}: Frühere Tage erscheinen leer.`,
    sessions: 'Sitzungen',
    minutes: 'Gesprächsminuten',
    medianMinutes: 'Minuten pro Sitzung (Median)',
    timeoutShare: 'Sitzungen mit Zeitüberschreitung',
    launchToSession: 'Starts, aus denen eine Sitzung wurde',
    perDay: 'Sitzungen pro Tag',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sitzungen pro Tag vom ${from} bis ${to}: insgesamt ${n(total)}, die meisten am ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'Sitzungen nach Tageszeit (UTC)',
    byHourSummary: (busiest, most) =>
      `Sitzungen nach Tageszeit in UTC: die meisten um ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'Als Tabelle anzeigen',
    day: 'Tag',
    hour: 'Stunde (UTC)',
    questions: 'Häufigste Fragen',
    asked: (count) => plural(count, { one: 'einmal gestellt', other: '#-mal gestellt' }),
    noQuestions:
      'Keine Fragen in diesem Zeitraum. Fragen werden bei digitalen Menschen im Plugin-Modus gezählt.',
    questionsOff: 'Dieser Server speichert keine Fragetexte.',
    csv: 'Tage als CSV herunterladen',
  } satisfies InsightsMessages;
};
