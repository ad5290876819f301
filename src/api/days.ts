/**
 * Calendar days as `GET /insights` counts them: `YYYY-MM-DD` in UTC, both ends of a range
 * included. One piece for the proxy's tallies and route, the query's contract (requests.ts), the
 * CLI and <dh-insights> (no zod: the browser imports it).
 */
import { MAX_INSIGHTS_DAYS } from './rules.js';

export const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a time: `2026-11-28`. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The day `count` days after `day` (before it, for a negative count). */
export const addDays = (day: string, count: number): string =>
  dayOf(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS);

/** Whether a text is written `YYYY-MM-DD`. */
export const looksLikeDay = (value: string): boolean => ISO_DAY.test(value);

/** A day of the calendar written `YYYY-MM-DD` (not `2026-02-30`, nor a month 13). */
export const isDay = (value: string | undefined): value is string =>
  value !== undefined &&
  looksLikeDay(value) &&
  !Number.isNaN(Date.parse(value)) &&
  addDays(value, 0) === value;

/** How many days a range has, both ends counted. */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, daysIn(from, to)) }, (_, index) => addDays(from, index));

/** Why a range cannot be asked for, or '' when it can. */
export type RangeProblem = '' | 'rangeMissing' | 'rangeReversed' | 'rangeTooLong';

export function rangeProblem(from: string | undefined, to: string | undefined): RangeProblem {
  if (!isDay(from) || !isDay(to)) return 'rangeMissing';
  if (from > to) return 'rangeReversed';
  return daysIn(from, to) > MAX_INSIGHTS_DAYS ? 'rangeTooLong' : '';
}
