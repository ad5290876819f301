/**
 * The proxy's error answers: every error is `{error: {code, message}}` with the right status
 * (input is checked by validate.ts); platform errors become messages a site owner can act on.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../api/errors.js';
import { PlatformError } from '../platform/errors.js';
import { StoreUnavailable } from './store.js';

export class ApiException extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the error object, for a client to act on (`headId`). */
    readonly extra: Record<string, string> = {},
  ) {
    super(status, { message });
  }
}

/** An error answer's body: `{error: {code, message}}` (api/answers.ts apiErrorSchema). */
export const errorBody = (
  code: ErrorCode,
  message: string,
  extra: Record<string, string> = {},
) => ({
  error: { ...extra, code, message },
});

export const fail = (
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  headers?: Record<string, string>,
): never => {
  throw new ApiException(status, code, message, headers);
};

/** How a platform failure reaches the browser: the status a client can act on, and why. */
export function fromPlatformError(err: PlatformError): ApiException {
  switch (err.code) {
    case 'invalid_request':
      // The client refused to send it (a platform rule, a field): what to fix, by field name.
      return new ApiException(400, 'invalid_request', err.detail ?? err.message);
    case 'bad_request':
      return new ApiException(400, 'platform_bad_request', err.message);
    case 'voice_not_available':
      return new ApiException(400, 'voice_not_available', err.message);
    case 'not_found':
      return new ApiException(404, 'not_found', err.message);
    case 'unauthorized':
    case 'invalid_credentials':
      return new ApiException(502, 'platform_auth_failed', err.message);
    case 'forbidden':
      return new ApiException(502, 'platform_forbidden', err.message);
    case 'rate_limited':
      return new ApiException(503, 'platform_busy', err.message, { 'retry-after': '30' });
    case 'timeout':
      return new ApiException(504, 'platform_timeout', err.message);
    default:
      return new ApiException(502, 'platform_unavailable', err.message);
  }
}

/**
 * What a browser is told when the platform side failed: the cause (a network address, a setting
 * name) is for the site owner's log, not for every visitor.
 */
const PUBLIC_MESSAGES: Record<string, string> = {
  platform_unavailable: 'The avatar platform is not answering right now. Try again in a moment.',
  platform_timeout: 'The avatar platform took too long to answer. Try again in a moment.',
  platform_auth_failed:
    "This site's connection to the avatar platform is not set up right. The site owner can find the details in the server log.",
  platform_forbidden:
    "This site's avatar platform account cannot do this right now. The site owner can find the details in the server log.",
  // The platform's 404 advice names DH_BASE_URL: a setting is for the site owner, not for visitors.
  not_found: 'The avatar platform has nothing with this id. Check the id, or ask the site owner.',
};

/**
 * `detailed`: the caller is an admin (a back office), who is told the platform's own words — the
 * cause of a 403, the setting to check — as the site owner's log has them.
 */
export function errorResponse(
  c: Context,
  err: unknown,
  log?: (e: unknown) => void,
  detailed = false,
): Response {
  let ex: ApiException | undefined;
  if (err instanceof PlatformError) {
    ex = fromPlatformError(err);
    const visible = PUBLIC_MESSAGES[ex.code];
    if (visible && !detailed) {
      log?.(`${c.req.method} ${c.req.path}: ${ex.code}: ${err.message}`);
      ex = new ApiException(ex.status as ContentfulStatusCode, ex.code, visible, ex.headers);
    }
  }
  if (err instanceof StoreUnavailable) {
    // Rate limits and de-duplication fail closed: the platform retries a delivery, a browser its request.
    log?.(`${c.req.method} ${c.req.path}: ${err.message}`);
    ex = new ApiException(
      503,
      'store_unavailable',
      'The server is busy for a moment; try again in a few seconds.',
      { 'retry-after': '5' },
    );
  }
  ex ??=
    err instanceof ApiException
      ? err
      : err instanceof HTTPException
        ? new ApiException(
            err.status as ContentfulStatusCode,
            err.status === 413 ? 'body_too_large' : 'http_error',
            err.message || 'Request refused',
          )
        : undefined;
  if (!ex) {
    log?.(err);
    return c.json(
      errorBody('internal', 'The proxy failed unexpectedly; the error is in its log.'),
      500,
    );
  }
  return c.json(
    errorBody(ex.code, ex.message, ex.extra),
    ex.status as ContentfulStatusCode,
    ex.headers,
  );
}
