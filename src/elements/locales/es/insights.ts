import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) => plural(count, { one: '# sesión', other: '# sesiones' });
  return {
    head: 'Humano digital',
    allHeads: 'Todos los humanos digitales',
    from: 'Desde',
    to: 'Hasta',
    refresh: 'Actualizar',
    rangeMissing: 'Elige un primer y un último día.',
    rangeReversed: 'El primer día es posterior al último: elige un primer día anterior.',
    rangeTooLong: (max) =>
      `Un periodo tiene como máximo ${n(max)} días: elige un primer día posterior o un último día anterior.`,
    loading: 'Cargando las estadísticas…',
    loadFailed: 'No se pudieron cargar las estadísticas.',
    empty: 'Todavía no hay conversaciones: así se activan los eventos de sesión.',
    emptyHow:
      'Las estadísticas cuentan los eventos de sesión que la plataforma envía al proxy de este sitio. Para cada humano digital, dirige un webhook al proxy y activa el envío:',
    emptyHelp: 'Cómo activar los eventos de sesión',
    keptDays: (days) =>
      `Este servidor guarda ${plural(days, { one: 'el último día', other: 'los últimos # días' })}: los días anteriores aparecen vacíos.`,
    sessions: 'Sesiones',
    minutes: 'Minutos de conversación',
    medianMinutes: 'Minutos por sesión (mediana)',
    timeoutShare: 'Sesiones que expiraron',
    launchToSession: 'Inicios que se convirtieron en sesiones',
    perDay: 'Sesiones por día',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sesiones por día del ${from} al ${to}: ${n(total)} en total, con el máximo el ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'Sesiones por hora del día (UTC)',
    byHourSummary: (busiest, most) =>
      `Sesiones por hora del día, en UTC: el máximo a las ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'Mostrar como tabla',
    day: 'Día',
    hour: 'Hora (UTC)',
    questions: 'Preguntas más frecuentes',
    asked: (count) => plural(count, { one: 'una vez', other: '# veces' }),
    noQuestions:
      'No hay preguntas en este periodo. Las preguntas se cuentan para los humanos digitales en modo plugin.',
    questionsOff: 'Este servidor no guarda el texto de las preguntas.',
    csv: 'Descargar los días en CSV',
  } satisfies InsightsMessages;
};
