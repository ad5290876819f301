/**
 * A typed client for every endpoint of the platform spec (`platform-api.md`, Endpoints): the
 * options, and one method per endpoint. Requests are validated before they are sent, answers are
 * parsed with `schemas.ts`; failures are `PlatformError`s that name the field and say what to do.
 * The bearer token lives in `token.ts`, the HTTP call (timeout, retries, 401 rule, redaction) in `http.ts`.
 */
import { z } from 'zod';
import { describeZodError } from './readers.js';
import {
  conversationSettingsSchema,
  facePageSchema,
  faceQuerySchema,
  headCreateResponseSchema,
  headCreateSchema,
  headRecordSchema,
  pageQuerySchema,
  talkPageSchema,
  textToVideoSchema,
  voiceListSchema,
  webhookConfigSchema,
  webhookCreateResponseSchema,
  webhookSchemas,
  webhookListSchema,
  type FacePage,
  type FaceQuery,
  type HeadCreateResponse,
  type HeadRecord,
  type PageQuery,
  type TalkPage,
  type TextToVideoRequest,
  type ToolDefinition,
  type Voice,
  type WebhookConfig,
  type WebhookCreateRequest,
  type WebhookUpdateRequest,
} from './schemas.js';
import { TOKEN_LIFETIME_MS } from './modes.js';
import { streamingHead, type HeadCreateInput, type StreamingHeadInput } from './head-rules.js';
import { PlatformError, invalidRequestError } from './errors.js';
import { PlatformHttp, type PlatformLogEntry } from './http.js';
import { BearerToken, requestToken, type SharedTokenStore } from './token.js';

export { backoffDelay, type PlatformLogEntry } from './http.js';

export interface PlatformClientOptions {
  /** The API address ({base_url}), http(s); a trailing slash is trimmed. */
  baseUrl: string;
  /** The account e-mail (DH_EMAIL). */
  email: string;
  /** The account's secret key (DH_SECRET_KEY). Never logged. */
  secretKey: string;
  /** Sent at head creation for accounts of several organisations (spec, Authentication 4). */
  orgId?: string;
  fetch?: typeof fetch;
  /** Per HTTP attempt, body included. Default 15 000. */
  timeoutMs?: number;
  /** Attempts of a GET (and of the login), 1 to 3. Default 3. Other methods are sent once. */
  maxAttempts?: number;
  /** Backoff before retry n is random in [0, min(retryMaxMs, retryBaseMs·2ⁿ)). Default 250. */
  retryBaseMs?: number;
  /** Cap of a backoff and of a Retry-After wait. Default 4 000. */
  retryMaxMs?: number;
  /** Default 7 days (spec, Authentication 3). */
  tokenLifetimeMs?: number;
  /** Renew the token this long before it expires. Default 1 hour, at most 10% of the lifetime. */
  tokenRefreshMarginMs?: number;
  /** Let http://127.0.0.1 webhook URLs through (for the simulator's allowInsecureWebhooks only). */
  allowLoopbackWebhooks?: boolean;
  /** The clock used for token expiry. Default `Date.now`. */
  now?: () => number;
  /**
   * Shares the bearer token between instances (the proxy gives its store; Redis with DH_STORE):
   * one login for all of them. The token is then kept in that store, server side only.
   */
  tokenStore?: SharedTokenStore;
  logger?: (entry: PlatformLogEntry) => void;
}

/** The last argument of every method. */
export interface CallOptions {
  /** Aborts the call; its reason is rethrown as is, and an aborted call is not retried. */
  signal?: AbortSignal;
}

export type { HeadCreateInput, StreamingHeadInput } from './head-rules.js';
/** POST /head-events answers `{sharedKey}` (an id too, when the platform sends one). */
export type WebhookCreateResponse = z.infer<typeof webhookCreateResponseSchema>;

const optionsSchema = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    email: z.string().min(1, 'is required'),
    secretKey: z.string().min(1, 'is required'),
    orgId: z.string().optional(),
    timeoutMs: z.number().int().positive().default(15_000),
    // At most 3 attempts: more would only stretch an outage's wait behind a busy platform.
    maxAttempts: z.number().int().min(1).max(3, 'must be 1 to 3 (at most 3 attempts)').default(3),
    retryBaseMs: z.number().min(0).default(250),
    retryMaxMs: z.number().min(0).default(4_000),
    tokenLifetimeMs: z.number().positive().default(TOKEN_LIFETIME_MS),
    tokenRefreshMarginMs: z.number().min(0).optional(),
    allowLoopbackWebhooks: z.boolean().default(false),
  })
  .refine(
    (o) => o.tokenRefreshMarginMs === undefined || o.tokenRefreshMarginMs < o.tokenLifetimeMs,
    {
      message: 'must be shorter than tokenLifetimeMs',
      path: ['tokenRefreshMarginMs'],
    },
  );

