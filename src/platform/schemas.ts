/**
 * What the platform speaks: one zod schema for every resource of the spec (`platform-api.md`).
 *
 * Responses are parsed tolerantly (unknown fields pass, values the spec marks "not shown" are
 * accepted as plain strings, documented variants are normalised to one shape); requests are
 * parsed strictly, so a mistake is caught before it reaches the platform, with the field named.
 * The simulator does not borrow these: it has its own reading of the spec (src/sim/rules.ts), so a
 * contract test that sends one body to both shows that two guesses agree.
 */
import { z } from 'zod';
import { EVENT_TYPES, FLOW_API_KEY_FIELD, FLOW_MODE, type EventType } from './modes.js';
import { flag, idString, label, optionalString, tolerantList } from './readers.js';

/** Locale tags such as en-US (spec: "Locale tag such as xx-XX"). */
export const localeTag = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale tag such as en-US');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

// ── Authentication ────────────────────────────────────────────────────────────────────────────

export const tokenRequestSchema = z.object({
  email: z.string().min(1, 'email is required'),
  secretKey: z.string().min(1, 'secretKey is required'),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/**
 * Spec, Token response: shape A `{token}` or shape B `{data: {bearer}}`; a client must accept both.
 * The one that carries a non-empty string wins (`{token: null, data: {bearer}}` is shape B).
 */
export const tokenResponseSchema = z
  .looseObject({ token: z.unknown().optional(), data: z.unknown().optional() })
  .transform((r, ctx) => {
    const nonEmpty = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
    const bearer =
      nonEmpty(r.token) ??
      (typeof r.data === 'object' && r.data !== null
        ? nonEmpty((r.data as { bearer?: unknown }).bearer)
        : undefined);
    if (bearer === undefined) {
      ctx.addIssue({ code: 'custom', message: 'no non-empty string in token or data.bearer' });
      return z.NEVER;
    }
    return bearer;
  });

// ── Catalogues ────────────────────────────────────────────────────────────────────────────────

export const GENDERS = ['MALE', 'FEMALE'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;
export const orderSchema = z.enum(['ASC', 'DESC']);
export type Order = z.infer<typeof orderSchema>;

/** Head visual. permissionType and type have values the spec does not list: kept as strings. */
export const faceSchema = z.looseObject({
  id: idString,
  name: label,
  gender: label,
  avatar: optionalString,
  posterImage: optionalString,
  videoUrl: optionalString,
  permissionType: optionalString,
  type: optionalString,
});
export type Face = z.infer<typeof faceSchema>;

/** Spec, Face: thumbnail fallbacks are avatar, then posterImage, then videoUrl (FACE-4). */
export function faceThumbnail(
  face: Pick<Face, 'avatar' | 'posterImage' | 'videoUrl'>,
): { url: string; kind: 'image' | 'video' } | undefined {
  if (face.avatar) return { url: face.avatar, kind: 'image' };
  if (face.posterImage) return { url: face.posterImage, kind: 'image' };
  if (face.videoUrl) return { url: face.videoUrl, kind: 'video' };
  return undefined;
}

/** Page metadata. The talks list sends page and take as strings: both are read as numbers. */
export const pageMetaSchema = z.looseObject({
  page: z.coerce.number().int(),
  take: z.coerce.number().int(),
  itemCount: z.coerce.number().int(),
  pageCount: z.coerce.number().int(),
  hasPreviousPage: flag.optional(),
  hasNextPage: flag,
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const facePageSchema = z.looseObject({
  data: tolerantList(faceSchema, 'a face'),
  meta: pageMetaSchema,
});
export type FacePage = z.infer<typeof facePageSchema>;

export const faceQuerySchema = z.object({
  order: orderSchema.optional(),
  page: z.number().int().min(1).optional(),
  take: z.number().int().min(1).optional(),
  gender: genderSchema.optional(),
});
export type FaceQuery = z.infer<typeof faceQuerySchema>;

export const voiceSchema = z.looseObject({
  displayName: label,
  voiceId: idString,
  locale: label,
  language: label,
  gender: label,
  // A voice is created with its provider: one without is of no use, and is left out.
  provider: z.string().min(1),
});
export type Voice = z.infer<typeof voiceSchema>;

/** Spec: `{data: {voices: [voice]}}`; the live service has also been seen to send `data` as the array (VOICE-1). */
export const voiceListSchema = z
  .union([
    z.looseObject({ data: z.looseObject({ voices: tolerantList(voiceSchema, 'a voice') }) }),
    z.looseObject({ data: tolerantList(voiceSchema, 'a voice') }),
  ])
  .transform((r) => (Array.isArray(r.data) ? r.data : r.data.voices));

// ── Heads ─────────────────────────────────────────────────────────────────────────────────────

export const pluginConfigSchema = z.object({
  name: z.string().trim().min(1, 'the plugin needs a name'),
  url: httpUrl,
  options: z.record(z.string(), z.unknown()).default({}),
});
export type PluginConfig = z.infer<typeof pluginConfigSchema>;

/**
 * Fields every mode shares. The spec does not say which create fields are required; we require
 * what a head cannot work without (a face, a name, a voice with its provider, a language) and
 * leave the rest optional. `language` and `langCode` are alternatives (the ttt example uses the
 * latter): one of them must be there.
 */
const headCreateBase = {
  headVisualId: z.string().min(1, 'choose a face (headVisualId)'),
  name: z.string().trim().min(1, 'the head needs a name'),
  alias: z.string().optional(),
  language: localeTag.optional(),
  langCode: localeTag.optional(),
  languageSpeechRecognition: localeTag.optional(),
  ttsProvider: z.string().min(1, 'choose a TTS provider'),
  ttsVoice: z.string().min(1, 'choose a voice (its voiceId)'),
  greetings: z.string().optional(),
  promptConfig: z.object({ system_prompt: z.string() }).optional(),
  ocProvider: z.string().optional(),
  suggestions: z.array(z.unknown()).optional(),
  phrases: z.array(z.unknown()).optional(),
  orgId: z.string().min(1).optional(),
};

export const ocHeadSchema = z.object({ ...headCreateBase, operationMode: z.literal('oc') });
export const tttHeadSchema = z.object({ ...headCreateBase, operationMode: z.literal('ttt') });
/** doc_qa: documents are uploaded outside this API (spec, Heads rule 4). */
export const docQaHeadSchema = z.object({ ...headCreateBase, operationMode: z.literal('doc_qa') });
export const pluginHeadSchema = z.object({
  ...headCreateBase,
  operationMode: z.literal('plugin'),
  pluginOperationalModeConfig: pluginConfigSchema,
});
export const flowHeadSchema = z.object({
  ...headCreateBase,
  operationMode: z.literal(FLOW_MODE),
  [FLOW_API_KEY_FIELD]: z
    .string()
    .trim()
    .min(1, `the ${FLOW_MODE} mode needs its API key (${FLOW_API_KEY_FIELD})`),
} as typeof headCreateBase & {
  operationMode: z.ZodLiteral<typeof FLOW_MODE>;
  voiceflowApiKey: z.ZodString;
});

const needsLanguage = (h: { language?: string | undefined; langCode?: string | undefined }) =>
  h.language !== undefined || h.langCode !== undefined;
const languageIssue = {
  message: 'give the head a language (language or langCode, a locale tag such as en-US)',
  path: ['language'],
};

/** One schema per operation mode, each with its own required fields (HEAD-3, HEAD-6, HEAD-7). */
export const headCreateSchema = z
  .discriminatedUnion(
    'operationMode',
    [ocHeadSchema, tttHeadSchema, docQaHeadSchema, pluginHeadSchema, flowHeadSchema],
    {
      error: (issue) =>
        issue.code === 'invalid_union'
          ? `operationMode must be one of oc, ttt, doc_qa, plugin, ${FLOW_MODE}`
          : undefined,
    },
  )
  .refine(needsLanguage, languageIssue);
export type HeadCreateRequest = z.infer<typeof headCreateSchema>;

/**
 * Streaming avatars (spec, Heads rule 1): greetings must be "", and alias and suggestions are
 * removed. The provider check needs configuration and lives in `assertStreamingRequest`.
 */
export const streamingHeadCreateSchema = headCreateSchema.check(
  z.refine((h) => h.greetings === '', {
    message: 'a streaming avatar must have an empty greeting ("")',
    path: ['greetings'],
  }),
  z.refine((h) => h.alias === undefined, {
    message: 'a streaming avatar has no alias',
    path: ['alias'],
  }),
  z.refine((h) => h.suggestions === undefined, {
    message: 'a streaming avatar has no suggestions',
    path: ['suggestions'],
  }),
);

/** Create response and read share one normalised shape: `publicURL` (ttt create) becomes `publicUrl` (HEAD-2). */
const headRecordBase = z
  .looseObject({
    id: idString.optional(),
    publicId: idString.optional(),
    publicUrl: z.string().optional(),
    publicURL: z.string().optional(),
    // Other fields of the head record are not shown in the spec; these are read when present.
    name: optionalString,
    operationMode: optionalString,
    headVisualId: optionalString,
    // The head's language: a locale tag, `language` or `langCode` as at creation (read as sent).
    language: optionalString,
    langCode: optionalString,
  })
  .transform(({ publicURL, ...rest }) => ({ ...rest, publicUrl: rest.publicUrl ?? publicURL }));

export const headCreateResponseSchema = headRecordBase.refine((h) => h.id !== undefined, {
  message: 'the create response has no head id',
  path: ['id'],
});
export type HeadCreateResponse = z.infer<typeof headCreateResponseSchema> & { id: string };

/** A page address as the spec gives it: http(s), …/<org_id>/<head_id>, and an api_key (rules 2–3). */
function isPageUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    /^https?:$/.test(url.protocol) &&
    url.pathname.split('/').filter(Boolean).length >= 2 &&
    !!url.searchParams.get('api_key')
  );
}

export const headRecordSchema = headRecordBase
  .refine((h) => h.publicUrl !== undefined, {
    message: 'the head record has no publicUrl',
    path: ['publicUrl'],
  })
  .refine((h) => h.publicUrl === undefined || isPageUrl(h.publicUrl), {
    message: 'publicUrl is not a page address of the form …/<org_id>/<head_id>?api_key=…',
    path: ['publicUrl'],
  });
export type HeadRecord = z.infer<typeof headRecordSchema> & { publicUrl: string };

// ── Text to video ─────────────────────────────────────────────────────────────────────────────

export const textToVideoSchema = z.object({
  id: z.string().min(1, 'the head id is required'),
  text: z.string().trim().min(1, 'the text to speak is required'),
});
export type TextToVideoRequest = z.infer<typeof textToVideoSchema>;

/** A talk (a video). `url` is missing or null while the video is being made. */
export const talkSchema = z.looseObject({
  id: idString,
  createdAt: label,
  updatedAt: label,
  voice: label,
  url: optionalString,
  text: label,
});
export type Talk = z.infer<typeof talkSchema>;

export const talkPageSchema = z.looseObject({
  data: tolerantList(talkSchema, 'a video'),
  meta: pageMetaSchema,
});
export type TalkPage = z.infer<typeof talkPageSchema>;

export const pageQuerySchema = z.object({
  order: orderSchema.optional(),
  page: z.number().int().min(1).optional(),
  take: z.number().int().min(1).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

// ── Tools and plugin ──────────────────────────────────────────────────────────────────────────

export const toolParameterSchema = z.object({
  name: z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      'a parameter name is letters, digits and _ (it is used by name in the prompt)',
    ),
  type: z.string().min(1),
  description: z.string(),
});
export const toolDefinitionSchema = z.object({
  name: z.string().trim().min(1, 'the tool needs a name'),
  description: z
    .string()
    .trim()
    .min(1, 'the description tells the language model what the tool does'),
  parameters: z.array(toolParameterSchema),
  url: httpUrl,
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;
export const conversationSettingsSchema = z.object({
  conversationSettings: z.object({ tools: z.array(toolDefinitionSchema) }),
});
export const toolResponseSchema = z.looseObject({ message: z.string() });
export type ToolResponse = z.infer<typeof toolResponseSchema>;

/** Plugin message: a list of parts; only "text" exists (spec, Plugin message; PLUG-2). */
export const pluginPartSchema = z.object({
  type: z.literal('text', 'only parts of type "text" are supported'),
  payload: z.object({
    type: z.literal('text', 'only payloads of type "text" are supported'),
    message: z.string(),
    // The spec does not show whether options may be null: read null as none.
    options: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((v) => v ?? undefined)
      .optional(),
  }),
});
export const pluginMessageSchema = z.array(pluginPartSchema).min(1, 'the message list is empty');
export type PluginPart = z.infer<typeof pluginPartSchema>;
export type PluginMessage = z.infer<typeof pluginMessageSchema>;

// ── Webhooks and events ───────────────────────────────────────────────────────────────────────

const eventFlags = {
  startConversation: z.boolean().optional(),
  endConversation: z.boolean().optional(),
  timeoutConversation: z.boolean().optional(),
  inactivityWarning: z.boolean().optional(),
};
/** POST and PATCH /head-events. Flags are optional; an event is on only when sent as true (HOOK-2). */
/**
 * Spec, Delivery 1: webhook URLs are HTTPS. `allowLoopbackHttp` lets http://127.0.0.1 (and
 * localhost, [::1]) through, for the simulator's `allowInsecureWebhooks` and a client pointed at it.
 */
export function webhookUrlSchema(allowLoopbackHttp = false) {
  return z.string().superRefine((value, ctx) => {
    if (!URL.canParse(value) || !new URL(value).hostname) {
      ctx.addIssue({ code: 'custom', message: 'must be a URL' });
      return;
    }
    const url = new URL(value);
    const loopback =
      url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (url.protocol !== 'https:' && !(allowLoopbackHttp && loopback)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an https:// URL (the platform refuses http)',
      });
    }
  });
}

/** POST and PATCH /head-events bodies, with or without loopback http allowed. */
export function webhookSchemas(allowLoopbackHttp = false) {
  const create = z.object({
    headId: z.string().min(1, 'headId is required'),
    webhookUrl: webhookUrlSchema(allowLoopbackHttp),
    ...eventFlags,
  });
  return { create, update: create.partial() };
}
export const webhookCreateSchema = webhookSchemas().create;
export type WebhookCreateRequest = z.infer<typeof webhookCreateSchema>;
export const webhookUpdateSchema = webhookSchemas().update;
export type WebhookUpdateRequest = z.infer<typeof webhookUpdateSchema>;

export const webhookCreateResponseSchema = z.looseObject({
  sharedKey: z.string().min(1),
  id: z.coerce.number().int().optional(),
});
export const webhookConfigSchema = z.looseObject({
  id: z.coerce.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  orgId: z.string(),
  headId: z.string(),
  webhookUrl: z.string(),
  sharedKey: z.string(),
  startConversation: z.boolean().default(false),
  endConversation: z.boolean().default(false),
  timeoutConversation: z.boolean().default(false),
  inactivityWarning: z.boolean().default(false),
});
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;
export const webhookListSchema = z.array(webhookConfigSchema);

/** Epoch seconds (below 1e12) or milliseconds as milliseconds; undefined when no Date can hold it (beyond ±8.64e15 ms). */
export function epochMs(n: number): number | undefined {
  const ms = n < 1e12 ? n * 1000 : n;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
}

export const eventTypeSchema = z.enum(EVENT_TYPES as [string, ...string[]]);
/**
 * A delivery, read tolerantly once its signature is verified (a refused delivery is retried, then
 * dropped by the platform): an `event_type` the spec does not list yet is passed on as it is, a
 * timestamp may come as ISO with or without an offset or as epoch seconds or milliseconds (numbers
 * become ISO strings), ids may be numbers, and every other field is kept.
 */
export const webhookEventSchema = z.looseObject({
  // A number no Date can hold stays a string: the receiver refuses a time it cannot read (never a 500).
  timestamp: z.union([
    z.string().min(1),
    z.number().transform((n) => {
      const ms = epochMs(n);
      return ms === undefined ? String(n) : new Date(ms).toISOString();
    }),
  ]),
  head_id: z.string().min(1),
  session_id: idString,
  public_head_id: idString,
  public_org_id: idString,
  event_type: z.union([eventTypeSchema, z.string().min(1)]) as z.ZodType<EventType | (string & {})>,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
