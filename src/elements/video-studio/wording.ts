/**
 * How the studio words things, in the element's locale: times (the visible timer, what screen
 * readers hear, a talk's date), the daily cap's reset, and failures (a `dh-error` detail for the
 * page, in English, and what the element shows, in its locale).
 */
import { ApiRequestError } from '../../api/client.js';
import type { ErrorCode } from '../../api/errors.js';
import type { DhErrorDetail } from '../shared/events.js';
import { formats } from '../shared/formats.js';
import { sharedMessages, type SharedMessages } from '../shared/messages.js';
import { videoStudioMessages, type VideoStudioMessages } from './messages.js';

/** What the studio's renderers are given: its messages and the shared ones, in its locale, and the locale's tag (for `Intl`). */
export interface Words {
  m: VideoStudioMessages;
  shared: SharedMessages;
  locale: string;
}

/** The words of the `dh-error` details: English, whatever the element shows. */
const ENGLISH: Words = { m: videoStudioMessages, shared: sharedMessages, locale: 'en' };

/** `1:05` for the visible timer. */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** `1 minute 5 seconds` (en), `1 Minute, 5 Sekunden` (de): for screen readers and messages. */
export function duration(seconds: number, locale: string): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const part = (value: number, unit: string) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  if (!m) return part(s, 'second');
  return s
    ? new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format([
        part(m, 'minute'),
        part(s, 'second'),
      ])
    : part(m, 'minute');
}

/** A talk's date and time in the element's locale. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formats(locale).date(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a talk was made, as the gallery says it: relative while it is recent — `now`, `3 minutes
 * ago`, `5 hours ago` within a day, then calendar days of the visitor's time zone, `yesterday`,
 * `3 days ago` (`jetzt`, `vor 3 Minuten`, `gestern` in de) — and its date from the seventh day on,
 * or for a date ahead of the visitor's clock (by more than a minute of skew).
 */
export function formatWhen(iso: string, locale: string, now = Date.now()): string {
  const date = new Date(iso);
  const ago = now - date.getTime();
  if (!(ago > -MINUTE)) return formatDate(iso, locale);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(ago / MINUTE);
  if (ago < 45_000) return relative.format(0, 'second');
  if (minutes < 60) return relative.format(-Math.max(1, minutes), 'minute');
  const midnight = (t: number) => new Date(t).setHours(0, 0, 0, 0);
  const days = Math.round((midnight(now) - midnight(date.getTime())) / (24 * HOUR));
  // Hours within a day, and on the same date (a 25-hour day, when summer time ends, has a 24th).
  if (ago < 24 * HOUR || days < 1)
    return relative.format(-Math.max(1, Math.floor(ago / HOUR)), 'hour');
  return days < 7 ? relative.format(-days, 'day') : formatDate(iso, locale);
}

/**
 * A failure: the `dh-error` detail the page is told (English), and, when the studio has its own
 * words for it, how to say it in the element's locale; otherwise the shared text of its code.
 */
export interface Failure {
  detail: DhErrorDetail;
  say?(words: Words): string;
}

/** A failure in the studio's own words (the detail's message is their English). */
export function failure(code: ErrorCode, say: (words: Words) => string): Failure {
  return { detail: { code, message: say(ENGLISH) }, say };
}

/** What the element shows for a failure, in its locale. */
export function failureText(f: Failure, words: Words): string {
  return f.say
    ? f.say(words)
    : words.m.refused(f.detail.code, f.detail.message) ||
        words.shared.error(f.detail.code, f.detail.message);
}

/** A failure as the element shows it and tells the page: the proxy's words, the cap in plain terms. */
export function toFailure(err: unknown, fallback: Failure): Failure {
  if (err instanceof ApiRequestError) {
    // The proxy says when its daily cap resets (Retry-After); without it, its own words say.
    if (err.code === 'video_cap_reached' && err.retryAfter !== undefined) {
      const minutes = Math.max(1, Math.ceil(err.retryAfter / 60));
      return failure('video_cap_reached', ({ m }) =>
        m.capReached(Math.floor(minutes / 60), minutes % 60),
      );
    }
    return { detail: { code: err.code, message: err.message } };
  }
  return fallback;
}

/** Failures of the element's own (the player's `<video>`, a download through fetch). */
export const unplayable = /* @__PURE__ */ failure('video_unplayable', ({ m }) => m.unplayable);
export const downloadFailed = /* @__PURE__ */ failure(
  'video_download_failed',
  ({ m }) => m.downloadFailed,
);
