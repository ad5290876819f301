/**
 * One call to the platform over HTTP: the bearer header, the 401 rule, retries, the answer parsed.
 *
 * - Every attempt has a timeout; only GETs and the login are retried (network, timeout, 5xx, 429),
 *   at most maxAttempts, with capped, jittered backoff. A create or a text-to-video is never sent twice.
 * - A 401 drops the token, logs in again once and repeats the call once (AUTH-6), never in a loop.
 * - Redirects are refused; the secret key and the tokens never appear in an error or a log entry.
 */
import type { z } from 'zod';
import {
  PlatformError,
  extractErrorDetail,
  httpError,
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined>;

export interface Call<T> {
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

/** Where an authenticated call gets its bearer, and how a refused one is dropped. */
export interface BearerSource {
  get(signal: AbortSignal | undefined): Promise<string>;
  /** Forgets `token` if it is still the current one (a concurrent caller may have renewed it). */
  dropIfCurrent(token: string): void;
}

export interface HttpOptions {
  /** The API address, without a trailing slash. */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  logger: ((entry: PlatformLogEntry) => void) | undefined;
  /** The texts masked in every error (the secret key, recent tokens), read at each failure. */
  secrets: () => string[];
}

interface Exchange {
  status: number;
  headers: Headers;
  /** The body, at most its cap (an error body is cut there; a longer answer is `tooLarge`). */
  text: string;
  tooLarge?: boolean;
}

/**
 * The most of a platform body read (the spec shows none this large: a page of 100 faces is tens of
 * kB): a 2xx answer beyond it is refused as malformed, an error body beyond ERROR_BODY_MAX_BYTES is
 * cut there, so neither parsing nor redaction ever sees more.
 */
export const ANSWER_MAX_BYTES = 16 * 1024 * 1024;
export const ERROR_BODY_MAX_BYTES = 1024 * 1024;

/** Reads a body up to `limit` bytes (then cancels it); `over` when there was more. */
async function readCapped(res: Response, limit: number): Promise<{ text: string; over: boolean }> {
  if (!res.body) return { text: '', over: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      size = limit;
      await reader.cancel().catch(() => undefined);
      return { text: decode(chunks, size), over: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: decode(chunks, size), over: false };
}

function decode(chunks: Uint8Array[], size: number): string {
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** Capped full-jitter backoff (stripe-node's habit): random in [0, min(maxMs, baseMs·2^retry)). */
export function backoffDelay(
  retry: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
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
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The request/retry machinery behind every PlatformClient method. */
export class PlatformHttp {
  constructor(
    private readonly _options: HttpOptions,
    private readonly _bearer: BearerSource,
  ) {}

  /** One call: the token, the 401 rule, retries of GETs, the answer parsed. */
  async call<T>(call: Call<T>): Promise<T> {
    const { maxAttempts, retryBaseMs, retryMaxMs } = this._options;
    const auth = call.auth !== false;
    // Only GETs are safe to repeat (STYLE, Server): a create or a text-to-video is sent once.
    // POST /auth/token is retried deliberately: a login is idempotent (it creates nothing the
    // caller could get twice; a second token just replaces the first), and a blip there would
    // fail every call waiting on it (single flight). Same cap of maxAttempts as a GET.
    let retriesLeft = call.method === 'GET' || call.path === '/auth/token' ? maxAttempts - 1 : 0;
    let retry = 0;
    let reloggedIn = false;
    for (let attempt = 1; ; attempt++) {
      const token = auth ? await this._bearer.get(call.signal) : undefined;
      const started = performance.now();
      let exchange: Exchange;
      try {
        exchange = await this._exchange(call, token);
      } catch (err) {
        // Anything but a PlatformError is the caller's abort reason: rethrown as is, not retried.
        if (!(err instanceof PlatformError)) throw err;
        this._log({ op: call.op, ms: performance.now() - started, attempt, error: err.code });
        if (retriesLeft-- <= 0) throw err;
        await sleep(backoffDelay(retry++, retryBaseMs, retryMaxMs), call.signal);
        continue;
      }
      const { status } = exchange;
      if (status >= 200 && status < 300) {
        this._log({ op: call.op, status, ms: performance.now() - started, attempt });
        return this._read(call, exchange);
      }
      const error = httpError({
        operation: call.op,
        status,
        detail: extractErrorDetail(exchange.text, this._options.secrets()),
        context: call.context,
      });
      this._log({
        op: call.op,
        status,
        ms: performance.now() - started,
        attempt,
        error: error.code,
      });
      // AUTH-6: the platform refused the token before doing anything, so any call may be repeated
      // once with a new one. Only this token is dropped: a concurrent caller may have renewed it.
      if (status === 401 && token !== undefined && !reloggedIn) {
        reloggedIn = true;
        this._bearer.dropIfCurrent(token);
        continue;
      }
      if ((status === 429 || status >= 500) && retriesLeft-- > 0) {
        const backoff = backoffDelay(retry++, retryBaseMs, retryMaxMs);
        const asked =
          status === 429 ? retryAfterMs(exchange.headers.get('retry-after')) : undefined;
        await sleep(asked === undefined ? backoff : Math.min(asked, retryMaxMs), call.signal);
        continue;
      }
      throw error;
    }
  }

  /** One HTTP attempt, body read included, under the timeout. */
  private async _exchange(call: Call<unknown>, token: string | undefined): Promise<Exchange> {
    const { timeoutMs } = this._options;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let url = `${this._options.baseUrl}${call.path}`;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) query.set(key, String(value));
    if (query.size > 0) url += `?${query}`;
    try {
      // Raced against the signal as well: a fetch (or a body) that ignores its signal still times out.
      const res = await untilAborted(
        this._options.fetch(url, {
          method: call.method,
          headers,
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
          signal,
          // A redirect could carry the bearer off the configured platform: never followed, and
          // refused as fetch's redirect 'error' would ('manual' here: Workers has no 'error').
          redirect: 'manual',
        }),
        signal,
      );
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel().catch(() => undefined);
        throw new TypeError(
          `the platform answered a redirect (${res.status}), which is not followed`,
        );
      }
      const ok = res.status >= 200 && res.status < 300;
      const { text, over } = await untilAborted(
        readCapped(res, ok ? ANSWER_MAX_BYTES : ERROR_BODY_MAX_BYTES),
        signal,
      );
      return {
        status: res.status,
        headers: res.headers,
        text,
        ...(over && ok ? { tooLarge: true } : {}),
      };
    } catch (err) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (timeout.aborted) throw timeoutError(call.op, timeoutMs);
      throw networkError(call.op, err, this._options.secrets());
    }
  }

  /** The answer: parsed with the call's schema, or any body (JSON or not) when the spec shows none. */
  private _read<T>(call: Call<T>, { text, headers, tooLarge }: Exchange): T {
    if (tooLarge)
      throw malformedResponseError(
        call.op,
        `the body is over ${ANSWER_MAX_BYTES / 1024 / 1024} MB`,
      );
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      if (!call.schema) return undefined as T;
      throw malformedResponseError(
        call.op,
        `the body is not JSON (content-type ${headers.get('content-type') ?? 'none'})`,
      );
    }
    if (!call.schema) return json as T;
    if (json === undefined) throw malformedResponseError(call.op, 'the body is empty');
    const result = call.schema.safeParse(json);
    if (!result.success) throw malformedResponseError(call.op, result.error);
    return result.data;
  }

  private _log(entry: PlatformLogEntry): void {
    try {
      this._options.logger?.({ ...entry, ms: Math.round(entry.ms) });
    } catch {
      // A broken logger must not turn a done call (maybe a create) into a failure the caller would repeat.
    }
  }
}
