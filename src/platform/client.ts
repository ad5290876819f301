/**
 * A typed client for every endpoint of the platform spec (`platform-api.md`, Endpoints).
 *
 * - Login once and share the token: concurrent callers wait on one token request (AUTH-5), and
 *   the token is renewed before it expires (AUTH-4).
 * - A 401 drops the token, logs in again once and repeats the call once (AUTH-6), never in a loop.
 * - Every call has a timeout; only GETs and the login are retried (network, timeout, 5xx, 429),
 *   at most 3 attempts, with capped, jittered backoff. A create or a text-to-video is never sent twice.
 * - Requests are validated before they are sent and answers are parsed with the schemas of
 *   `schemas.ts`; failures are `PlatformError`s whose message names the field and says what to do.
 * - The secret key and the token never appear in an error or a log entry.
 */
import { z } from 'zod';
import {
  conversationSettingsSchema,
  describeZodError,
  facePageSchema,
  faceQuerySchema,
  headCreateResponseSchema,
  headCreateSchema,
  headRecordSchema,
  pageQuerySchema,
  streamingHeadCreateSchema,
  talkPageSchema,
  textToVideoSchema,
  tokenResponseSchema,
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
import { TOKEN_LIFETIME_MS, type OperationMode } from './modes.js';
import {
  PlatformError,
  extractErrorDetail,
  httpError,
  invalidRequestError,
  malformedResponseError,
  networkError,
  timeoutError,
  type ErrorContext,
} from './errors.js';

/** One line per HTTP attempt; never carries a secret. */
export interface PlatformLogEntry {
  /** Method and path template, e.g. `GET /head/{id}`. */
  op: string;
  status?: number;
  ms: number;
  /** 1 for the first attempt of a call, then 2, 3… (retries and the re-login repeat). */
  attempt: number;
  /** The PlatformError code when the attempt failed. */
  error?: string;
}

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
  logger?: (entry: PlatformLogEntry) => void;
}

/** The last argument of every method. */
export interface CallOptions {
  /** Aborts the call; its reason is rethrown as is, and an aborted call is not retried. */
  signal?: AbortSignal;
}

/** What createHead accepts: the create request before defaults (e.g. plugin `options`) are filled in. */
export type HeadCreateInput = z.input<typeof headCreateSchema>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A create request for a streaming avatar; operationMode defaults to oc. */
export type StreamingHeadInput = DistributiveOmit<HeadCreateInput, 'operationMode'> & { operationMode?: OperationMode };
/** POST /head-events answers `{sharedKey}` (an id too, when the platform sends one). */
export type WebhookCreateResponse = z.infer<typeof webhookCreateResponseSchema>;

const HOUR_MS = 60 * 60 * 1000;

const optionsSchema = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    email: z.string().min(1, 'is required'),
    secretKey: z.string().min(1, 'is required'),
    orgId: z.string().optional(),
    timeoutMs: z.number().int().positive().default(15_000),
    // Issue 2: "at most 3 attempts"; more would only stretch an outage's wait behind a busy platform.
    maxAttempts: z.number().int().min(1).max(3, 'must be 1 to 3 (at most 3 attempts)').default(3),
    retryBaseMs: z.number().min(0).default(250),
    retryMaxMs: z.number().min(0).default(4_000),
    tokenLifetimeMs: z.number().positive().default(TOKEN_LIFETIME_MS),
    tokenRefreshMarginMs: z.number().min(0).optional(),
    allowLoopbackWebhooks: z.boolean().default(false),
  })
  .refine((o) => o.tokenRefreshMarginMs === undefined || o.tokenRefreshMarginMs < o.tokenLifetimeMs, {
    message: 'must be shorter than tokenLifetimeMs',
    path: ['tokenRefreshMarginMs'],
  });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined>;

interface Call<T> {
  method: Method;
  /** Method and path template, for errors and logs. */
  op: string;
  /** The concrete path, path params already encoded. */
  path: string;
  query?: Query;
  body?: unknown;
  /** Parses a JSON answer; without it any 2xx body is accepted. */
  schema?: { safeParse(input: unknown): z.ZodSafeParseResult<T> };
  /** false only for the token endpoint. */
  auth?: boolean;
  context?: ErrorContext;
  signal?: AbortSignal | undefined;
}

interface Exchange {
  status: number;
  headers: Headers;
  text: string;
}

