import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) => plural(count, { one: '# sessie', other: '# sessies' });
  return {
    head: 'Digitale mens',
    allHeads: 'Alle digitale mensen',
    from: 'Van',
    to: 'Tot en met',
    refresh: 'Vernieuwen',
    rangeMissing: 'Kies een eerste en een laatste dag.',
    rangeReversed: 'De eerste dag ligt na de laatste: kies een eerdere eerste dag.',
    rangeTooLong: (max) =>
      `Een periode is hooguit ${n(max)} dagen: kies een latere eerste dag of een eerdere laatste dag.`,
    loading: 'Statistieken laden…',
    loadFailed: 'De statistieken konden niet worden geladen.',
    empty: 'Nog geen gesprekken — zo zet je sessiegebeurtenissen aan.',
    emptyHow:
      'De statistieken tellen de sessiegebeurtenissen die het platform naar de proxy van deze site stuurt. Richt voor elke digitale mens een webhook op de proxy en zet de bezorging aan:',
    emptyHelp: 'Hoe je sessiegebeurtenissen aanzet',
    keptDays: (days) =>
      `Deze server bewaart ${plural(days, { one: 'alleen de laatste dag', other: 'de laatste # dagen' })}: eerdere dagen zijn leeg.`,
    sessions: 'Sessies',
    minutes: 'Gespreksminuten',
    medianMinutes: 'Minuten per sessie (mediaan)',
    timeoutShare: 'Verlopen sessies',
    launchToSession: 'Starts die een sessie werden',
    perDay: 'Sessies per dag',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sessies per dag van ${from} tot en met ${to}: ${n(total)} in totaal, de meeste op ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'Sessies per uur van de dag (UTC)',
    byHourSummary: (busiest, most) =>
      `Sessies per uur van de dag, in UTC: de meeste om ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'Als tabel tonen',
    day: 'Dag',
    hour: 'Uur (UTC)',
    questions: 'Meest gestelde vragen',
    asked: (count) => plural(count, { one: 'één keer gesteld', other: '# keer gesteld' }),
    noQuestions:
      'Geen vragen in deze periode. Vragen worden geteld voor digitale mensen in pluginmodus.',
    questionsOff: 'Deze server bewaart geen vraagteksten.',
    csv: 'De dagen downloaden als CSV',
  } satisfies InsightsMessages;
};
