import type { InsightsMessages } from '../../insights/messages.js';
import type { Formats } from '../../shared/formats.js';

export default ({ n, plural }: Formats) => {
  const sessions = (count: number) => plural(count, { one: '# sessão', other: '# sessões' });
  return {
    head: 'Humano digital',
    allHeads: 'Todos os humanos digitais',
    from: 'De',
    to: 'Até',
    refresh: 'Atualizar',
    rangeMissing: 'Escolha um primeiro e um último dia.',
    rangeReversed: 'O primeiro dia é depois do último: escolha um primeiro dia anterior.',
    rangeTooLong: (max) =>
      `Um período tem no máximo ${n(max)} dias: escolha um primeiro dia posterior ou um último dia anterior.`,
    loading: 'Carregando as estatísticas…',
    loadFailed: 'Não foi possível carregar as estatísticas.',
    empty: 'Ainda não há conversas — veja como ativar os eventos de sessão.',
    emptyHow:
      'As estatísticas contam os eventos de sessão que a plataforma envia ao proxy deste site. Para cada humano digital, aponte um webhook para o proxy e ative o envio:',
    emptyHelp: 'Como ativar os eventos de sessão',
    keptDays: (days) =>
      `Este servidor guarda ${plural(days, { one: 'o último dia', other: 'os últimos # dias' })}: os dias anteriores aparecem vazios.`,
    sessions: 'Sessões',
    minutes: 'Minutos de conversa',
    medianMinutes: 'Minutos por sessão (mediana)',
    timeoutShare: 'Sessões que expiraram',
    launchToSession: 'Inícios que viraram sessões',
    perDay: 'Sessões por dia',
    perDaySummary: (from, to, total, busiest, most) =>
      `Sessões por dia de ${from} a ${to}: ${n(total)} no total, o máximo em ${busiest} (${n(most)}).`,
    dayBar: (day, count) => `${day}: ${sessions(count)}`,
    byHour: 'Sessões por hora do dia (UTC)',
    byHourSummary: (busiest, most) =>
      `Sessões por hora do dia, em UTC: o máximo às ${busiest} (${n(most)}).`,
    hourBar: (hour, count) => `${hour}: ${sessions(count)}`,
    showTable: 'Mostrar como tabela',
    day: 'Dia',
    hour: 'Hora (UTC)',
    questions: 'Perguntas mais frequentes',
    asked: (count) => plural(count, { one: 'uma vez', other: '# vezes' }),
    noQuestions:
      'Nenhuma pergunta neste período. As perguntas são contadas para humanos digitais no modo plugin.',
    questionsOff: 'Este servidor não guarda o texto das perguntas.',
    csv: 'Baixar os dias em CSV',
  } satisfies InsightsMessages;
};
