/**
 * What the proxy answers the browser on the /dh routes: the shapes the elements check (with
 * api/check.ts, no zod in the browser) and the types the proxy builds its answers with.
 */
import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  optional,
  page,
  string,
  type Check,
  type Infer,
} from './check.js';

// Every shape is built at import: its pure annotation (and `page`'s no-side-effects one) lets a
// site's bundler (esbuild, Rollup, Rolldown, webpack/terser) drop the ones an element does not use.

/** Every error the proxy answers: `{error: {code, message}}`, the message says what to fix. */
export const apiErrorSchema = /* @__PURE__ */ object({
  error: /* @__PURE__ */ object({ code: string, message: string }),
});
export type ApiError = Infer<typeof apiErrorSchema>;

// ── GET /faces ─────────────────────────────────────────────────────────────────────────────────

export const faceItemSchema = /* @__PURE__ */ object({
  id: string,
  name: string,
  gender: string,
  /** Resolved with the spec's fallback avatar → posterImage → videoUrl; null when the face has none. */
  thumbnail: /* @__PURE__ */ nullable(
    /* @__PURE__ */ object({ url: string, kind: /* @__PURE__ */ oneOf(['image', 'video']) }),
  ),
  videoUrl: /* @__PURE__ */ nullable(string),
});
export type FaceItem = Infer<typeof faceItemSchema>;

export const facesPageSchema = /* @__PURE__ */ page(faceItemSchema);
export type FacesPage = Infer<typeof facesPageSchema>;

// ── GET /voices ────────────────────────────────────────────────────────────────────────────────

/** `voiceId` is the value sent as ttsVoice; `displayName` is only a label (spec, Voice). */
export const voiceItemSchema = /* @__PURE__ */ object({
  voiceId: string,
  displayName: string,
  locale: string,
  language: string,
  gender: string,
  provider: string,
});
export type VoiceItem = Infer<typeof voiceItemSchema>;

/**
 * A page of voices, sorted by language, locale, display name (so a language's voices are
 * contiguous). `total` counts every voice matching the filters; `take` is the page size asked
 * for, or without `take`, the total (everything on page 1).
 */
export const voicesListSchema = /* @__PURE__ */ page(voiceItemSchema, {
  streamingProvider: string,
});
export type VoicesList = Infer<typeof voicesListSchema>;

// ── Heads ──────────────────────────────────────────────────────────────────────────────────────

/** What a page may know of a head: never its publicUrl, never the organisation key. */
export const headSummarySchema = /* @__PURE__ */ object({
  id: string,
  name: string,
  mode: string,
  poster: /* @__PURE__ */ nullable(string),
  /** The head's language (a locale tag); absent from a proxy older than the field. */
  language: /* @__PURE__ */ optional(/* @__PURE__ */ nullable(string)),
});
export type HeadSummary = Infer<typeof headSummarySchema>;

/**
 * A signed launch URL (relative to the proxy) and the origin of the platform page it leads to,
 * which the frame's `allow` delegates to. `pageOrigin` is optional for a site's own launch route
 * built on signLaunchUrl alone: without it the frame gets no microphone.
 */
export const launchSchema = /* @__PURE__ */ object({
  url: string,
  expiresAt: string,
  pageOrigin: /* @__PURE__ */ optional(string),
});
export type Launch = Infer<typeof launchSchema>;

/** GET /embed/:id asked for JSON (the avatar's check of a `src`): the link is good, and leads to this origin. */
export const embedCheckSchema = /* @__PURE__ */ object({ pageOrigin: string, expiresAt: string });
export type EmbedCheck = Infer<typeof embedCheckSchema>;

/** The admin create answer: the new head's summary plus its public id. */
export const createdHeadSchema = /* @__PURE__ */ object({
  id: string,
  publicId: /* @__PURE__ */ nullable(string),
  name: string,
  mode: string,
  poster: /* @__PURE__ */ nullable(string),
  streaming: boolean,
});
export type CreatedHead = Infer<typeof createdHeadSchema>;

/** GET /heads (admin): a head made through this proxy, newest first in `items`. */
export const madeHeadSchema = /* @__PURE__ */ object({
  id: string,
  name: string,
  mode: string,
  streaming: boolean,
  /** When the proxy made it, ISO 8601. */
  createdAt: string,
});
export type MadeHead = Infer<typeof madeHeadSchema>;
export const madeHeadsSchema = /* @__PURE__ */ object({
  items: /* @__PURE__ */ array(madeHeadSchema),
});
export type MadeHeads = Infer<typeof madeHeadsSchema>;

/** GET /bundle: the bundle a page on another origin loads, when this server serves it. */
export const bundleInfoSchema = /* @__PURE__ */ object({ path: string, integrity: string });
export type BundleInfo = Infer<typeof bundleInfoSchema>;

/**
 * GET /origins (admin), and POST's answer: the page origins allowed to call the proxy, those of
 * DH_ALLOWED_ORIGINS (`static`, changed only by a restart) and those added at run time.
 */
