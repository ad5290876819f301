/**
 * What the browser sends the proxy on the /dh routes, parsed with zod at the proxy's edge (a bad
 * request is a 4xx naming the field). zod/mini, and nothing from the server side, so the module
 * could run anywhere; the elements do not import it (see api/check.ts for why).
 */
import * as z from 'zod/mini';
import { isDay, looksLikeDay, rangeProblem } from './days.js';
import { EXP_PATTERN, SIG_PATTERN } from './launch-url.js';
import { FLOW_API_KEY_FIELD, OPERATION_MODES } from './modes.js';
import {
  ID_PATTERN,
  ID_RULE,
  MAX_INSIGHTS_DAYS,
  MAX_PAGE_TAKE,
  MAX_VIDEO_TEXT,
  VIDEO_TEXT_EMPTY,
  VIDEO_TEXT_TOO_LONG,
  MAX_VOICES_TAKE,
  VIEWS,
} from './rules.js';

export const viewSchema = z.enum(VIEWS);

const positiveInt = (name: string, max?: number) =>
  z.coerce
    .number(`${name} must be a whole number`)
    .check(
      z.int(`${name} must be a whole number`),
      z.gte(1, `${name} must be 1 or more`),
      ...(max === undefined ? [] : [z.lte(max, `${name} is at most ${max}`)]),
    );

/** Head ids are opaque strings from the platform: letters, digits, `-` and `_` only (no paths, no URLs). */
export const headIdSchema = z.string().check(z.regex(ID_PATTERN, `a head id is ${ID_RULE}`));

// ── GET /faces ─────────────────────────────────────────────────────────────────────────────────

export const facesQuerySchema = z.object({
  gender: z.optional(z.enum(['MALE', 'FEMALE'], 'gender is MALE or FEMALE')),
  order: z.optional(z.enum(['ASC', 'DESC'], 'order is ASC or DESC')),
  page: z._default(positiveInt('page'), 1),
  take: z._default(positiveInt('take', MAX_PAGE_TAKE), 24),
  q: z.optional(z.string().check(z.maxLength(100, 'q is at most 100 characters'))),
});
export type FacesQuery = z.infer<typeof facesQuerySchema>;

// ── GET /voices ────────────────────────────────────────────────────────────────────────────────

export const voicesQuerySchema = z.object({
  provider: z.optional(z.string().check(z.maxLength(100))),
  locale: z.optional(z.string().check(z.maxLength(35))),
  gender: z.optional(z.enum(['MALE', 'FEMALE'], 'gender is MALE or FEMALE')),
  q: z.optional(z.string().check(z.maxLength(100, 'q is at most 100 characters'))),
  /** `streaming=true` keeps only the streaming provider's voices. */
  streaming: z.optional(z.enum(['true', 'false'], 'streaming is true or false')),
  page: z._default(positiveInt('page'), 1),
  /** Voices per page; absent, the answer holds every matching voice (one page). */
  take: z.optional(positiveInt('take', MAX_VOICES_TAKE)),
});
export type VoicesQuery = z.infer<typeof voicesQuerySchema>;

// ── Heads ──────────────────────────────────────────────────────────────────────────────────────

export const launchQuerySchema = z.object({ view: z._default(viewSchema, 'chat') });

export const embedQuerySchema = z.object({
  view: viewSchema,
  exp: z.pipe(
    z.string().check(z.regex(EXP_PATTERN, 'exp is a time in seconds since the epoch, in digits')),
    z.transform(Number),
  ),
  sig: z.string().check(z.regex(SIG_PATTERN, 'sig must be 64 hex characters')),
});

/**
 * `POST /heads`: what the head form sends (its type is the form's request). The fields are the
 * platform's create fields (`platform/schemas.ts` checks them by mode, once, in the client), plus
 * `streaming`. `ttsProvider` may be left out, and the form leaves it out: the proxy takes the
 * voice's provider from the voice list (the streaming provider for a streaming avatar). Fields
 * not listed (`orgId`, say: the proxy's configuration decides the organisation) are dropped.
 */