/** Capped full-jitter backoff (stripe-node's habit): random in [0, min(maxMs, baseMs·2^retry)). */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** retry));
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for a shared promise, but lets one caller give up without cancelling it for the others. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The `exp` claim of a JWT, in ms, or undefined when the token is not a JWT with a numeric exp. */
function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function validate<S extends z.ZodType>(schema: S, input: unknown, op: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequestError(op, result.error);
  return result.data;
}

// tokenResponseSchema's output is typed unknown (its loose shapes do not narrow): pin it to string.
const tokenSchema = tokenResponseSchema.pipe(z.string());
const requiredId = (name: string) => z.object({ [name]: z.string().min(1, 'is required') });
const webhookIdSchema = z.object({ id: z.number().int().nonnegative('must be a webhook id (an integer)') });

/** The platform's API, one typed method per endpoint of the spec. */
export class PlatformClient {
  /** The API address, without a trailing slash. */
  readonly baseUrl: string;
  private readonly _email: string;
  private readonly _secretKey: string;
  private readonly _orgId: string | undefined;
  private readonly _fetch: typeof fetch;
  private readonly _timeoutMs: number;
  private readonly _maxAttempts: number;
  private readonly _retryBaseMs: number;
  /** Webhook body schemas: https only, unless pointed at the simulator with loopback receivers. */
  private readonly _webhooks: ReturnType<typeof webhookSchemas>;
  private readonly _retryMaxMs: number;
  private readonly _tokenLifetimeMs: number;
  private readonly _refreshMarginMs: number;
  private readonly _now: () => number;
  private readonly _logger: ((entry: PlatformLogEntry) => void) | undefined;
  private _token: { value: string; refreshAt: number } | undefined;
  private _login: Promise<string> | undefined;
  /** Recent tokens, masked in every error text (a platform may echo a stale one back). */
  private readonly _recentTokens: string[] = [];

  constructor(options: PlatformClientOptions) {
    const parsed = optionsSchema.safeParse(options);
    if (!parsed.success) throw new TypeError(`PlatformClient options: ${describeZodError(parsed.error)}`);
    const o = parsed.data;
    this.baseUrl = o.baseUrl.replace(/\/+$/, '');
    this._email = o.email;
    this._secretKey = o.secretKey;
    // An empty DH_ORG_ID means "not configured".
    this._orgId = o.orgId || undefined;
    const fetchFn = options.fetch ?? globalThis.fetch;
    // Called as a plain function: a browser's fetch throws when called as a method of another object.
    this._fetch = (input, init) => fetchFn(input, init);
    this._timeoutMs = o.timeoutMs;
    this._maxAttempts = o.maxAttempts;
    this._retryBaseMs = o.retryBaseMs;
    this._webhooks = webhookSchemas(o.allowLoopbackWebhooks);
    this._retryMaxMs = o.retryMaxMs;
    this._tokenLifetimeMs = o.tokenLifetimeMs;
    this._refreshMarginMs = o.tokenRefreshMarginMs ?? Math.min(HOUR_MS, o.tokenLifetimeMs / 10);
    this._now = options.now ?? Date.now;
    this._logger = options.logger;
  }

  // ── Authentication ──────────────────────────────────────────────────────────────────────────

  /**
   * A bearer token: cached, renewed within the refresh margin of its expiry (AUTH-4), and shared
   * by concurrent callers through one in-flight request (AUTH-5). A failed login is not cached.
   */
  async getToken(options: CallOptions = {}): Promise<string> {
    const current = this._token;
    if (current && this._now() < current.refreshAt) return current.value;
    // A caller's abort must not cancel the login the other callers wait on: it only stops waiting.
    this._login ??= this._requestToken().finally(() => {
      this._login = undefined;
    });
    return untilAborted(this._login, options.signal);
  }

  /** Forgets the token; the next call logs in again. */
  invalidateToken(): void {
    this._token = undefined;
  }

  private async _requestToken(): Promise<string> {
    // Taken before the request: the token may be a little younger, never older, than we think.
    const issuedAt = this._now();
    const op = 'POST /auth/token';
    const token = await this._call({
      method: 'POST',
      op,
      path: '/auth/token',
      body: { email: this._email, secretKey: this._secretKey },
      schema: tokenSchema,
      auth: false,
      context: 'token',
    }).catch((err: unknown) => {
      // zod's union error reads "Invalid input": name the two shapes instead.
      if (err instanceof PlatformError && err.code === 'malformed_response') {
        throw malformedResponseError(op, 'neither token (shape A) nor data.bearer (shape B) is a non-empty string');
      }
      throw err;
    });
    this._recentTokens.unshift(token);
    this._recentTokens.length = Math.min(this._recentTokens.length, 5);
    this._token = { value: token, refreshAt: this._refreshAt(token, issuedAt) };
    return token;
  }

