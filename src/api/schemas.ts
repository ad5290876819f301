/**
 * What the browser and the proxy say to each other: the `/dh` routes. Shared by the elements and
 * the proxy, so it uses `zod/mini` (about 6 kB in a browser bundle instead of 27 kB) and nothing
 * from the server side.
 */
import { z } from 'zod/mini';

/** Every error the proxy answers: `{error: {code, message}}`, the message says what to fix. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const VIEWS = ['chat', 'stream'] as const;
export const viewSchema = z.enum(VIEWS);
export type View = z.infer<typeof viewSchema>;

const positiveInt = (name: string, max?: number) =>
  z.coerce.number(`${name} must be a whole number`).check(
    z.int(`${name} must be a whole number`),
    z.gte(1, `${name} must be 1 or more`),
    ...(max === undefined ? [] : [z.lte(max, `${name} is at most ${max}`)]),
  );

/** Head ids are opaque strings from the platform: letters, digits, `-` and `_` only (no paths, no URLs). */
export const headIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'a head id is 1-100 letters, digits, - or _'));

// ── GET /faces ─────────────────────────────────────────────────────────────────────────────────

export const MAX_FACES_TAKE = 100;
export const facesQuerySchema = z.object({
  gender: z.optional(z.enum(['MALE', 'FEMALE'], 'gender is MALE or FEMALE')),
  order: z.optional(z.enum(['ASC', 'DESC'], 'order is ASC or DESC')),
  page: z._default(positiveInt('page'), 1),
  take: z._default(positiveInt('take', MAX_FACES_TAKE), 24),
  q: z.optional(z.string().check(z.maxLength(100, 'q is at most 100 characters'))),
});
export type FacesQuery = z.infer<typeof facesQuerySchema>;

export const faceItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.string(),
  /** Resolved with the spec's fallback avatar → posterImage → videoUrl; null when the face has none. */
  thumbnail: z.nullable(z.object({ url: z.string(), kind: z.enum(['image', 'video']) })),
  videoUrl: z.nullable(z.string()),
});
export type FaceItem = z.infer<typeof faceItemSchema>;

export const facesPageSchema = z.object({
  items: z.array(faceItemSchema),
  page: z.number(),
  take: z.number(),
  total: z.number(),
  pageCount: z.number(),
  hasNextPage: z.boolean(),
});
export type FacesPage = z.infer<typeof facesPageSchema>;

// ── GET /voices ────────────────────────────────────────────────────────────────────────────────

export const MAX_VOICES_TAKE = 500;
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

/** `voiceId` is the value sent as ttsVoice; `displayName` is only a label (spec, Voice). */
export const voiceItemSchema = z.object({
  voiceId: z.string(),
  displayName: z.string(),
  locale: z.string(),
  language: z.string(),
  gender: z.string(),
  provider: z.string(),
});
export type VoiceItem = z.infer<typeof voiceItemSchema>;

/** A page of voices, sorted by language, locale, display name (so a language's voices are contiguous). */
export const voicesListSchema = z.object({
  items: z.array(voiceItemSchema),
  streamingProvider: z.string(),
  /** Every voice matching the filters, on all pages. */
  total: z.number(),
  page: z.number(),
  /** The page size asked for; without `take`, the total (everything on page 1). */
  take: z.number(),
  pageCount: z.number(),
  hasNextPage: z.boolean(),
});
export type VoicesList = z.infer<typeof voicesListSchema>;

// ── Heads ──────────────────────────────────────────────────────────────────────────────────────

/** What a page may know of a head: never its publicUrl, never the organisation key. */
export const headSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.string(),
  poster: z.nullable(z.string()),
});
export type HeadSummary = z.infer<typeof headSummarySchema>;

export const launchQuerySchema = z.object({ view: z._default(viewSchema, 'chat') });
export const launchSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type Launch = z.infer<typeof launchSchema>;

export const embedQuerySchema = z.object({
  view: viewSchema,
  exp: z.coerce.number('exp must be a number').check(z.int('exp must be a whole number')),
  sig: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'sig must be 64 hex characters')),
});

/** The admin create answer: the new head's summary plus its public id. */
export const createdHeadSchema = z.object({
  id: z.string(),
  publicId: z.nullable(z.string()),
  name: z.string(),
  mode: z.string(),
  poster: z.nullable(z.string()),
  streaming: z.boolean(),
});
export type CreatedHead = z.infer<typeof createdHeadSchema>;

// ── Videos ─────────────────────────────────────────────────────────────────────────────────────

export const videosQuerySchema = z.object({
  order: z.optional(z.enum(['ASC', 'DESC'], 'order is ASC or DESC')),
  page: z._default(positiveInt('page'), 1),
  take: z._default(positiveInt('take', MAX_FACES_TAKE), 12),
});
export const videoRequestSchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1, 'type the text the head should say'), z.maxLength(5000, 'the text is at most 5000 characters')),
});
export const videoItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  voice: z.string(),
  url: z.string(),
  text: z.string(),
});
export type VideoItem = z.infer<typeof videoItemSchema>;
export const videosPageSchema = z.object({
  items: z.array(videoItemSchema),
  page: z.number(),
  take: z.number(),
  total: z.number(),
  pageCount: z.number(),
  hasNextPage: z.boolean(),
});
export type VideosPage = z.infer<typeof videosPageSchema>;
