/**
 * The range's days as CSV (RFC 4180): a header row of the answer's own field names, which a
 * spreadsheet or a script reads in any language, then one row per day, oldest first. Every value
 * is a day or a number, so nothing needs quoting.
 */
import type { Insights, InsightsDay } from '../../api/answers.js';

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

export function insightsCsv(insights: Insights): string {
  const rows = [
    ['day', ...CSV_COUNTS],
    ...insights.days.map((day) => [day.day, ...CSV_COUNTS.map((count) => String(day[count]))]),
  ];
  // CRLF between records, as RFC 4180 writes them (and Excel expects).
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** The file's name: `insights-<head or all>-<from>-<to>.csv`, with nothing a file system refuses. */
export const csvFileName = (insights: Insights): string =>
  `insights-${(insights.head ?? 'all').replace(/[^\w-]/g, '_')}-${insights.from}-${insights.to}.csv`;
