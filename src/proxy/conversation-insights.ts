/**
 * Conversation insights: what the heads' conversations were like, day by day (UTC), from the
 * verified session events, the launches and, in plugin mode, the visitors' messages. Kept in the
 * proxy's store as tallies (tally.ts: one per head and day, and one for all heads under `*`), so
 * every instance sharing the store counts into the same numbers; read by `GET /insights`
 * (routes/insights.ts) and `dh-kit insights`, kept DH_INSIGHTS_DAYS days.
 *
 * What a day counts, and where from:
 * - launches: the links `/launch` signed (routes/launch.ts), not the frames that open them;
 * - sessions started, by hour, and the most running at once, as sessions start: the session
 *   budget tells each start with the head's running sessions (session-budget.ts,
 *   SessionObserver); for all heads, a set of every running session (`insights-running`, an
 *   expiring set, so a session whose end never comes leaves it after DH_MAX_SESSION_MINUTES);
 * - minutes, on the day the session started: the budget tells how long each session lasted, once
 *   its end came or its time ran out (then DH_MAX_SESSION_MINUTES); the ended sessions' durations
 *   go in a histogram (15 s wide to half an hour, a minute to three hours, a quarter beyond), for
 *   the median and the 90th percentile;
 * - sessions ended and timed out (`record`): a time-out comes with an end (spec, Events: the
 *   platform sends both, maybe either side of midnight), and the session counts once as ended
 *   and once as timed out, both on the day of whichever of the two came first (kept under the
 *   session: `insights-ended`); warnings on the day of the event.
 * Each counts once however often, and on whichever instance, its event comes: a start, an end, a
 * time-out and a duration by session; a warning by session and time (a session may be warned
 * twice).
 *
 * Questions (plugin mode; DH_INSIGHTS_QUESTIONS=off keeps no new text and shows none, while texts
 * kept before stay until their day leaves the store: docs/configuration.md): the text of each
 * message the plugin route gets (its parts joined), normalised (spaces collapsed, lower case, at
 * most 200 characters), counted for all heads, and for its head when that is known. The plugin
 * call names a `userid`, no head, and the spec does not show what the userid is; the platform's
 * simulator sends the session id. So it is read as one, tolerantly: a start remembers its
 * session's head; a message whose session has not started yet (its call came before the start's
 * delivery) waits ten minutes for it; a userid that is no session's counts for all heads only.
 * A day keeps at most 100 texts: a new one then takes the place of the least asked, from its
 * count (space-saving), so whatever is asked often keeps its place, and no count is too low.
 *
 * When the store cannot count (Redis away), an event is answered 503 and the platform sends it
 * again, as for the budget. A store without atomic tallies (Workers KV, a site's own driver:
 * tally.ts's fallback; tallyIsAtomic) is approximate across instances anyway: there a failure is
 * said and let go, and every head's running set, one key written at every start and end, is best
 * effort: when it cannot be written the all-heads peak is the head's own, never a count lost.
 */
import { daysBetween, dayOf } from '../api/days.js';
import type { Insights, InsightsDay, InsightsQuestion } from '../api/answers.js';
import { toHex } from '../platform/hex.js';
import { warnOnConsole } from '../platform/printable.js';
import type { WebhookEvent } from '../platform/schemas.js';
import type { ProxyConfig } from './config.js';
import { expiringSetOf } from './expiring-set.js';
import type { SessionObserver } from './session-budget.js';
import { UnstorageStore } from './shared-store.js';
import type { KeyValueStore, TallyChange } from './store.js';
import { tallyOf } from './tally.js';

const HOUR = 3600e3;
const DAY = 24 * HOUR;
/** The all-heads tally's "head". */
export const ALL_HEADS = '*';
/** The longest question kept, in characters. */
export const MAX_QUESTION = 200;
/** The questions a day's tally keeps at most, and how many the answer names. */
const QUESTIONS_KEPT = 100;
const QUESTIONS_SHOWN = 20;
/** How long a message waits for its session's start, and how many wait at most per session. */
const WAIT_MS = 10 * 60_000;
const WAITING_MAX = 5;
/** Days read at once. */
const READ_BATCH = 32;