export const originsAnswerSchema = /* @__PURE__ */ object({
  static: /* @__PURE__ */ array(string),
  added: /* @__PURE__ */ array(string),
});
export type OriginsAnswer = Infer<typeof originsAnswerSchema>;

/**
 * GET /callbacks (admin): the addresses to give the platform for this proxy's plugin and tools
 * (paths under the proxy, holding its callback secret; `tools` + `/{name}` for one tool), or null
 * when the proxy has no callback secret and those routes are off.
 */
export const callbacksSchema = /* @__PURE__ */ object({
  plugin: /* @__PURE__ */ nullable(string),
  tools: /* @__PURE__ */ nullable(string),
});
export type Callbacks = Infer<typeof callbacksSchema>;

// ── Videos ─────────────────────────────────────────────────────────────────────────────────────

/** POST /heads/:id/videos: the platform accepted the text; the mp4 appears in the talks list later. */
export const videoAcceptedSchema = /* @__PURE__ */ object({ headId: string, status: string });
export type VideoAccepted = Infer<typeof videoAcceptedSchema>;

export const videoItemSchema = /* @__PURE__ */ object({
  id: string,
  createdAt: string,
  updatedAt: string,
  voice: string,
  url: string,
  text: string,
});
export type VideoItem = Infer<typeof videoItemSchema>;

export const videosPageSchema = /* @__PURE__ */ page(videoItemSchema);
export type VideosPage = Infer<typeof videosPageSchema>;

// ── GET /insights ──────────────────────────────────────────────────────────────────────────────

/**
 * The counts of a day, or of a range, for one head or all, with the caller's own fields (`day`).
 * A function, so the schemas built from it stay pure and a bundle without insights drops them.
 */
/* @__NO_SIDE_EFFECTS__ */
function withCounts<S extends Record<string, Check<unknown>>>(fields: S) {
  return object({
    ...fields,
    /** Launch links the proxy signed (`/launch`). */
    launches: number,
    /** `start_conversation` events: a visitor's first message. */
    sessionsStarted: number,
    /**
     * Sessions that ended: an `end_conversation`, or a `timeout_conversation` (the platform sends
     * both for a time-out; the session counts once).
     */
    sessionsEnded: number,
    /** `timeout_conversation` events. */
    sessionsTimedOut: number,
    /** `inactivity_warning` events. */
    inactivityWarnings: number,
    /**
     * Minutes of the sessions started that day, from their start and end (one decimal; a session
     * whose end never comes counts DH_MAX_SESSION_MINUTES once that time has passed).
     */
    minutes: number,
    /** The most sessions running at once, as sessions start. */
    peakConcurrent: number,
  });
}

export const insightsDaySchema = /* @__PURE__ */ withCounts({
  /** `YYYY-MM-DD` (UTC). */
  day: string,
});
export type InsightsDay = Infer<typeof insightsDaySchema>;

export const insightsQuestionSchema = /* @__PURE__ */ object({
  /** A visitor's question, normalised (case, spaces), at most 200 characters. */
  text: string,
  count: number,
});
export type InsightsQuestion = Infer<typeof insightsQuestionSchema>;

/**
 * `GET /insights?head=&from=&to=` (admin): a head's conversations (all heads' without `head`)
 * over a range of UTC days, both ends included.
 */
export const insightsSchema = /* @__PURE__ */ object({
  /** The head asked for, or null: all heads. */
  head: /* @__PURE__ */ nullable(string),
  from: string,
  to: string,
  /** The range's sums; its peak is the highest day's. */
  totals: /* @__PURE__ */ withCounts({}),
  /** Median and 90th percentile of a session's minutes (ended sessions); null with none in the range. */
  medianMinutes: /* @__PURE__ */ nullable(number),
  p90Minutes: /* @__PURE__ */ nullable(number),
  /** Timed-out sessions of those that ended (0–1); null with none. */
  timeoutShare: /* @__PURE__ */ nullable(number),
  /** Sessions started per launch (0–1 mostly: a session opened without this proxy adds one); null with no launch. */
  launchToSession: /* @__PURE__ */ nullable(number),
  /** Every day of the range, in order, days with nothing included. */
  days: /* @__PURE__ */ array(insightsDaySchema),
  /** Sessions started by hour of the day (24 numbers, UTC), over the range. */
  hours: /* @__PURE__ */ array(number),
  /** The most frequent visitor questions of the range (plugin mode), at most 20, most asked first. */
  questions: /* @__PURE__ */ array(insightsQuestionSchema),
  /** False when the proxy keeps no question text (DH_INSIGHTS_QUESTIONS=off). */
  questionsKept: boolean,
  /** How many days the proxy keeps (DH_INSIGHTS_DAYS): days before that read as empty. */
  keptDays: number,
});
export type Insights = Infer<typeof insightsSchema>;
