/**
 * A head's session budget: limits the site's owner sets per head (routes/budget.ts), kept in the
 * proxy's store, so every instance sharing it enforces the same numbers, and enforced at launch
 * (`GET /heads/:id/launch`, `GET /embed/:id`: routes/launch.ts) with a 429 of its own:
 *
 * - `concurrentSessions` (`head_busy`, Retry-After a minute): the sessions running (started and
 *   not yet ended or timed out) and the launches handed out in the last two minutes whose session
 *   has not started, all in one expiring set (expiring-set.ts), where a launch takes a place only
 *   while fewer than N are taken, in one atomic step on every instance.
 * - `minutesPerDay` (`head_budget_spent`, until the budget's midnight): the minutes of the day's
 *   sessions, from their start and end events; one still running counts up to now, one whose end
 *   never arrives counts DH_MAX_SESSION_MINUTES.
 * - `launchesPerVisitorPerDay` (`visitor_daily_limit`, until midnight): launches per visitor, by
 *   the proxy's hashed client key (client-identity.ts), an atomic counter per day.
 *
 * The day is UTC unless the budget names a time zone (zoned-day.ts).
 *
 * Matching a launch to its session: the platform's events name a session and a head, never the
 * launch link that opened it. So a launch holds a place as "pending" for two minutes
 * (LAUNCH_PENDING_MS), and each head's next `start_conversation` takes the pending launch that
 * would expire first: a visitor who starts talking counts once, as a session. A visitor who never
 * says anything (a start is the first user message, spec Events) frees the place after two
 * minutes. A start that came from no launch of this proxy (the platform's page opened directly)
 * takes another visitor's pending place early: that visitor counts again as soon as they talk, so
 * the limit can be passed by one for those two minutes at most.
 *
 * Session events are recorded as they are verified (routes/receiver.ts), before the log has them,
 * and each counts once however often or in whatever order it comes: a session's start and end are
 * each taken once (`add`, atomic), its minutes are counted once, and an end that comes before its
 * start leaves the start nothing to hold. The owner is told the first time each day a limit
 * refuses a launch: one log line, and a `budget` event on `GET /events/stream` (event-log.ts,
 * NOTICE_KEY). What the events teach beyond the budget (a session started, with how many running;
 * how long a session lasted) is told to an observer: the conversation insights.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { ErrorCode } from '../api/errors.js';
import { toHex } from '../platform/hex.js';
import { printable } from '../platform/printable.js';
import type { WebhookEvent } from '../platform/schemas.js';
import type { ProxyConfig } from './config.js';
import { NOTICE_KEY, type EventLog } from './event-log.js';
import { expiringSetOf } from './expiring-set.js';
import { fail } from './http.js';
import { StoreUnavailable, type ExpiringSetState, type KeyValueStore } from './store.js';
import { canonicalZone, isTimeZone, splitByDay, zonedDay, type ZonedDay } from './zoned-day.js';

/** How long a launch holds a place while its session has not started. */
export const LAUNCH_PENDING_MS = 2 * 60_000;
/** What a refused launch is told to wait when the head is busy (seconds). */
export const BUSY_RETRY_S = 60;

const HOUR = 3600e3;
const DAY = 24 * HOUR;
/** The store wants a lifetime for every key: a budget lives until it is changed. */
const BUDGET_KEEP_MS = 100 * 365 * DAY;
/** A day's counters outlive it (a day in a zone far from UTC, a session that ends after midnight). */
const DAY_KEEP_MS = 3 * DAY;
/** How long "this proxy had the head's session events" counts for the webhook check. */
export const EVENTS_SEEN_MS = DAY;

const limit = (name: string, unit: string, max: number) =>
  z
    .number(`${name} is a number of ${unit}`)
    .int(`${name} is a whole number of ${unit}`)
    .min(1, `${name} is at least 1 (leave it out for no limit)`)
    .max(max, `${name} is at most ${max}`)
    .optional();

const budgetFields = {
  concurrentSessions: limit('concurrentSessions', 'sessions', 10_000),
  minutesPerDay: limit('minutesPerDay', 'minutes', 1_000_000),
  launchesPerVisitorPerDay: limit('launchesPerVisitorPerDay', 'launches', 10_000),
  timeZone: z
    .string('timeZone is an IANA time zone such as Europe/Paris or UTC')
    .refine(isTimeZone, 'timeZone is an IANA time zone such as Europe/Paris or UTC')
    .transform(canonicalZone)
    .optional(),
};

/** A head's budget: each limit optional (absent: no limit); the day's zone, UTC by default. */
export const budgetSchema = z.strictObject(budgetFields);
export type Budget = z.infer<typeof budgetSchema>;

