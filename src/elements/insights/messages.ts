import { formats } from '../shared/formats.js';

const { n, plural } = formats('en');

/**
 * The English messages of `<dh-insights>` (the catalogue's `insights` section; see
 * elements/localized.ts). Days, hours and numbers arrive formatted in the element's locale
 * (`Intl`); a message only puts them in its words.
 */
export const insightsMessages = {
  /** The head choice's label. */
  head: 'Head',
  /** The head choice's first option: every head's conversations together. */
  allHeads: 'All heads',
  /** The first and the last day of the range (date inputs). */
  from: 'From',
  to: 'To',
  /** The button that loads the range again (today's conversations move as they end). */
  refresh: 'Refresh',
  /** A date input is empty or not a day. */
  rangeMissing: 'Choose a first and a last day.',
  rangeReversed: 'The first day is after the last day: choose an earlier first day.',
  /** The range is longer than the proxy answers; `max` is 366. */
  rangeTooLong: (max: number): string =>
    `A range is at most ${n(max)} days: choose a later first day or an earlier last day.`,
  loading: 'Loading the insights…',
  loadFailed: 'The insights could not be loaded.',
  /** The heading of the empty state. */
  empty: 'No conversations yet — here is how to turn on session events.',
  /** Under it, before the commands that turn them on (shown as code). */
  emptyHow:
    "Insights count the session events that the platform sends to this site's proxy. For each head, point a webhook at the proxy and turn delivery on:",
  /** The link to the documentation (`help-href`). */
  emptyHelp: 'How to turn on session events',
  /** The proxy keeps `days` days; a range that starts earlier is told so. */
  keptDays: (days: number): string =>
    `This server keeps the last ${plural(days, { one: '# day', other: '# days' })}: earlier days read as empty.`,

  /** The key numbers' labels. */
  sessions: 'Sessions',
  minutes: 'Minutes of conversation',
  medianMinutes: 'Median minutes per session',
  timeoutShare: 'Sessions that timed out',
  launchToSession: 'Launches that became sessions',

  /** The per-day chart's heading. */
  perDay: 'Sessions per day',
  /** Its summary for screen readers; the days are formatted ("Nov 3, 2026"). */
  perDaySummary: (from: string, to: string, total: number, busiest: string, most: number): string =>
    `Sessions per day from ${from} to ${to}: ${n(total)} in all, the most on ${busiest} (${n(most)}).`,
  /** One bar's tooltip: "Nov 3: 5 sessions". */
  dayBar: (day: string, sessions: number): string =>
    `${day}: ${plural(sessions, { one: '# session', other: '# sessions' })}`,
  /** The hour-of-day chart's heading. */
  byHour: 'Sessions by hour of the day (UTC)',
  /** Its summary; `hour` is formatted ("2 PM"). */
  byHourSummary: (busiest: string, most: number): string =>
    `Sessions by hour of the day, in UTC: the most at ${busiest} (${n(most)}).`,
  hourBar: (hour: string, sessions: number): string =>
    `${hour}: ${plural(sessions, { one: '# session', other: '# sessions' })}`,
  /** The disclosure that shows a chart's numbers as a table. */
  showTable: 'Show as table',
  /** The tables' column headings. */
  day: 'Day',
  hour: 'Hour (UTC)',

  /** The visitors' questions. */
  questions: 'Top questions',
  /** How often a question was asked. */
  asked: (count: number): string => plural(count, { one: 'asked once', other: 'asked # times' }),
  noQuestions: 'No questions in this range. Questions are counted for heads in plugin mode.',
  questionsOff: 'This server keeps no question text.',

  /** The CSV download of the range's days. */
  csv: 'Download the days as CSV',
};
export type InsightsMessages = typeof insightsMessages;
