/**
 * How the studio's gallery says when a video was made (video-studio/wording.ts `formatWhen`), at
 * the edges a visitor can meet: the hour's turn, a night, summer time ending, the week, a clock
 * that runs behind the platform's, a date the platform sent that is not one. In a time zone with
 * summer time, set before the first date is made.
 */
process.env.TZ = 'Europe/Berlin';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { formatWhen, formatDate } = await import('../../src/elements/video-studio/wording.js');

/** Local time in Berlin, as the visitor's clock reads it. */
const at = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) =>
  new Date(y, mo - 1, d, h, mi, s).getTime();
const iso = (t: number) => new Date(t).toISOString();

test('within the hour: now, then minutes; 59 min 40 s reads as an hour, never "60 minutes"', () => {
  const now = at(2026, 11, 25, 15);
  assert.equal(formatWhen(iso(now - 10_000), 'en', now), 'now');
  assert.equal(formatWhen(iso(now - 50_000), 'en', now), '1 minute ago');
  assert.equal(formatWhen(iso(now - 3 * 60_000), 'en', now), '3 minutes ago');
  assert.equal(formatWhen(iso(now - 3 * 60_000), 'de', now), 'vor 3 Minuten');
  assert.equal(formatWhen(iso(now - (59 * 60 + 40) * 1000), 'en', now), '1 hour ago');
});

test('within a day: hours, also across midnight (made at 23:00, seen at 09:00)', () => {
  assert.equal(formatWhen(iso(at(2026, 11, 24, 23)), 'en', at(2026, 11, 25, 9)), '10 hours ago');
  assert.equal(formatWhen(iso(at(2026, 11, 25, 10)), 'pl', at(2026, 11, 25, 15)), '5 godzin temu');
});

test('from a day on: calendar days (yesterday, 3 days ago), then the date from the seventh day', () => {
  const now = at(2026, 11, 25, 15);
  assert.equal(formatWhen(iso(at(2026, 11, 24, 12)), 'en', now), 'yesterday');
  assert.equal(formatWhen(iso(at(2026, 11, 24, 12)), 'fr', now), 'hier');
  assert.equal(formatWhen(iso(at(2026, 11, 22, 18)), 'en', now), '3 days ago');
  assert.equal(formatWhen(iso(at(2026, 11, 19, 16)), 'en', now), '6 days ago');
  const week = iso(at(2026, 11, 18, 16));
  assert.equal(formatWhen(week, 'en', now), formatDate(week, 'en'));
  assert.match(formatWhen(week, 'en', now), /2026/);
});

test('summer time ends (a 25-hour day): 24 hours 20 minutes on the same date are hours, not "yesterday"', () => {
  // 26 October 2025 in Berlin has 25 hours: 00:10 to 23:30 is 24 h 20 min.
  assert.equal(
    formatWhen(iso(at(2025, 10, 26, 0, 10)), 'en', at(2025, 10, 26, 23, 30)),
    '24 hours ago',
  );
  // Summer time begins (a 23-hour day): 22:00 the day before to 23:30 is 24 h 30 min, a day.
  assert.equal(formatWhen(iso(at(2026, 3, 28, 22)), 'en', at(2026, 3, 29, 23, 30)), 'yesterday');
});

test('a visitor clock behind the platform: up to a minute is "now", more is the date; not a date is left as sent', () => {
  const now = at(2026, 11, 25, 15);
  assert.equal(formatWhen(iso(now + 30_000), 'en', now), 'now');
  const ahead = iso(now + 2 * 60_000);
  assert.equal(formatWhen(ahead, 'en', now), formatDate(ahead, 'en'));
  assert.equal(formatWhen('yesterday-ish', 'en', now), 'yesterday-ish');
});