/**
 * `PUT /heads/:id/budget`: the budget, and `registerWebhook` to have the proxy point the head's
 * session events at itself (routes/budget.ts). Unknown fields are refused: a misspelt limit must
 * not pass for no limit.
 */
export const budgetBodySchema = z.strictObject({
  ...budgetFields,
  registerWebhook: z.boolean('registerWebhook is true or false').optional(),
});

/** The limits of a budget, by name, and the code a launch is refused with. */
export const LIMITS = {
  concurrentSessions: 'head_busy',
  minutesPerDay: 'head_budget_spent',
  launchesPerVisitorPerDay: 'visitor_daily_limit',
} as const satisfies Record<string, ErrorCode>;
export type LimitName = keyof typeof LIMITS;

/** Whether a budget limits anything. */
export const limits = (b: Budget) =>
  Object.keys(LIMITS).some((k) => b[k as LimitName] !== undefined);

/** Whether its limits count sessions, which only the head's session events tell. */
export const needsEvents = (b: Budget) =>
  b.concurrentSessions !== undefined || b.minutesPerDay !== undefined;

/** A head's budget today, as an admin reads it. */
export interface BudgetUsage {
  day: string;
  timeZone: string;
  /** When the day's limits start again (ISO 8601). */
  resetsAt: string;
  sessionsRunning: number;
  launchesPending: number;
  /** Minutes of the day's sessions, one decimal. */
  minutesUsed: number;
}

/** A head's budget is kept under this and its id (`dh-kit start` keeps these in its file too). */
export const BUDGET_KEY_PREFIX = 'budget:';

/** The store keys of the budgets (docs/deploying.md lists them). */
const keys = {
  budget: (head: string) => `${BUDGET_KEY_PREFIX}${head}`,
  running: (head: string) => `budget-running:${head}`,
  start: (head: string, session: string) => `budget-start:${head}:${session}`,
  end: (head: string, session: string) => `budget-end:${head}:${session}`,
  counted: (head: string, session: string) => `budget-counted:${head}:${session}`,
  minutes: (head: string, day: string) => `budget-ms:${head}:${day}`,
  visits: (head: string, client: string, day: string) => `budget-visits:${head}:${client}:${day}`,
  link: (head: string, client: string, link: string) => `budget-link:${head}:${client}:${link}`,
  notice: (head: string, name: LimitName, day: string) => `budget-notice:${head}:${name}:${day}`,
  events: (head: string) => `budget-events:${head}`,
};
/** Members of a head's running set: a session, or a launch not started yet. */
const SESSION = 's:';
const PENDING = 'l:';

/** A launch link as the budget knows it: part of its signature, and when it expires (ms). */
export interface LaunchLink {
  id: string;
  until: number;
  /**
   * Just signed by `/launch`: a launch whatever the link (two in one second for one head and
   * view are the same link). Otherwise a link the frame opens, which passes when it was admitted
   * for this client already.
   */
  new?: boolean;
}

/**
 * Told what the session events teach beyond the budget, for the conversation insights
 * (conversation-insights.ts). A call may come again for the same session (a delivery sent again,
 * or one answered 503 half-way and sent again): the observer counts each thing once.
 */
export interface SessionObserver {
  /**
   * A session started at `at` (its first start's time), with the head's sessions running now,
   * itself included (0: it is not running, its end came first).
   */
  started(head: string, session: string, at: number, running: number): Promise<void>;
  /**
   * A session's length, from its start to its end (`ended`), or to DH_MAX_SESSION_MINUTES after
   * its start when its end never came (`ended` false).
   */
  lasted(head: string, session: string, start: number, end: number, ended: boolean): Promise<void>;
}

export interface SessionBudgets {
  read(head: string): Promise<Budget>;
  write(head: string, budget: Budget): Promise<void>;
  /** Today's use of a head's budget. */
  usage(head: string): Promise<BudgetUsage>;
  /**
   * Admits a launch of `head` by the request's client, or refuses it (429 with Retry-After and the
   * limit's code). A launch link admitted for this client already (the frame's /embed after the
   * element's /launch, the element's JSON check then the frame's navigation) passes again.
   */
  admit(c: Context, head: string, link: LaunchLink): Promise<void>;
  /** A verified session event (routes/receiver.ts), at its own time: taken once, in any order. */
  record(event: WebhookEvent, at: number): Promise<void>;
  /** When this proxy last had a verified session event of the head (ms), within EVENTS_SEEN_MS. */
  eventsSeen(head: string): Promise<number | undefined>;
}

