/**
 * The kit's error vocabulary: every code the proxy answers (`{error: {code, message}}`) and every
 * code the elements make of their own, in one union. The proxy's `fail()`, `ApiRequestError`, the
 * studio's failures, every locale's table and the refusal page's titles are typed by it, so a
 * misspelt or a forgotten code fails `npm run typecheck`.
 */

/**
 * The codes a visitor may meet: every locale explains each in its own words (a locale's table is
 * a `Record<VisitorCode, string>`); the rest read the locale's "something went wrong".
 */
export const VISITOR_CODES = [
  'network',
  'offline',
  'rate_limited',
  'launch_expired',
  'launch_invalid',
  'head_not_published',
  'not_found',
  'stream_unavailable',
  'unsafe_url',
  'admin_required',
  'admin_closed',
  'video_cap_reached',
  'video_timeout',
  'video_unavailable',
  'video_unplayable',
  // The platform behind the proxy failed (proxy/http.ts fromPlatformError).
  'platform_unavailable',
  'platform_timeout',
  'platform_busy',
  'platform_auth_failed',
  'platform_forbidden',
  // A head's session budget, set by the site's owner (proxy/routes/budget.ts): 429 at launch.
  'head_busy',
  'head_budget_spent',
  'visitor_daily_limit',
] as const;
export type VisitorCode = (typeof VISITOR_CODES)[number];

/** The codes a developer or an operator reads (with an English message), by where they arise. */
export const OTHER_CODES = [
  // Input the proxy refused (proxy/validate.ts, proxy/security/).
  'invalid_request',
  'invalid_json',
  'json_too_deep',
  'unsupported_media_type',
  'body_too_large',
  'http_error',
  'invalid_head_id',
  'invalid_talk_id',
  'invalid_event_id',
  'invalid_webhook_id',
  'invalid_user',
  'invalid_message',
  'invalid_tool',
  'invalid_origin',
  'csrf_header_missing',
  'cors_refused',
  'client_unknown',
  'too_many_lookups',
  'host_not_allowed',
  // The platform refused what the proxy sent, or answered what it could not read.
  'platform_bad_request',
  'voice_not_available',
  'malformed_response',
  'splitter_failed',
  'talk_not_found',
  'video_not_ready',
  'not_failed',
  'no_media',
  'media_unavailable',
  'media_link_invalid',
  // The platform's calls to the site: events, plugin and tool calls (proxy/routes/receiver.ts, …).
  'bad_signature',
  'stale_delivery',
  'keys_unavailable',
  'invalid_event',
  'invalid_plugin_answer',
  'invalid_tool_call',
  'unknown_tool',
  'tool_prompt_mismatch',
  // The proxy itself: its set-up, its store, a failure of its own.
  'misconfigured',
  'server_busy',
  'no_platform',
  'no_bundle',
  'origins_full',
  'origin_fixed',
  'origin_not_added',
  'budget_needs_events',
  'store_unavailable',
  'internal',
  // The browser's own (api/urls.ts, the elements).
  'invalid_endpoint',
  'untrusted_endpoint',
  'missing_head',
  'launch_failed',
  'unexpected',
  'videos_failed',
  'video_request_failed',
  'video_poll_failed',
  'video_download_failed',
] as const;

/** Every code: the visitor's and the others (docs/troubleshooting.md lists them all). */
export type ErrorCode = VisitorCode | (typeof OTHER_CODES)[number];

declare const answered: unique symbol;
/**
 * A code as a proxy answered it: an ErrorCode from this kit's proxy, perhaps another from a newer
 * or a different one (tolerant reader: kept as it came, and shown with the locale's fallback).
 */
export type AnsweredCode = string & { readonly [answered]: true };

/** The one error type of browser code: a code a program can test and a message a person can read. */
export class ApiRequestError extends Error {
  constructor(
    readonly code: ErrorCode | AnsweredCode,
    message: string,
    readonly status = 0,
    /** A head that exists although the request failed (`splitter_failed`): finish it, don't make another. */
    readonly headId?: string,
    /** Seconds until trying again can succeed, as the answer's Retry-After said (a limit, the daily cap). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The platform refusing the site itself (its key, its account): answered 502, but lasting until
 * the site's operator mends it.
 */
const SITE_REFUSALS: readonly string[] = ['platform_auth_failed', 'platform_forbidden'];

/** A head's budget spent for the day (429 until tomorrow): trying again in a moment cannot help. */
const SPENT_FOR_TODAY: readonly string[] = ['head_budget_spent', 'visitor_daily_limit'];

/**
 * The failures where trying again can help: the network, or a proxy or platform busy or down for
 * a moment (429, 5xx: rate_limited, platform_busy, platform_unavailable, platform_timeout,
 * store_unavailable). Anything else (a head that does not exist or is not published here, a
 * refused origin or link, the platform refusing the site, a misconfiguration: 4xx, or the page's
 * own checks) fails again the same way, and gets no Try again.
 */
export const canRetry = ({ code, status }: ApiRequestError): boolean =>
  code === 'network' ||
  code === 'offline' ||
  ((status === 429 || status > 499) &&
    !SITE_REFUSALS.includes(code) &&
    !SPENT_FOR_TODAY.includes(code));