function validate<S extends z.ZodType>(schema: S, input: unknown, op: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequestError(op, result.error);
  return result.data;
}

const requiredId = (name: string) => z.object({ [name]: z.string().min(1, 'is required') });
const webhookIdSchema = z.object({
  id: z.number().int().nonnegative('must be a webhook id (an integer)'),
});

/** The platform's API, one typed method per endpoint of the spec. */
export class PlatformClient {
  /** The API address, without a trailing slash. */
  readonly baseUrl: string;
  private readonly _orgId: string | undefined;
  /** Webhook body schemas: https only, unless pointed at the simulator with loopback receivers. */
  private readonly _webhooks: ReturnType<typeof webhookSchemas>;
  private readonly _bearer: BearerToken;
  private readonly _http: PlatformHttp;

  constructor(options: PlatformClientOptions) {
    const parsed = optionsSchema.safeParse(options);
    if (!parsed.success)
      throw new TypeError(`PlatformClient options: ${describeZodError(parsed.error)}`);
    const o = parsed.data;
    this.baseUrl = o.baseUrl.replace(/\/+$/, '');
    // An empty DH_ORG_ID means "not configured".
    this._orgId = o.orgId || undefined;
    this._webhooks = webhookSchemas(o.allowLoopbackWebhooks);
    this._bearer = new BearerToken({
      login: () => requestToken(this._http, o.email, o.secretKey),
      lifetimeMs: o.tokenLifetimeMs,
      refreshMarginMs: o.tokenRefreshMarginMs,
      now: options.now ?? Date.now,
      shared: options.tokenStore,
    });
    const fetchFn = options.fetch ?? globalThis.fetch;
    this._http = new PlatformHttp(
      {
        baseUrl: this.baseUrl,
        // Called as a plain function: a browser's fetch throws when called as a method of another object.
        fetch: (input, init) => fetchFn(input, init),
        timeoutMs: o.timeoutMs,
        maxAttempts: o.maxAttempts,
        retryBaseMs: o.retryBaseMs,
        retryMaxMs: o.retryMaxMs,
        logger: options.logger,
        secrets: () => [o.secretKey, ...this._bearer.recent],
      },
      this._bearer,
    );
  }

  // ── Authentication ──────────────────────────────────────────────────────────────────────────

  /**
   * A bearer token: cached, renewed within the refresh margin of its expiry (AUTH-4), and shared
   * by concurrent callers through one in-flight request (AUTH-5). A failed login is not cached.
   */
  getToken(options: CallOptions = {}): Promise<string> {
    return this._bearer.get(options.signal);
  }

  /** Forgets the token; the next call logs in again. */
  invalidateToken(): void {
    this._bearer.invalidate();
  }

  // ── Catalogues ──────────────────────────────────────────────────────────────────────────────

  /** GET /head_visual/face/all — one page of head visuals (never /head_visual/all, FACE-5). */
  async listFaces(query: FaceQuery = {}, options: CallOptions = {}): Promise<FacePage> {
    const op = 'GET /head_visual/face/all';
    const q = validate(faceQuerySchema, query, op);
    return this._http.call({
      method: 'GET',
      op,
      path: '/head_visual/face/all',
      query: q,
      schema: facePageSchema,
      signal: options.signal,
    });
  }

  /** GET /voice/all — the voices, optionally of one provider; both list shapes are read (VOICE-1). */
  async listVoices(query: { provider?: string } = {}, options: CallOptions = {}): Promise<Voice[]> {
    const op = 'GET /voice/all';
    const q = validate(
      z.object({ provider: z.string().min(1, 'must not be empty').optional() }),
      query,
      op,
    );
    return this._http.call({
      method: 'GET',
      op,
      path: '/voice/all',
      query: q,
      schema: voiceListSchema,
      signal: options.signal,
    });
  }

  // ── Heads ───────────────────────────────────────────────────────────────────────────────────