export function sessionBudgets(options: {
  store: KeyValueStore;
  log: EventLog;
  config: Pick<ProxyConfig, 'maxSessionMs'>;
  now: () => number;
  warn: (message: string) => void;
  clientOf: (c: Context) => Promise<string>;
  observer?: SessionObserver;
}): SessionBudgets {
  const { store, log, now, warn, clientOf, observer } = options;
  const maxMs = options.config.maxSessionMs;
  const changeSet = expiringSetOf(store);
  /** A session is remembered past its longest life, and a day besides (late, repeated events). */
  const sessionKeepMs = maxMs + DAY;
  const setKeepMs = maxMs + LAUNCH_PENDING_MS + HOUR;

  const read = async (head: string): Promise<Budget> => {
    const raw = await store.get(keys.budget(head));
    if (!raw) return {};
    try {
      const parsed = budgetSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  };

  /**
   * Adds a session's minutes to the days they fall in, once per session. The observer is told
   * first, every time (it counts once on its own): told only the first time, a failure of its
   * count would be lost to the delivery sent again.
   */
  const countMinutes = async (
    head: string,
    session: string,
    start: number,
    end: number,
    ended = true,
  ) => {
    const until = Math.min(Math.max(end, start), start + maxMs);
    await observer?.lasted(head, session, start, until, ended);
    if (!(await store.add(keys.counted(head, session), '1', sessionKeepMs))) return;
    const zone = (await read(head)).timeZone;
    for (const [day, ms] of splitByDay(start, until, zone))
      await store.increment(keys.minutes(head, day), DAY_KEEP_MS, Math.round(ms));
  };

  /** A change of the head's running set; the sessions whose time ran out in it count their maximum. */
  const change = async (
    head: string,
    edit: Omit<Parameters<typeof changeSet>[1], 'now' | 'ttlMs'> = {},
  ): Promise<ExpiringSetState> => {
    const state = await changeSet(keys.running(head), { now: now(), ttlMs: setKeepMs, ...edit });
    for (const [member, until] of state.expired) {
      if (!member.startsWith(SESSION)) continue;
      const session = member.slice(SESSION.length);
      const start = Number((await store.get(keys.start(head, session))) ?? until - maxMs);
      await countMinutes(head, session, start, start + maxMs, false);
    }
    return state;
  };

  /** Milliseconds of the day's sessions: those counted, and those running up to now. */
  const usedMs = (day: ZonedDay, state: ExpiringSetState, counted: number) => {
    const t = now();
    let live = 0;
    for (const [member, until] of state.members) {
      if (!member.startsWith(SESSION)) continue;
      live += Math.max(0, Math.min(t, until) - Math.max(until - maxMs, day.start));
    }
    return counted + live;
  };
  const countedMs = async (head: string, day: string) =>
    Number((await store.get(keys.minutes(head, day))) ?? 0);

  /** Says so the first time each day a limit refuses a launch, then refuses it. */
  const refuse = async (
    head: string,
    budget: Budget,
    name: LimitName,
    day: ZonedDay,
    retryAfterS: number,
    message: string,
  ): Promise<never> => {
    const code = LIMITS[name];
    const zone = budget.timeZone ?? 'UTC';
    const first = await store
      .add(keys.notice(head, name, day.day), '1', DAY_KEEP_MS)
      .catch(() => false);
    if (first) {
      warn(
        `Head ${printable(head)} reached its session budget (${name} ${budget[name]}) on ${day.day} (${zone}): launches are refused with 429 ${code}${name === 'concurrentSessions' ? ' while it is busy' : ` until midnight ${zone}`}.`,
      );
      const notice = { limit: name, value: budget[name], code, day: day.day, time_zone: zone };
      await log
        .append(`${NOTICE_KEY}budget:${head}:${name}:${day.day}`, {
          timestamp: new Date(now()).toISOString(),
          head_id: head,
          session_id: '-',
          public_head_id: '-',
          public_org_id: '-',
          event_type: 'budget',
          notice,
        } as WebhookEvent)
        .catch(() => undefined);
    }
    return fail(429, code, message, { 'retry-after': String(Math.max(1, retryAfterS)) });
  };

  // Each step below is safe to do again: a delivery sent again, or one answered 503 half-way
  // and sent again by the platform, finishes what is missing and changes nothing else. The start
  // and the end are each written once (`add`: the first delivery's time), the set's changes are
  // idempotent (a repeated start finds its session in the set and takes no second launch), and
  // the minutes are counted once (countMinutes). The two orders of start and end, even on two
  // instances at once, leave no session in the set after its end: the start looks for the end
  // after it put the session in, the end takes it out after it wrote itself down.
  const started = async (head: string, session: string, at: number) => {
    await store.add(keys.start(head, session), String(at), sessionKeepMs);
    const endedFirst = await store.get(keys.end(head, session));
    let running = 0;
    // The session takes the place of the launch that opened it (see the top of this file).
    if (endedFirst === undefined) {
      const state = await change(head, {
        add: { member: SESSION + session, until: at + maxMs },
        removeFirst: PENDING,
      });
      running = state.members.filter(([member]) => member.startsWith(SESSION)).length;
    }
    // Before the second look for its end: an end found there is told after the start.
    await observer?.started(head, session, await startOf(head, session, at), running);
    const end = endedFirst ?? (await store.get(keys.end(head, session)));
    if (end !== undefined) {
      // Its end came first (a delayed start), or meanwhile: it holds no place.
      await change(head, { remove: [SESSION + session] });
      await countMinutes(head, session, await startOf(head, session, at), Number(end));
    }
  };

  const ended = async (head: string, session: string, at: number) => {
    await store.add(keys.end(head, session), String(at), sessionKeepMs);
    await change(head, { remove: [SESSION + session] });
    const start = await store.get(keys.start(head, session));
    const end = Number((await store.get(keys.end(head, session))) ?? at);
    if (start !== undefined) await countMinutes(head, session, Number(start), end);
  };

  /** The session's start as first written (a repeated start may carry a later time). */
  const startOf = async (head: string, session: string, fallback: number) =>
    Number((await store.get(keys.start(head, session))) ?? fallback);

  return {
    read,
    async write(head, budget) {
      await store.set(keys.budget(head), JSON.stringify(budget), BUDGET_KEEP_MS);
    },

    async usage(head) {
      const budget = await read(head);
      const zone = budget.timeZone ?? 'UTC';
      const day = zonedDay(now(), zone);
      const state = await change(head);
      const count = (prefix: string) => state.members.filter(([m]) => m.startsWith(prefix)).length;
      return {
        day: day.day,
        timeZone: zone,
        resetsAt: new Date(day.end).toISOString(),
        sessionsRunning: count(SESSION),
        launchesPending: count(PENDING),
        minutesUsed: Math.floor(usedMs(day, state, await countedMs(head, day.day)) / 6000) / 10,
      };
    },

    async admit(c, head, link) {
      // With the store away (Redis down) launches go on, as every read does: the budget cannot
      // be read, nor counted (the store's own line says it is away).
      const budget = await read(head).catch((err: unknown): Budget => {
        if (err instanceof StoreUnavailable) return {};
        throw err;
      });
      if (!limits(budget)) return;
      const t = now();
      const day = zonedDay(t, budget.timeZone);
      const untilMidnightS = Math.ceil((day.end - t) / 1000);
      const client = await clientOf(c);
      const linkKey = keys.link(head, client, link.id);
      if (!link.new && (await store.get(linkKey))) return;

      if (budget.minutesPerDay !== undefined) {
        const used = usedMs(day, await change(head), await countedMs(head, day.day));
        if (used >= budget.minutesPerDay * 60_000)
          await refuse(
            head,
            budget,
            'minutesPerDay',
            day,
            untilMidnightS,
            "This head's conversation time for today is used up (its session budget). It is available again tomorrow.",
          );
      }
      const visits = keys.visits(head, client, day.day);
      if (budget.launchesPerVisitorPerDay !== undefined) {
        const launches = await store.increment(visits, DAY_KEEP_MS);
        if (launches > budget.launchesPerVisitorPerDay)
          await refuse(
            head,
            budget,
            'launchesPerVisitorPerDay',
            day,
            untilMidnightS,
            "This visitor has had today's conversations with this head (its session budget). It is available again tomorrow.",
          );
      }
      if (budget.concurrentSessions !== undefined) {
        const pending = PENDING + toHex(crypto.getRandomValues(new Uint8Array(8)));
        const state = await change(head, {
          add: { member: pending, until: t + LAUNCH_PENDING_MS },
          limit: budget.concurrentSessions,
        });
        if (!state.added) {
          // Refused for the head, not for this visitor: the launch is not one of theirs.
          if (budget.launchesPerVisitorPerDay !== undefined)
            await store.increment(visits, DAY_KEEP_MS, -1);
          await refuse(
            head,
            budget,
            'concurrentSessions',
            day,
            BUSY_RETRY_S,
            "This head's conversations are all taken right now (its session budget). Try again in a minute.",
          );
        }
      }
      await store.set(linkKey, '1', Math.max(1000, link.until - t));
    },

    async record(event, at) {
      const head = event.head_id;
      const session = String(event.session_id);
      switch (event.event_type) {
        case 'start_conversation':
          await store.set(keys.events(head), String(at), EVENTS_SEEN_MS);
          return started(head, session, at);
        // A time-out ends the session too (the platform sends end_conversation after it, spec
        // Events): whichever comes first ends it, the other finds it ended.
        case 'end_conversation':
        case 'timeout_conversation':
          return ended(head, session, at);
        default:
          return undefined;
      }
    },

    async eventsSeen(head) {
      const seen = await store.get(keys.events(head));
      return seen === undefined ? undefined : Number(seen);
    },
  };
}
