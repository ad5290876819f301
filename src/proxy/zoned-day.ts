/**
 * Days in a time zone, for a head's daily budget (session-budget.ts): which day an instant is in
 * and when that day starts and ends, daylight-saving days (23 or 25 hours) and zones whose clocks
 * skip midnight included. Intl alone (no time-zone package): it carries the IANA database on
 * Node, Workers, Deno and Bun.
 */

const MINUTE = 60_000;
const DAY = 24 * 3600e3;

/** Whether `zone` is an IANA time zone the runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical spelling (`europe/paris` → `Europe/Paris`). */
export const canonicalZone = (zone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

export interface ZonedDay {
  /** The date in the zone, `YYYY-MM-DD`. */
  day: string;
  /** When it starts and when the next day starts (epoch ms). */
  start: number;
  end: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date at `t` in `zone`, `YYYY-MM-DD` (these compare in time order as strings). */
function dateIn(t: number, zone: string): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(zone, format);
  }
  const part = (type: string) => format.formatToParts(t).find((p) => p.type === type)?.value;
  return `${part('year')!.padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * The first minute (ms) from which `reached` holds for the date, between `before` (where it does
 * not) and `after` (where it does): days change on a whole minute in every zone since 1972.
 */
function firstMinute(
  zone: string,
  reached: (date: string) => boolean,
  before: number,
  after: number,
) {
  let [a, b] = [before, after];
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (reached(dateIn(mid * MINUTE, zone))) b = mid;
    else a = mid;
  }
  return b * MINUTE;
}

/** Days worked out, by zone and date: a busy head asks for the same one at every launch. */
const known = new Map<string, ZonedDay>();

/** The day `t` is in, in `zone` (default UTC). */
export function zonedDay(t: number, zone = 'UTC'): ZonedDay {
  if (zone === 'UTC') {
    const start = t - (((t % DAY) + DAY) % DAY);
    return { day: new Date(start).toISOString().slice(0, 10), start, end: start + DAY };
  }
  const day = dateIn(t, zone);
  const cached = known.get(`${zone} ${day}`);
  if (cached) return cached;
  const minute = Math.floor(t / MINUTE);
  // No day is longer than 25 hours: 50 hours back is another day, and so is 50 hours on.
  const found = {
    day,
    start: firstMinute(zone, (d) => d >= day, minute - 3000, minute),
    end: firstMinute(zone, (d) => d > day, minute, minute + 3000),
  };
  if (known.size >= 1000) known.clear();
  known.set(`${zone} ${day}`, found);
  return found;
}

/** The time from `from` to `to` cut at the zone's midnights: `[day, ms]` for each day it touches. */
export function splitByDay(from: number, to: number, zone = 'UTC'): [string, number][] {
  const parts: [string, number][] = [];
  for (let t = from; t < to; ) {
    const { day, end } = zonedDay(t, zone);
    const upTo = Math.min(to, end);
    parts.push([day, upTo - t]);
    t = upTo;
  }
  return parts;
}
