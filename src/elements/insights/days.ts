/**
 * Calendar days as `GET /insights` counts them: `YYYY-MM-DD` in UTC (the proxy's days), both ends
 * of a range included.
 */
import { MAX_INSIGHTS_DAYS } from '../../api/rules.js';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a time: `2026-11-28`. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The day `count` days after `day` (before it, for a negative count). */
export const addDays = (day: string, count: number): string =>
  dayOf(Date.parse(day) + count * DAY_MS);

/** A day of the calendar written `YYYY-MM-DD` (not `2026-02-30`), as a date input gives it. */
const isDay = (value: string): boolean =>
  ISO_DAY.test(value) && !Number.isNaN(Date.parse(value)) && addDays(value, 0) === value;

/** How many days a range has, both ends counted. */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Why a range cannot be asked for (the element says so and sends nothing), or '' when it can. */
export type RangeProblem = '' | 'rangeMissing' | 'rangeReversed' | 'rangeTooLong';

export function rangeProblem(from: string, to: string): RangeProblem {
  if (!isDay(from) || !isDay(to)) return 'rangeMissing';
  if (from > to) return 'rangeReversed';
  return daysIn(from, to) > MAX_INSIGHTS_DAYS ? 'rangeTooLong' : '';
}
