/**
 * The range's days of `GET /insights` as CSV (RFC 4180), for <dh-insights>' download and
 * `dh-kit insights --csv`: a header row of the answer's own field names, which a spreadsheet or a
 * script reads in any language, then one row per day, oldest first. Every value is a day or a
 * number, so nothing needs quoting.
 */
import type { Insights, InsightsDay } from './answers.js';

/** The columns after `day`: each count of a day, in the answer's order. */
export const CSV_COUNTS = [
  'launches',
  'sessionsStarted',
  'sessionsEnded',
  'sessionsTimedOut',
  'inactivityWarnings',
  'minutes',
  'peakConcurrent',
] as const satisfies readonly (keyof InsightsDay)[];

/** The header row, then a row per day: each a line of the CSV, without its line break. */
export function insightsCsvLines(insights: Insights): string[] {
  return [
    ['day', ...CSV_COUNTS],
    ...insights.days.map((day) => [day.day, ...CSV_COUNTS.map((count) => String(day[count]))]),
  ].map((row) => row.join(','));
}

/** The CSV file: CRLF between records, as RFC 4180 writes them (and Excel expects). */
export function insightsCsv(insights: Insights): string {
  return `${insightsCsvLines(insights).join('\r\n')}\r\n`;
}

/** The file's name: `insights-<head or all>-<from>-<to>.csv`, with nothing a file system refuses. */
export const csvFileName = (insights: Insights): string =>
  `insights-${(insights.head ?? 'all').replace(/[^\w-]/g, '_')}-${insights.from}-${insights.to}.csv`;