  /** Expiry is the issue time plus the lifetime, or the JWT's exp when earlier. */
  private _refreshAt(token: string, issuedAt: number): number {
    const byLifetime = issuedAt + this._tokenLifetimeMs;
    const exp = jwtExpiry(token);
    // An exp at or before the local issue time means the clocks disagree: trust the lifetime,
    // the 401 rule catches a token that really expired.
    const expiresAt = exp !== undefined && exp > issuedAt ? Math.min(exp, byLifetime) : byLifetime;
    // A short-lived JWT is still used for half its life, so it cannot cause a login per call.
    return expiresAt - Math.min(this._refreshMarginMs, (expiresAt - issuedAt) / 2);
  }

  // ── Catalogues ──────────────────────────────────────────────────────────────────────────────

  /** GET /head_visual/face/all — one page of head visuals (never /head_visual/all, FACE-5). */
  async listFaces(query: FaceQuery = {}, options: CallOptions = {}): Promise<FacePage> {
    const op = 'GET /head_visual/face/all';
    const q = validate(faceQuerySchema, query, op);
    return this._call({ method: 'GET', op, path: '/head_visual/face/all', query: q, schema: facePageSchema, signal: options.signal });
  }

  /** GET /voice/all — the voices, optionally of one provider; both list shapes are read (VOICE-1). */
  async listVoices(query: { provider?: string } = {}, options: CallOptions = {}): Promise<Voice[]> {
    const op = 'GET /voice/all';
    const q = validate(z.object({ provider: z.string().min(1, 'must not be empty').optional() }), query, op);
    return this._call({ method: 'GET', op, path: '/voice/all', query: q, schema: voiceListSchema, signal: options.signal });
  }

  // ── Heads ───────────────────────────────────────────────────────────────────────────────────

  /**
   * POST /head/create. The request is validated first (HEAD-7: nothing is sent if a field is
   * wrong), and the configured orgId is added unless the request has one (AUTH-7).
   */
  async createHead(request: HeadCreateInput, options: CallOptions = {}): Promise<HeadCreateResponse> {
    const op = 'POST /head/create';
    return this._createHead(validate(headCreateSchema, this._withOrg(request), op), op, options);
  }