  /**
   * POST /head/create. The request is validated first (HEAD-7: nothing is sent if a field is
   * wrong), and the configured orgId is added unless the request has one (AUTH-7).
   */
  async createHead(
    request: HeadCreateInput,
    options: CallOptions = {},
  ): Promise<HeadCreateResponse> {
    const op = 'POST /head/create';
    return this._createHead(validate(headCreateSchema, this._withOrg(request), op), op, options);
  }

  /**
   * A streaming avatar (spec, Heads rule 1, applied by `streamingHead`): mode oc, the streaming
   * provider, greetings "", no alias or suggestions; then the splitter is turned off (STREAM-1..3).
   * Returns the create response.
   */
  async createStreamingHead(
    request: StreamingHeadInput,
    { streamingProvider }: { streamingProvider: string },
    options: CallOptions = {},
  ): Promise<HeadCreateResponse> {
    const op = 'POST /head/create';
    const created = await this._createHead(
      this._withOrg(streamingHead(request, streamingProvider)),
      op,
      options,
    );
    try {
      await this.setSplitter(created.id, false, options);
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      // The head exists: say so, so the caller finishes the job instead of creating another.
      throw new PlatformError({
        code: err.code,
        operation: err.operation,
        ...(err.status === undefined ? {} : { status: err.status }),
        ...(err.cause403 === undefined ? {} : { cause403: err.cause403 }),
        ...(err.detail === undefined ? {} : { detail: err.detail }),
        cause: err,
        headId: created.id,
        message: `Head ${created.id} was created, but turning its splitter off failed; a streaming avatar needs it off, so call setSplitter("${created.id}", false) again. ${err.message}`,
      });
    }
    return created;
  }

  private async _createHead(
    body: unknown,
    op: string,
    options: CallOptions,
  ): Promise<HeadCreateResponse> {
    const created = await this._http.call({
      method: 'POST',
      op,
      path: '/head/create',
      body,
      schema: headCreateResponseSchema,
      context: 'head-create',
      signal: options.signal,
    });
    // The schema refuses a response without an id.
    return created as HeadCreateResponse;
  }

  private _withOrg<T extends object>(request: T): T {
    return this._orgId !== undefined && (request as { orgId?: unknown }).orgId === undefined
      ? { ...request, orgId: this._orgId }
      : request;
  }

  /** GET /head/{id} — the head record; `publicURL` is read as `publicUrl` (HEAD-2). */
  async getHead(id: string, options: CallOptions = {}): Promise<HeadRecord> {
    const op = 'GET /head/{id}';
    validate(requiredId('id'), { id }, op);
    const head = await this._http.call({
      method: 'GET',
      op,
      path: `/head/${encodeURIComponent(id)}`,
      schema: headRecordSchema,
      signal: options.signal,
    });
    // The schema refuses a record without publicUrl.
    return head as HeadRecord;
  }

  /** PUT /head/{id}/splitter?splitter=… — off for a streaming avatar (spec, Heads rule 1). */
  async setSplitter(id: string, on: boolean, options: CallOptions = {}): Promise<unknown> {
    const op = 'PUT /head/{id}/splitter';
    validate(requiredId('id'), { id }, op);
    return this._http.call({
      method: 'PUT',
      op,
      path: `/head/${encodeURIComponent(id)}/splitter`,
      query: { splitter: on },
      signal: options.signal,
    });
  }

  /** PUT /head/{headId}/conversation-settings — the tools the language model may call (TOOL-1). */
  async setTools(
    headId: string,
    tools: ToolDefinition[],
    options: CallOptions = {},
  ): Promise<unknown> {
    const op = 'PUT /head/{headId}/conversation-settings';
    validate(requiredId('headId'), { headId }, op);
    const body = validate(conversationSettingsSchema, { conversationSettings: { tools } }, op);
    return this._http.call({
      method: 'PUT',
      op,
      path: `/head/${encodeURIComponent(headId)}/conversation-settings`,
      body,
      signal: options.signal,
    });
  }

  /** PUT /head/{headId}/enable-events?enableEvents=… — turns webhook delivery on or off (EV-1). */
  async setEventsEnabled(
    headId: string,
    enabled: boolean,
    options: CallOptions = {},
  ): Promise<unknown> {
    const op = 'PUT /head/{headId}/enable-events';
    validate(requiredId('headId'), { headId }, op);
    return this._http.call({
      method: 'PUT',
      op,
      path: `/head/${encodeURIComponent(headId)}/enable-events`,
      query: { enableEvents: enabled },
      signal: options.signal,
    });
  }