/** The store keys of the insights (docs/deploying.md lists them). */
const keys = {
  day: (head: string, day: string) => `insights:${head}:${day}`,
  running: 'insights-running',
  // Encoded: a session id is the platform's (or a plugin call's) and `?` or `/` mean something in a key.
  session: (session: string) => `insights-session:${encodeURIComponent(session)}`,
  waiting: (session: string) => `insights-waiting:${encodeURIComponent(session)}`,
  /** The day a session's end counts on (the first of its end and time-out). */
  ended: (head: string, session: string) => `insights-ended:${head}:${encodeURIComponent(session)}`,
};

/** A day's fields in a tally (besides the hours, durations and questions below). */
export const FIELDS = {
  launches: 'launches',
  started: 'started',
  ended: 'ended',
  timedOut: 'timedOut',
  warnings: 'warnings',
  /** Milliseconds of the sessions started that day. */
  ms: 'ms',
  peak: 'peak',
} as const;
const QUESTION = 'q:';
const DURATION = 'd';
/** The field of a question's count. */
export const questionField = (text: string) => QUESTION + text;

/** The field of the sessions started in the UTC hour of `t`: `h00` … `h23`. */
export const hourField = (t: number) => `h${String(new Date(t).getUTCHours()).padStart(2, '0')}`;

