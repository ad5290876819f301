/**
 * How browser code calls the proxy: one fetch helper that validates the answer with the route's
 * schema and turns every failure into an `ApiRequestError` with a code and a message a person
 * can read. Used by every element; nothing here is server-only, and nothing imports zod (answers
 * are checked with api/check.ts).
 */
import type { Schema } from './check.js';
import { ApiRequestError, type AnsweredCode } from './errors.js';
import { trustedEndpointAfterScripts } from './urls.js';

export type { Schema } from './check.js';
export { ApiRequestError } from './errors.js';

/** The CSRF header every state-changing request must carry (a cross-site form cannot set it). */
export const CSRF_HEADER = 'X-DH-Kit';
export const CSRF_VALUE = '1';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Extra headers for a proxy that needs the site's own auth. */
  headers?: HeadersInit;
  credentials?: RequestCredentials;
}

/** Joins the endpoint (`/dh`, or an absolute URL) and a route path, with a query string. */
export function routeUrl(endpoint: string, path: string, query?: RequestOptions['query']): string {
  const base = endpoint.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/** What a proxy answers for a failure: `{error: {code, message, headId?}}`. */
type ErrorAnswer = { error?: { code?: unknown; message?: unknown; headId?: unknown } } | undefined;

/** A failed answer as an error: the proxy's `{error: {code, message}}`, else its status. */
export function plainRefusal(res: Response, payload: unknown): ApiRequestError {
  const error = (payload as ErrorAnswer)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? new ApiRequestError(error.code as AnsweredCode, error.message, res.status)
    : new ApiRequestError(
        'http_error',
        `The server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`,
        res.status,
      );
}

/**
 * `plainRefusal`, with what the back office acts on: the head a failed request made all the same
 * (`headId`: splitter_failed), and how long to wait (Retry-After: the studio's daily cap). The
 * avatar's requests (getJson, its link check) use neither, and a page with it alone loads no code
 * for them.
 */
export function refusal(res: Response, payload: unknown): ApiRequestError {
  const { code, message, status } = plainRefusal(res, payload);
  const headId = (payload as ErrorAnswer)?.error?.headId;
  const wait = Number(res.headers.get('retry-after'));
  return new ApiRequestError(
    code,
    message,
    status,
    typeof headId === 'string' ? headId : undefined,
    // Retry-After in seconds, as the proxy sends it (and exposes to other origins); a date, a
    // negative, an endless or no number is no time (the studio then shows the proxy's words).
    wait > 0 && wait < 1e9 ? wait : undefined,
  );
}

/**
 * Fetches a route's URL; no answer, or a refusal, is an ApiRequestError. A GET that fails is the
 * network, or a proxy that does not answer this page's origin (CORS), which look alike to a
 * script. A proxy that answers a request without CORS (`no-cors`: nothing is read) is up: the GET
 * is then made once more, and a second failure is CORS (the operator is told which origin to
 * allow); a first one that was the network's is over. Another method is never sent twice.
 * `refused` makes the error of a refusal (`refusal`, or `plainRefusal` where no one reads more).
 */
async function send(url: string, init: RequestInit, refused: typeof refusal): Promise<Response> {
  const get = () => fetch(url, init);
  const res = await get().catch(async (err: unknown) => {
    if (init.signal?.aborted) throw err;
    if (
      (init.method ?? 'GET') === 'GET' &&
      (await fetch(url, { mode: 'no-cors', signal: init.signal }).then(
        () => 1,
        () => 0,
      ))
    ) {
      return get().catch(() => {
        throw new ApiRequestError(
          'cors_refused',
          `${url} refused this page: allow ${location.origin} on the proxy (npx dh-kit origins add ${location.origin}, or DH_ALLOWED_ORIGINS).`,
        );
      });
    }
    // No connection at all is the visitor's to fix; otherwise the page loaded, so it is the proxy.
    if (globalThis.navigator?.onLine === false)
      throw new ApiRequestError('offline', `${url} could not be reached: the browser is offline.`);
    throw new ApiRequestError('network', `${url} could not be reached.`);
  });
  if (!res.ok) throw refused(res, await res.json().catch(() => undefined));
  return res;
}

/** The answer's JSON, checked with the route's schema. */
async function checked<T>(res: Response, path: string, schema: Schema<T>): Promise<T> {
  const parsed = schema.safeParse(
    res.status === 204 ? undefined : await res.json().catch(() => undefined),
  );
  if (!parsed.success)
    throw new ApiRequestError(
      'malformed_response',
      `The answer of ${path} was not what was expected.`,
      res.status,
    );
  return parsed.data;
}

/**
 * Calls a proxy route: the endpoint is checked first (see api/urls.ts: a trusted origin only, so
 * the site's `headers` and `credentials: 'include'` never go elsewhere), and every failure is an
 * ApiRequestError.
 */
export async function request(
  endpoint: string,
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  const { method = 'GET', body, query, signal, headers, credentials } = options;
  await trustedEndpointAfterScripts(endpoint);
  const h = new Headers(headers);
  h.set('accept', 'application/json');
  if (method !== 'GET') h.set(CSRF_HEADER, CSRF_VALUE);
  if (body !== undefined) h.set('content-type', 'application/json');
  // (JSON.stringify(undefined) is undefined: no body.)
  return send(
    routeUrl(endpoint, path, query),
    { method, headers: h, body: JSON.stringify(body), signal, credentials },
    refusal,
  );
}

/** Calls a proxy route and checks its JSON answer with the route's schema. */
export async function requestJson<T>(
  endpoint: string,
  path: string,
  schema: Schema<T>,
  options: RequestOptions = {},
): Promise<T> {
  return checked(await request(endpoint, path, options), path, schema);
}

/**
 * requestJson for a GET of a public route, without the site's headers or credentials (what the
 * avatar asks): the same request, without the code that handles them or a refusal's details
 * (`plainRefusal`), which a page with the avatar alone then does not load. `search` is the query
 * string (`?view=chat`), if any.
 */
export async function getJson<T>(
  endpoint: string,
  path: string,
  schema: Schema<T>,
  signal: AbortSignal,
  search = '',
): Promise<T> {
  await trustedEndpointAfterScripts(endpoint);
  return checked(
    await send(
      endpoint.replace(/\/+$/, '') + path + search,
      { headers: { accept: 'application/json' }, signal },
      plainRefusal,
    ),
    path,
    schema,
  );
}