export const headCreateBodySchema = z.object({
  name: z.string('the head needs a name'),
  headVisualId: z.string('choose a face (headVisualId)'),
  ttsVoice: z.string('choose a voice (its voiceId)'),
  ttsProvider: z.optional(z.string()),
  language: z.optional(z.string()),
  langCode: z.optional(z.string()),
  languageSpeechRecognition: z.optional(z.string()),
  operationMode: z.optional(
    z.enum(OPERATION_MODES, `must be one of ${OPERATION_MODES.join(', ')}`),
  ),
  /** A streaming avatar (spec, Heads rule 1, which the proxy applies): oc, the streaming provider, then the splitter off. */
  streaming: z.optional(z.boolean('is true or false')),
  greetings: z.optional(z.string()),
  alias: z.optional(z.string()),
  suggestions: z.optional(z.array(z.unknown())),
  phrases: z.optional(z.array(z.unknown())),
  ocProvider: z.optional(z.string()),
  promptConfig: z.optional(z.object({ system_prompt: z.string() })),
  pluginOperationalModeConfig: z.optional(
    z.object({
      name: z.string(),
      url: z.string(),
      options: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
  [FLOW_API_KEY_FIELD]: z.optional(z.string()),
} as const);
export type HeadCreateBody = z.input<typeof headCreateBodySchema>;

/** `PUT /heads/:id/splitter`: on or off (a streaming avatar needs it off). */
export const splitterBodySchema = z.object({ on: z.boolean('is true or false') });
export type SplitterBody = z.infer<typeof splitterBodySchema>;

// ── Videos ─────────────────────────────────────────────────────────────────────────────────────

export const videosQuerySchema = z.object({
  order: z.optional(z.enum(['ASC', 'DESC'], 'order is ASC or DESC')),
  page: z._default(positiveInt('page'), 1),
  take: z._default(positiveInt('take', MAX_PAGE_TAKE), 12),
});
export const videoRequestSchema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, VIDEO_TEXT_EMPTY),
      z.maxLength(MAX_VIDEO_TEXT, VIDEO_TEXT_TOO_LONG),
    ),
});

// ── Insights ───────────────────────────────────────────────────────────────────────────────────

/** The longest range `GET /insights` answers, in days (in rules.ts, which the browser may import too). */
export { MAX_INSIGHTS_DAYS };

/** A day of the query; the error names the field (`from: …`). */
const isoDay = () =>
  z.string().check(
    z.refine(looksLikeDay, 'a day is written YYYY-MM-DD'),
    // The checks go on after a failed pattern: that one says it, once.
    z.refine((day) => !looksLikeDay(day) || isDay(day), 'not a day of the calendar'),
  );

/** What a range that cannot be answered is told (by the schema, and by the route once it filled in its defaults). */
export const RANGE_REFUSED = {
  rangeReversed: 'from is after to: the range goes from its first day to its last',
  rangeTooLong: `a range is at most ${MAX_INSIGHTS_DAYS} days`,
} as const;

/**
 * `GET /insights?head=&from=&to=`: a head (all without it) and a range of days, both ends
 * included (the proxy's defaults: the last 30 days to today). `to` not before `from`, and at most
 * MAX_INSIGHTS_DAYS days: checked only between two days (a field that is none has said so).
 */
export const insightsQuerySchema = z
  .object({
    head: z.optional(headIdSchema),
    from: z.optional(isoDay()),
    to: z.optional(isoDay()),
  })
  .check(
    z.refine(
      ({ from, to }) => rangeProblem(from, to) !== 'rangeReversed',
      RANGE_REFUSED.rangeReversed,
    ),
    z.refine(
      ({ from, to }) => rangeProblem(from, to) !== 'rangeTooLong',
      RANGE_REFUSED.rangeTooLong,
    ),
  );
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