  // ── Text to video ───────────────────────────────────────────────────────────────────────────

  /** POST /head/text-to-video — starts a video; never retried. Its answer is not in the spec. */
  async textToVideo(request: TextToVideoRequest, options: CallOptions = {}): Promise<unknown> {
    const op = 'POST /head/text-to-video';
    const body = validate(textToVideoSchema, request, op);
    return this._http.call({
      method: 'POST',
      op,
      path: '/head/text-to-video',
      body,
      context: 'text-to-video',
      signal: options.signal,
    });
  }

  /** GET /head/talks/{id} — the videos of a head (TTV-2, TTV-3). */
  async listTalks(
    headId: string,
    query: PageQuery = {},
    options: CallOptions = {},
  ): Promise<TalkPage> {
    const op = 'GET /head/talks/{id}';
    validate(requiredId('headId'), { headId }, op);
    const q = validate(pageQuerySchema, query, op);
    return this._http.call({
      method: 'GET',
      op,
      path: `/head/talks/${encodeURIComponent(headId)}`,
      query: q,
      schema: talkPageSchema,
      signal: options.signal,
    });
  }

  // ── Webhooks ────────────────────────────────────────────────────────────────────────────────

  /** POST /head-events — returns the sharedKey that signs deliveries; webhookUrl must be https (HOOK-5). */
  async createWebhook(
    body: WebhookCreateRequest,
    options: CallOptions = {},
  ): Promise<WebhookCreateResponse> {
    const op = 'POST /head-events';
    const valid = validate(this._webhooks.create, body, op);
    return this._http.call({
      method: 'POST',
      op,
      path: '/head-events',
      body: valid,
      schema: webhookCreateResponseSchema,
      signal: options.signal,
    });
  }

  /** GET /head-events?headId= — the webhook configurations of a head. */
  async listWebhooks(headId: string, options: CallOptions = {}): Promise<WebhookConfig[]> {
    const op = 'GET /head-events';
    validate(requiredId('headId'), { headId }, op);
    return this._http.call({
      method: 'GET',
      op,
      path: '/head-events',
      query: { headId },
      schema: webhookListSchema,
      signal: options.signal,
    });
  }

  /** GET /head-events/{webhookId} */
  async getWebhook(id: number, options: CallOptions = {}): Promise<WebhookConfig> {
    const op = 'GET /head-events/{webhookId}';
    validate(webhookIdSchema, { id }, op);
    return this._http.call({
      method: 'GET',
      op,
      path: `/head-events/${encodeURIComponent(id)}`,
      schema: webhookConfigSchema,
      signal: options.signal,
    });
  }

  /**
   * PATCH /head-events/{webhookId}, with the whole configuration: the spec says an event is on
   * only when sent as true, so a PATCH of one flag could turn the others off. The current
   * configuration is read (GET /head-events/{webhookId}), the change merged in, and every field
   * sent. Its answer is not in the spec.
   */
  async updateWebhook(
    id: number,
    body: WebhookUpdateRequest,
    options: CallOptions = {},
  ): Promise<unknown> {
    const op = 'PATCH /head-events/{webhookId}';
    validate(webhookIdSchema, { id }, op);
    const change = validate(this._webhooks.update, body, op);
    const current = await this.getWebhook(id, options);
    const full = {
      headId: current.headId,
      webhookUrl: current.webhookUrl,
      startConversation: current.startConversation,
      endConversation: current.endConversation,
      timeoutConversation: current.timeoutConversation,
      inactivityWarning: current.inactivityWarning,
      ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)),
    };
    return this._http.call({
      method: 'PATCH',
      op,
      path: `/head-events/${encodeURIComponent(id)}`,
      body: full,
      signal: options.signal,
    });
  }

  /** DELETE /head-events/{webhookId} — removes the configuration permanently. */
  async deleteWebhook(id: number, options: CallOptions = {}): Promise<unknown> {
    const op = 'DELETE /head-events/{webhookId}';
    validate(webhookIdSchema, { id }, op);
    return this._http.call({
      method: 'DELETE',
      op,
      path: `/head-events/${encodeURIComponent(id)}`,
      signal: options.signal,
    });
  }
}
