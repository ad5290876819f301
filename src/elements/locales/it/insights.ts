import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) => plural(count, { one: '# sessione', other: '# sessioni' });
  return {
    head: 'Umano digitale',
    allHeads: 'Tutti gli umani digitali',
    from: 'Dal',
    to: 'Al',
    refresh: 'Aggiorna',
    rangeMissing: 'Scegli un primo e un ultimo giorno.',
    rangeReversed: 'Il primo giorno è dopo l’ultimo: scegli un primo giorno precedente.',
    rangeTooLong: (max) =>
      `Un periodo comprende al massimo ${n(max)} giorni: scegli un primo giorno successivo o un ultimo giorno precedente.`,
    loading: 'Caricamento delle statistiche…',
    loadFailed: 'Non è stato possibile caricare le statistiche.',
    empty: 'Ancora nessuna conversazione: ecco come attivare gli eventi di sessione.',
    emptyHow:
      'Le statistiche contano gli eventi di sessione che la piattaforma invia al proxy di questo sito. Per ogni umano digitale, punta un webhook al proxy e attiva l’invio:',
    emptyHelp: 'Come attivare gli eventi di sessione',
    keptDays: (days) =>
      `Questo server conserva ${plural(days, { one: 'l’ultimo giorno', other: 'gli ultimi # giorni' })}: i giorni precedenti risultano vuoti.`,
    sessions: 'Sessioni',
    minutes: 'Minuti di conversazione',
    medianMinutes: 'Minuti per sessione (mediana)',
    timeoutShare: 'Sessioni scadute',
    launchToSession: 'Avvii diventati sessioni',
    perDay: 'Sessioni al giorno',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sessioni al giorno dal ${from} al ${to}: ${n(total)} in tutto, il massimo il ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'Sessioni per ora del giorno (UTC)',
    byHourSummary: (busiest, most) =>
      `Sessioni per ora del giorno, in UTC: il massimo alle ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'Mostra come tabella',
    day: 'Giorno',
    hour: 'Ora (UTC)',
    questions: 'Domande più frequenti',
    asked: (count) => plural(count, { one: 'una volta', other: '# volte' }),
    noQuestions:
      'Nessuna domanda in questo periodo. Le domande vengono contate per gli umani digitali in modalità plugin.',
    questionsOff: 'Questo server non conserva il testo delle domande.',
    csv: 'Scarica i giorni in CSV',
  } satisfies InsightsMessages;
};