/** A duration bucket's width (s): 15 s to half an hour, a minute to three hours, a quarter beyond. */
const bucketWidth = (seconds: number) => (seconds < 1800 ? 15 : seconds < 10_800 ? 60 : 900);
/** The field of a duration's bucket: `d` and the bucket's first second. */
export function durationField(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${DURATION}${seconds - (seconds % bucketWidth(seconds))}`;
}

/** A visitor's text as the insights keep it: spaces (and control characters) collapsed, lower case, 200 characters. */
export function questionText(text: string): string {
  const flat = text
    .normalize('NFC')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .toLowerCase();
  // Characters, not UTF-16 units: a cut never splits one.
  return [...flat].slice(0, MAX_QUESTION).join('').trimEnd();
}

/** Milliseconds as minutes, one decimal. */
const minutes = (ms: number) => Math.round(ms / 6000) / 10;
const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** The minutes at the q-quantile of a duration histogram (nearest rank, a bucket's middle); null when empty. */
function quantile(buckets: [start: number, count: number][], q: number): number | null {
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [start, count] of buckets) {
    seen += count;
    if (seen >= rank) return Math.round(((start + bucketWidth(start) / 2) / 60) * 10) / 10;
  }
  return null;
}

type Fields = Record<string, number>;

/** A day's counts from its tally. */
function dayCounts(day: string, fields: Fields): InsightsDay {
  return {
    day,
    launches: fields[FIELDS.launches] ?? 0,
    sessionsStarted: fields[FIELDS.started] ?? 0,
    sessionsEnded: fields[FIELDS.ended] ?? 0,
    sessionsTimedOut: fields[FIELDS.timedOut] ?? 0,
    inactivityWarnings: fields[FIELDS.warnings] ?? 0,
    minutes: minutes(fields[FIELDS.ms] ?? 0),
    peakConcurrent: fields[FIELDS.peak] ?? 0,
  };
}

/** The answer of `GET /insights` from the tallies of the range's days, in order. */
export function insightsAnswer(
  head: string | null,
  days: readonly [day: string, fields: Fields][],
  kept: { keptDays: number; questions: boolean },
): Insights {
  const sum = (field: string) =>
    days.reduce((total, [, fields]) => total + (fields[field] ?? 0), 0);
  const hours = Array.from({ length: 24 }, (_, h) => sum(`h${String(h).padStart(2, '0')}`));
  const durations = new Map<number, number>();
  const asked = new Map<string, number>();
  for (const [, fields] of days)
    for (const [field, count] of Object.entries(fields)) {
      if (field.startsWith(QUESTION))
        asked.set(
          field.slice(QUESTION.length),
          (asked.get(field.slice(QUESTION.length)) ?? 0) + count,
        );
      else if (/^d\d+$/.test(field)) {
        const start = Number(field.slice(DURATION.length));
        durations.set(start, (durations.get(start) ?? 0) + count);
      }
    }
  const buckets = [...durations].sort((a, b) => a[0] - b[0]);
  const questions: InsightsQuestion[] = [...asked]
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .slice(0, QUESTIONS_SHOWN);
  const started = sum(FIELDS.started);
  const ended = sum(FIELDS.ended);
  const launches = sum(FIELDS.launches);
  return {
    head,
    from: days[0]?.[0] ?? '',
    to: days.at(-1)?.[0] ?? '',
    totals: {
      launches,
      sessionsStarted: started,
      sessionsEnded: ended,
      sessionsTimedOut: sum(FIELDS.timedOut),
      inactivityWarnings: sum(FIELDS.warnings),
      minutes: minutes(sum(FIELDS.ms)),
      peakConcurrent: Math.max(0, ...days.map(([, fields]) => fields[FIELDS.peak] ?? 0)),
    },
    medianMinutes: quantile(buckets, 0.5),
    p90Minutes: quantile(buckets, 0.9),
    // Every time-out counts as its session's end, on the same day (record): at most 1, unless a
    // store without atomic tallies lost an end's count.
    timeoutShare: ended > 0 ? Math.min(1, ratio(sum(FIELDS.timedOut), ended)!) : null,
    launchToSession: ratio(started, launches),
    days: days.map(([day, fields]) => dayCounts(day, fields)),
    hours,
    questions: kept.questions ? questions : [],
    questionsKept: kept.questions,
    keptDays: kept.keptDays,
  };
}

/** What a tally's day is changed by, directly (the demo's weeks: demo-insights.ts). */
export type DayChange = Pick<TallyChange, 'add' | 'max'>;

export interface ConversationInsights extends SessionObserver {
  /** A verified session event (routes/receiver.ts): its end, time-out or warning, each once. */
  record(event: WebhookEvent, at: number): Promise<void>;
  /** A launch link signed for the head (routes/launch.ts). */
  launched(head: string): Promise<void>;
  /** A visitor's message to the plugin (routes/plugin.ts), by the platform's userid. */
  asked(userId: string, text: string): Promise<void>;
  /** A head's days (all heads' with none), `from` to `to` (UTC, both included). */
  read(head: string | undefined, from: string, to: string): Promise<Insights>;
  /** Adds to one tally's day (a head's, or ALL_HEADS'), once for `once` while the day is kept. */
  addToDay(head: string, day: string, change: DayChange, once: string): Promise<void>;
  /** One tally's day as stored (a head's, or ALL_HEADS'), kept or not: `{}` when nothing counted. */
  dayFields(head: string, day: string): Promise<Record<string, number>>;
  /** DH_INSIGHTS_DAYS and DH_INSIGHTS_QUESTIONS, as parsed. */
  readonly kept: { keptDays: number; questions: boolean };
}

/**
 * Whether the store's tallies are exact across everything sharing it (Redis's script, one
 * process's memory, a store of your own with `tally`), or get and set, approximate across
 * instances (Workers KV, an unstorage driver without atomic tallies: upstash, vercel-kv).
 */
export function tallyIsAtomic(store: KeyValueStore): boolean {
  return store instanceof UnstorageStore ? store.atomicTally : store.tally !== undefined;
}

export function conversationInsights(options: {
  store: KeyValueStore;
  config: Pick<ProxyConfig, 'maxSessionMs' | 'insights'>;
  now: () => number;
  /** Told when a store without atomic tallies fails to count (at most once an hour). */
  warn?: (message: string) => void;
}): ConversationInsights {
  const { store, now, warn = warnOnConsole } = options;
  const maxMs = options.config.maxSessionMs;
  const kept = options.config.insights;
  const tally = tallyOf(store);
  const changeSet = expiringSetOf(store);
  const atomic = tallyIsAtomic(store);
  /** A day is read for DH_INSIGHTS_DAYS days, and kept a little longer (a late session's minutes). */
  const keepMs = (kept.keptDays + 2) * DAY;
  /** What is counted once is remembered as long as its event may come again: a session's life and a day. */
  const onceMs = maxMs + 2 * DAY;
  const setKeepMs = maxMs + HOUR;

  // A store without atomic tallies counts approximately across instances anyway, and KV takes one
  // write a second per key (all heads' tally is written at every event): there a failure to count
  // is said, never a reason for a 503 and a delivery sent again, which the platform gives up on
  // after three.
  let said = Number.NEGATIVE_INFINITY;
  const uncounted = (err: unknown) => {
    if (now() - said < HOUR) return;
    said = now();
    warn(
      `The conversation insights could not count in the store (${err instanceof Error ? err.message : String(err)}); they go on without it (said at most once an hour).`,
    );
  };

  /**
   * Changes the head's tally of `day`, and all heads', each once for `once`. The marks live in
   * that day's tallies: what must count once whatever its events' days fixes its day first
   * (a session's end: sessionEnded).
   */
  const count = async (head: string, day: string, change: DayChange, once?: string) => {
    for (const who of [head, ALL_HEADS])
      await tally(keys.day(who, day), {
        ...change,
        ...(once === undefined ? {} : { once, onceMs }),
        ttlMs: keepMs,
      });
  };
  /** What an event counts once by: its kind, its head (all heads' tally has every head's), its session. */
  const mark = (kind: string, head: string, session: string) => `${kind} ${head} ${session}`;

  const questionChange = (text: string) => ({
    ranked: { field: questionField(text), prefix: QUESTION, limit: QUESTIONS_KEPT },
  });

  const lasted: SessionObserver['lasted'] = async (head, session, start, end, ended) => {
    const ms = Math.min(Math.max(0, end - start), maxMs);
    const add: Record<string, number> = { [FIELDS.ms]: ms };
    if (ended) add[durationField(ms)] = 1;
    await count(head, dayOf(start), { add }, mark('m', head, session));
    // After the minutes: every head's running set may fail where the minutes must not be lost.
    if (ended) await everyHead({ remove: [`${head} ${session}`] });
  };

  /**
   * A change of every head's running sessions (their number only); those whose time ran out in it
   * lasted their maximum (the session budget says so too, for the head's own set: counted once all
   * the same). Undefined when it failed on a store without atomic tallies, where it is best effort.
   */
  const everyHead = async (
    edit: Omit<Parameters<typeof changeSet>[1], 'now' | 'ttlMs'> = {},
  ): Promise<{ count: number } | undefined> => {
    const change = async () => {
      const state = await changeSet(keys.running, {
        now: now(),
        ttlMs: setKeepMs,
        countOnly: true,
        ...edit,
      });
      for (const [member, until] of state.expired) {
        const at = member.indexOf(' ');
        await lasted(member.slice(0, at), member.slice(at + 1), until - maxMs, until, false);
      }
      // A store of your own may answer the members rather than their number.
      return { count: state.count ?? state.members.length };
    };
    if (atomic) return change();
    return change().catch((err: unknown) => {
      uncounted(err);
      return undefined;
    });
  };

  /** The messages that waited for this session's start are the head's (each once). */
  const attribute = async (head: string, session: string) => {
    const key = keys.waiting(session);
    const { members } = await changeSet(key, { now: now(), ttlMs: WAIT_MS });
    if (members.length === 0) return;
    for (const [member, until] of members) {
      const at = member.indexOf(' ');
      await tally(keys.day(head, dayOf(until - WAIT_MS)), {
        ...questionChange(member.slice(at + 1)),
        once: `q ${member.slice(0, at)}`,
        onceMs,
        ttlMs: keepMs,
      });
    }
    await changeSet(key, { now: now(), ttlMs: WAIT_MS, remove: members.map(([m]) => m) });
  };

  /**
   * A session's end, or its time-out (which comes with an end: spec, Events), on the day of the
   * first of the two to come: that day is kept under the session (`add`: the first delivery's, on
   * every instance), so a delivery sent again, after a failure half-way or across midnight, counts
   * on the same day, where the tally's marks keep it once.
   */
  const sessionEnded = async (head: string, session: string, at: number, timedOut: boolean) => {
    const key = keys.ended(head, session);
    const first = dayOf(at);
    const day = (await store.add(key, first, onceMs)) ? first : ((await store.get(key)) ?? first);
    if (timedOut)
      await count(head, day, { add: { [FIELDS.timedOut]: 1 } }, mark('t', head, session));
    await count(head, day, { add: { [FIELDS.ended]: 1 } }, mark('e', head, session));
  };

  const insights: ConversationInsights = {
    kept,

    async started(head, session, at, running) {
      const add = { [FIELDS.started]: 1, [hourField(at)]: 1 };
      const once = mark('s', head, session);
      const day = dayOf(at);
      // Each tally its own peak: the head's running sessions, and every head's.
      const countIn = (who: string, peak: number) =>
        tally(keys.day(who, day), {
          add,
          max: { [FIELDS.peak]: peak },
          once,
          onceMs,
          ttlMs: keepMs,
        });
      // The head's tally first: every head's running set (one key written at every start and
      // end) may fail where it is best effort, and never takes the counts with it.
      await countIn(head, running);
      // Not running (its end came first): nothing to add to every head's running sessions.
      const all =
        running > 0
          ? await everyHead({ add: { member: `${head} ${session}`, until: at + maxMs } })
          : undefined;
      // Every head's running sessions are at least this head's, when they could not be counted.
      await countIn(ALL_HEADS, all?.count ?? running);
      if (!kept.questions) return;
      await store.set(keys.session(session), head, onceMs);
      await attribute(head, session);
    },

    lasted,

    async record(event, at) {
      const head = event.head_id;
      const session = String(event.session_id);
      switch (event.event_type) {
        case 'end_conversation':
          return sessionEnded(head, session, at, false);
        case 'timeout_conversation':
          return sessionEnded(head, session, at, true);
        case 'inactivity_warning':
          return count(
            head,
            dayOf(at),
            { add: { [FIELDS.warnings]: 1 } },
            mark(`w${at}`, head, session),
          );
        default:
          // start_conversation: told by the session budget, with the sessions running (started).
          return undefined;
      }
    },

    async launched(head) {
      await count(head, dayOf(now()), { add: { [FIELDS.launches]: 1 } });
    },

    async asked(userId, message) {
      if (!kept.questions) return;
      const text = questionText(message);
      if (!text) return;
      const askedAt = now();
      const day = dayOf(askedAt);
      await tally(keys.day(ALL_HEADS, day), { ...questionChange(text), ttlMs: keepMs });
      const head = await store.get(keys.session(userId));
      if (head !== undefined) {
        await tally(keys.day(head, day), { ...questionChange(text), ttlMs: keepMs });
        return;
      }
      const id = toHex(crypto.getRandomValues(new Uint8Array(8)));
      await changeSet(keys.waiting(userId), {
        now: askedAt,
        ttlMs: WAIT_MS,
        add: { member: `${id} ${text}`, until: askedAt + WAIT_MS },
        limit: WAITING_MAX,
      });
      // The start may have come meanwhile, and found nothing waiting yet.
      const late = await store.get(keys.session(userId));
      if (late !== undefined) await attribute(late, userId);
    },

    async read(head, from, to) {
      // Sessions whose end never came count their maximum before anyone reads the minutes.
      await everyHead();
      const firstKept = dayOf(now() - (kept.keptDays - 1) * DAY);
      const days = daysBetween(from, to);
      const read: [string, Fields][] = [];
      for (let i = 0; i < days.length; i += READ_BATCH)
        read.push(
          ...(await Promise.all(
            days.slice(i, i + READ_BATCH).map(
              async (day): Promise<[string, Fields]> => [
                day,
                // A day no longer kept reads as empty, even while its tally is still there.
                day < firstKept ? {} : await insights.dayFields(head ?? ALL_HEADS, day),
              ],
            ),
          )),
        );
      return insightsAnswer(head ?? null, read, kept);
    },

    async addToDay(head, day, change, once) {
      await tally(keys.day(head, day), { ...change, once, onceMs: keepMs, ttlMs: keepMs });
    },

    async dayFields(head, day) {
      return (await tally(keys.day(head, day), { read: true, ttlMs: keepMs })).fields;
    },
  };
  if (atomic) return insights;
  return {
    ...insights,
    started: (...args) => insights.started(...args).catch(uncounted),
    lasted: (...args) => insights.lasted(...args).catch(uncounted),
    record: (...args) => insights.record(...args).catch(uncounted),
    launched: (...args) => insights.launched(...args).catch(uncounted),
    asked: (...args) => insights.asked(...args).catch(uncounted),
  };
}
