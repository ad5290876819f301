import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) => plural(count, { one: '# session', other: '# sessions' });
  return {
    head: 'Humain numérique',
    allHeads: 'Tous les humains numériques',
    from: 'Du',
    to: 'Au',
    refresh: 'Actualiser',
    rangeMissing: 'Choisissez un premier et un dernier jour.',
    rangeReversed: 'Le premier jour est après le dernier : choisissez un premier jour plus tôt.',
    rangeTooLong: (max) =>
      `Une période compte au plus ${n(max)} jours : choisissez un premier jour plus tardif ou un dernier jour plus tôt.`,
    loading: 'Chargement des statistiques…',
    loadFailed: 'Les statistiques n’ont pas pu être chargées.',
    empty: 'Aucune conversation pour l’instant — voici comment activer les événements de session.',
    emptyHow:
      'Les statistiques comptent les événements de session que la plateforme envoie au proxy de ce site. Pour chaque humain numérique, dirigez un webhook vers le proxy et activez l’envoi :',
    emptyHelp: 'Comment activer les événements de session',
    keptDays: (days) =>
      `Ce serveur conserve ${plural(days, { one: 'le dernier jour', other: 'les # derniers jours' })} : les jours antérieurs apparaissent vides.`,
    sessions: 'Nombre de sessions',
    minutes: 'Minutes de conversation',
    medianMinutes: 'Durée médiane d’une session (minutes)',
    timeoutShare: 'Sessions expirées',
    launchToSession: 'Lancements devenus des sessions',
    perDay: 'Sessions par jour',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sessions par jour du ${from} au ${to} : ${n(total)} au total, le plus le ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day} : ${sessions(count)}`,
    byHour: 'Sessions par heure de la journée (UTC)',
    byHourSummary: (busiest, most) =>
      `Sessions par heure de la journée, en UTC : le plus à ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour} : ${sessions(count)}`,
    showTable: 'Afficher sous forme de tableau',
    day: 'Jour',
    hour: 'Heure (UTC)',
    questions: 'Questions les plus posées',
    asked: (count) => plural(count, { one: 'posée une fois', other: 'posée # fois' }),
    noQuestions:
      'Aucune question sur cette période. Les questions sont comptées pour les humains numériques en mode plugin.',
    questionsOff: 'Ce serveur ne conserve pas le texte des questions.',
    csv: 'Télécharger les jours en CSV',
  } satisfies InsightsMessages;
};
