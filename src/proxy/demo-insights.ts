/**
 * A few weeks of simulated conversations for the demo's insights (`dh-kit start` against the
 * simulator), so the back office's charts show something before anyone has talked: the 28 days
 * before today, for the demo heads, written straight into the insights' tallies
 * (ConversationInsights.addToDay). Through the receiver they could not go: a delivery of a past
 * session is refused as a replay. Each day comes out the same every time (a random source seeded
 * by the head and the day) and is added only to a day with nothing counted yet, once (its `once`
 * mark): a restart adds nothing, and a day with real counts (a persistent store, yesterday's
 * conversations) is left as it is; a store in memory starts empty, and has them again. Only
 * `dh-kit start` in simulator mode calls this: never against a platform.
 */
import { dayOf } from '../api/days.js';
import {
  ALL_HEADS,
  durationField,
  FIELDS,
  hourField,
  questionField,
  questionText,
  type ConversationInsights,
} from './conversation-insights.js';

/** How many days before today the demo has. */
export const DEMO_INSIGHT_DAYS = 28;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the demo's visitors ask the chat head most, the first most often. */
const QUESTIONS = [
  'What are your opening hours?',
  'How much does delivery cost?',
  'Can I return an item I bought online?',
  'Do you ship to Canada?',
  'How do I reset my password?',
  'Is there a student discount?',
  'Where is my order?',
  'Can I talk to a person?',
  'Which size should I choose?',
  'Do you have a store in Berlin?',
];

/** The share of sessions started in each hour of the day (UTC): office hours, an evening, a quiet night. */
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 3, 5, 8, 10, 11, 10, 9, 10, 11, 10, 9, 8, 7, 7, 6, 4, 3, 2];

/** A small, seeded random source (mulberry32), from a text (FNV-1a). */
function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of the items, by their weights. */
function pick(random: () => number, weights: readonly number[]): number {
  let left = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) if ((left -= weights[i]!) < 0) return i;
  return weights.length - 1;
}

interface DemoSession {
  start: number;
  end: number;
}

/** The most sessions running at once. */
function peakOf(sessions: readonly DemoSession[]): number {
  const moments = sessions.flatMap((s) => [
    [s.start, 1],
    [s.end, -1],
  ]);
  // An end before a start at the same moment: a session that ends as another starts is not both.
  moments.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let running = 0;
  let peak = 0;
  for (const [, step] of moments) peak = Math.max(peak, (running += step!));
  return peak;
}

/** A head's simulated day: its tally's additions and its sessions. */
function simulateDay(head: string, day: string, busy: number, asks: boolean) {
  const random = randomFrom(`${head} ${day}`);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
  const count = Math.round(busy * (weekend ? 0.6 : 1) * (0.75 + random() * 0.5));
  const add: Record<string, number> = {};
  const more = (field: string, by = 1) => {
    add[field] = (add[field] ?? 0) + by;
  };
  const sessions: DemoSession[] = [];
  for (let i = 0; i < count; i++) {
    const start = dayStart + pick(random, HOUR_WEIGHTS) * HOUR + Math.floor(random() * HOUR);
    // Most conversations are short, a few long: 30 s and an exponential tail, 40 minutes at most.
    let length = Math.min(40 * MINUTE, 30_000 + -Math.log(1 - random()) * 4 * MINUTE);
    const timedOut = random() < 0.12;
    // A time-out comes after a warning and the idle minutes.
    if (timedOut) length += 2 * MINUTE;
    sessions.push({ start, end: start + length });
    more(FIELDS.started);
    more(hourField(start));
    more(FIELDS.ended);
    more(FIELDS.ms, Math.round(length));
    more(durationField(length));
    if (timedOut) more(FIELDS.timedOut);
    if (timedOut || random() < 0.1) more(FIELDS.warnings);
    if (asks)
      for (let q = 1 + Math.floor(random() * 2); q > 0; q--)
        more(
          questionField(
            questionText(
              QUESTIONS[
                pick(
                  random,
                  QUESTIONS.map((_, k) => 1 / (k + 1)),
                )
              ]!,
            ),
          ),
        );
  }
  // Some visitors open the avatar and never say a word.
  more(FIELDS.launches, count + Math.round(count * (0.3 + random() * 0.3)));
  return { add, sessions };
}

/**
 * Adds the demo's weeks of conversations for the chat head (about 20 sessions a weekday, with
 * questions) and the stream head (about 8), and all heads' sums, to the days that have nothing.
 */
export async function seedDemoInsights(
  insights: ConversationInsights,
  heads: { chat: string; stream: string },
  now = Date.now(),
): Promise<void> {
  const profiles = [
    { head: heads.chat, busy: 20, asks: insights.kept.questions },
    { head: heads.stream, busy: 8, asks: false },
  ];
  // Days the insights would no longer show are left out.
  for (let back = Math.min(DEMO_INSIGHT_DAYS, insights.kept.keptDays - 1); back >= 1; back--) {
    const day = dayOf(now - back * DAY);
    // All heads' tally holds whatever any head counted, and is seeded last: empty, the day has
    // no real counts (a seed cut short is finished, its heads' parts kept once by their mark).
    if (Object.keys(await insights.dayFields(ALL_HEADS, day)).length > 0) continue;
    const all: Record<string, number> = {};
    const sessions: DemoSession[] = [];
    for (const { head, busy, asks } of profiles) {
      const simulated = simulateDay(head, day, busy, asks);
      await insights.addToDay(
        head,
        day,
        { add: simulated.add, max: { [FIELDS.peak]: peakOf(simulated.sessions) } },
        'demo',
      );
      for (const [field, n] of Object.entries(simulated.add)) all[field] = (all[field] ?? 0) + n;
      sessions.push(...simulated.sessions);
    }
    await insights.addToDay(
      ALL_HEADS,
      day,
      { add: all, max: { [FIELDS.peak]: peakOf(sessions) } },
      'demo',
    );
  }
}