  /**
   * A streaming avatar (spec, Heads rule 1): operationMode defaults to oc, ttsProvider must be the
   * streaming provider, greetings is "", alias and suggestions are removed; then the splitter is
   * turned off (STREAM-1..3). Returns the create response.
   */
  async createStreamingHead(
    request: StreamingHeadInput,
    { streamingProvider }: { streamingProvider: string },
    options: CallOptions = {},
  ): Promise<HeadCreateResponse> {
    const op = 'POST /head/create';
    const draft: Record<string, unknown> = { ...request, operationMode: request.operationMode ?? 'oc', greetings: '' };
    delete draft.alias;
    delete draft.suggestions;
    if (draft.ttsProvider !== streamingProvider) {
      throw invalidRequestError(
        op,
        `ttsProvider: a streaming avatar must use the streaming TTS provider "${streamingProvider}" (got "${String(draft.ttsProvider)}"), with one of its voiceIds`,
      );
    }
    const created = await this._createHead(validate(streamingHeadCreateSchema, this._withOrg(draft), op), op, options);
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
        message: `Head ${created.id} was created, but turning its splitter off failed; a streaming avatar needs it off, so call setSplitter("${created.id}", false) again. ${err.message}`,
      });
    }
    return created;
  }

  private async _createHead(body: unknown, op: string, options: CallOptions): Promise<HeadCreateResponse> {
    const created = await this._call({
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
    return this._orgId !== undefined && (request as { orgId?: unknown }).orgId === undefined ? { ...request, orgId: this._orgId } : request;
  }

  /** GET /head/{id} — the head record; `publicURL` is read as `publicUrl` (HEAD-2). */
  async getHead(id: string, options: CallOptions = {}): Promise<HeadRecord> {
    const op = 'GET /head/{id}';
    validate(requiredId('id'), { id }, op);
    const head = await this._call({ method: 'GET', op, path: `/head/${encodeURIComponent(id)}`, schema: headRecordSchema, signal: options.signal });
    // The schema refuses a record without publicUrl.
    return head as HeadRecord;
  }

  /** PUT /head/{id}/splitter?splitter=… — off for a streaming avatar (spec, Heads rule 1). */
  async setSplitter(id: string, on: boolean, options: CallOptions = {}): Promise<unknown> {
    const op = 'PUT /head/{id}/splitter';
    validate(requiredId('id'), { id }, op);
    return this._call({ method: 'PUT', op, path: `/head/${encodeURIComponent(id)}/splitter`, query: { splitter: on }, signal: options.signal });
  }

  /** PUT /head/{headId}/conversation-settings — the tools the language model may call (TOOL-1). */
  async setTools(headId: string, tools: ToolDefinition[], options: CallOptions = {}): Promise<unknown> {
    const op = 'PUT /head/{headId}/conversation-settings';
    validate(requiredId('headId'), { headId }, op);
    const body = validate(conversationSettingsSchema, { conversationSettings: { tools } }, op);
    return this._call({ method: 'PUT', op, path: `/head/${encodeURIComponent(headId)}/conversation-settings`, body, signal: options.signal });
  }

  /** PUT /head/{headId}/enable-events?enableEvents=… — turns webhook delivery on or off (EV-1). */
  async setEventsEnabled(headId: string, enabled: boolean, options: CallOptions = {}): Promise<unknown> {
    const op = 'PUT /head/{headId}/enable-events';
    validate(requiredId('headId'), { headId }, op);
    return this._call({
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
    return this._call({ method: 'POST', op, path: '/head/text-to-video', body, context: 'text-to-video', signal: options.signal });
  }

  /** GET /head/talks/{id} — the videos of a head (TTV-2, TTV-3). */
  async listTalks(headId: string, query: PageQuery = {}, options: CallOptions = {}): Promise<TalkPage> {
    const op = 'GET /head/talks/{id}';
    validate(requiredId('headId'), { headId }, op);
    const q = validate(pageQuerySchema, query, op);
    return this._call({ method: 'GET', op, path: `/head/talks/${encodeURIComponent(headId)}`, query: q, schema: talkPageSchema, signal: options.signal });
  }

  // ── Webhooks ────────────────────────────────────────────────────────────────────────────────

  /** POST /head-events — returns the sharedKey that signs deliveries; webhookUrl must be https (HOOK-5). */
  async createWebhook(body: WebhookCreateRequest, options: CallOptions = {}): Promise<WebhookCreateResponse> {
    const op = 'POST /head-events';
    const valid = validate(this._webhooks.create, body, op);
    return this._call({ method: 'POST', op, path: '/head-events', body: valid, schema: webhookCreateResponseSchema, signal: options.signal });
  }

  /** GET /head-events?headId= — the webhook configurations of a head. */
  async listWebhooks(headId: string, options: CallOptions = {}): Promise<WebhookConfig[]> {
    const op = 'GET /head-events';
    validate(requiredId('headId'), { headId }, op);
    return this._call({ method: 'GET', op, path: '/head-events', query: { headId }, schema: webhookListSchema, signal: options.signal });
  }

  /** GET /head-events/{webhookId} */
  async getWebhook(id: number, options: CallOptions = {}): Promise<WebhookConfig> {
    const op = 'GET /head-events/{webhookId}';
    validate(webhookIdSchema, { id }, op);
    return this._call({ method: 'GET', op, path: `/head-events/${encodeURIComponent(id)}`, schema: webhookConfigSchema, signal: options.signal });
  }

  /** PATCH /head-events/{webhookId}. Its answer is not in the spec. */
  async updateWebhook(id: number, body: WebhookUpdateRequest, options: CallOptions = {}): Promise<unknown> {
    const op = 'PATCH /head-events/{webhookId}';
    validate(webhookIdSchema, { id }, op);
    const valid = validate(this._webhooks.update, body, op);
    return this._call({ method: 'PATCH', op, path: `/head-events/${encodeURIComponent(id)}`, body: valid, signal: options.signal });
  }

  /** DELETE /head-events/{webhookId} — removes the configuration permanently. */
  async deleteWebhook(id: number, options: CallOptions = {}): Promise<unknown> {
    const op = 'DELETE /head-events/{webhookId}';
    validate(webhookIdSchema, { id }, op);
    return this._call({ method: 'DELETE', op, path: `/head-events/${encodeURIComponent(id)}`, signal: options.signal });
  }

  // ── HTTP ────────────────────────────────────────────────────────────────────────────────────

  private _secrets(): string[] {
    return [this._secretKey, ...this._recentTokens];
  }

  /** One call: the token, the 401 rule, retries of GETs, the answer parsed. */
  private async _call<T>(call: Call<T>): Promise<T> {
    const auth = call.auth !== false;
    // Only GETs are safe to repeat (STYLE, Server): a create or a text-to-video is sent once.
    // POST /auth/token is retried deliberately: a login is idempotent (it creates nothing the
    // caller could get twice; a second token just replaces the first), and a blip there would
    // fail every call waiting on it (single flight). Same cap of maxAttempts as a GET.
    let retriesLeft = call.method === 'GET' || call.path === '/auth/token' ? this._maxAttempts - 1 : 0;
    let retry = 0;
    let reloggedIn = false;
    for (let attempt = 1; ; attempt++) {
      const token = auth ? await this.getToken({ signal: call.signal }) : undefined;
      const started = performance.now();
      let exchange: Exchange;
      try {
        exchange = await this._exchange(call, token);
      } catch (err) {
        // Anything but a PlatformError is the caller's abort reason: rethrown as is, not retried.
        if (!(err instanceof PlatformError)) throw err;
        this._log({ op: call.op, ms: performance.now() - started, attempt, error: err.code });
        if (retriesLeft-- <= 0) throw err;
        await sleep(backoffDelay(retry++, this._retryBaseMs, this._retryMaxMs), call.signal);
        continue;
      }
      const { status } = exchange;
      if (status >= 200 && status < 300) {
        this._log({ op: call.op, status, ms: performance.now() - started, attempt });
        return this._read(call, exchange);
      }
      const error = httpError({ operation: call.op, status, detail: extractErrorDetail(exchange.text, this._secrets()), context: call.context });
      this._log({ op: call.op, status, ms: performance.now() - started, attempt, error: error.code });
      // AUTH-6: the platform refused the token before doing anything, so any call may be repeated
      // once with a new one. Only this token is dropped: a concurrent caller may have renewed it.
      if (status === 401 && token !== undefined && !reloggedIn) {
        reloggedIn = true;
        if (this._token?.value === token) this.invalidateToken();
        continue;
      }
      if ((status === 429 || status >= 500) && retriesLeft-- > 0) {
        const backoff = backoffDelay(retry++, this._retryBaseMs, this._retryMaxMs);
        const asked = status === 429 ? retryAfterMs(exchange.headers.get('retry-after')) : undefined;
        await sleep(asked === undefined ? backoff : Math.min(asked, this._retryMaxMs), call.signal);
        continue;
      }
      throw error;
    }
  }

  /** One HTTP attempt, body read included, under the timeout. */
  private async _exchange(call: Call<unknown>, token: string | undefined): Promise<Exchange> {
    const timeout = AbortSignal.timeout(this._timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let url = `${this.baseUrl}${call.path}`;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(key, String(value));
    if (query.size > 0) url += `?${query}`;
    try {
      // Raced against the signal as well: a fetch (or a body) that ignores its signal still times out.
      const res = await untilAborted(
        this._fetch(url, {
          method: call.method,
          headers,
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
          signal,
          // A redirect could carry the bearer off the configured platform: refuse it.
          redirect: 'error',
        }),
        signal,
      );
      return { status: res.status, headers: res.headers, text: await untilAborted(res.text(), signal) };
    } catch (err) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (timeout.aborted) throw timeoutError(call.op, this._timeoutMs);
      throw networkError(call.op, err, this._secrets());
    }
  }

  /** The answer: parsed with the call's schema, or any body (JSON or not) when the spec shows none. */
  private _read<T>(call: Call<T>, { text, headers }: Exchange): T {
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      if (!call.schema) return undefined as T;
      throw malformedResponseError(call.op, `the body is not JSON (content-type ${headers.get('content-type') ?? 'none'})`);
    }
    if (!call.schema) return json as T;
    if (json === undefined) throw malformedResponseError(call.op, 'the body is empty');
    const result = call.schema.safeParse(json);
    if (!result.success) throw malformedResponseError(call.op, result.error);
    return result.data;
  }

  private _log(entry: PlatformLogEntry): void {
    try {
      this._logger?.({ ...entry, ms: Math.round(entry.ms) });
    } catch {
      // A broken logger must not turn a done call (maybe a create) into a failure the caller would repeat.
    }
  }
}
