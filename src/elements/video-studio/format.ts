/**
 * How the studio words things: times (the visible timer, what screen readers hear, a talk's
 * date), the daily cap's reset, and failures as `dh-error` details.
 */
import { ApiRequestError } from '../../api/client.js';
import type { DhErrorDetail } from '../shared/events.js';

/** `1:05` for the visible timer. */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** `1 minute 5 seconds` for screen readers and messages. */
export function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!m) return part(s, 'second');
  return s ? `${part(m, 'minute')} ${part(s, 'second')}` : part(m, 'minute');
}

/** `about 5 h 20 min` until the next midnight UTC, when the proxy's daily cap resets. */
function untilMidnightUtc(now = Date.now()): string {
  const d = new Date(now);
  const minutes = Math.max(1, Math.ceil((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now) / 60_000));
  const h = Math.floor(minutes / 60);
  return h ? `about ${h} h ${minutes % 60} min` : `about ${minutes} min`;
}

let dateFormat: Intl.DateTimeFormat | undefined;
/** A talk's date in the reader's locale (formatter made once, on first use). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(date);
}

/**
 * A stable key for the `headers` property, so an equal object in a new identity does not refetch.
 * (Headers lists its entries sorted by lower-case name: the order in the object does not matter.)
 */
export function headersKey(headers: HeadersInit | undefined): string {
  if (!headers) return '';
  return JSON.stringify([...new Headers(headers)]);
}

/** A failure as the element shows it and tells the page: the proxy's words, the cap in plain terms. */
export function toDetail(err: unknown, fallback: DhErrorDetail): DhErrorDetail {
  if (err instanceof ApiRequestError) {
    if (err.code === 'video_cap_reached') {
      return {
        code: err.code,
        message: `The daily limit of videos is reached: no more can be made today. It resets at midnight UTC, in ${untilMidnightUtc()}.`,
      };
    }
    return { code: err.code, message: err.message };
  }
  return fallback;
}
