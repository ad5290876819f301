/**
 * How a platform call fails: one error class, one code per kind of failure, and a message that
 * tells a site owner what to do. Every text that comes from outside (the platform's error body, a
 * network error) goes through `redact()` first, so no secret ever reaches a message or a log.
 */
import type { z } from 'zod';
import { describeZodError } from './readers.js';

/** Every way a platform call can fail. */
export type PlatformErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'forbidden'
  | 'voice_not_available'
  | 'not_found'
  | 'rate_limited'
  | 'timeout'
  | 'network'
  | 'malformed_response'
  | 'invalid_request'
  | 'upstream';

/** The four causes of a 403 listed by the spec (Authentication 4, Errors), or `unknown`. */
export type Forbidden403Cause =
  | 'other_organisation'
  | 'no_permission'
  | 'inactive_organisation'
  | 'no_subscription'
  | 'unknown';

/** Endpoints whose errors the spec gives a specific meaning. */
export type ErrorContext = 'token' | 'head-create' | 'text-to-video';

export interface PlatformErrorInit {
  code: PlatformErrorCode;
  /** The call, as method and path template: `GET /head/{id}`. */
  operation: string;
  message: string;
  status?: number;
  cause403?: Forbidden403Cause;
  detail?: string;
  cause?: unknown;
  /** A head that exists although the call failed (a streaming head whose splitter is still on). */
  headId?: string;
}

/** A failed platform call. `message` says what to do; `detail` is the platform's own words, redacted. */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  readonly code: PlatformErrorCode;
  /** The HTTP status the platform answered, when it answered. */
  readonly status?: number;
  /** Which of the spec's 403 causes, read from the platform's message. */
  readonly cause403?: Forbidden403Cause;
  readonly operation: string;
  /** The platform's own message (redacted, at most ~300 characters). */
  readonly detail?: string;
  /** A head that exists although the call failed: finish its set-up, do not create another. */
  readonly headId?: string;

  constructor(init: PlatformErrorInit) {
    super(redact(init.message), init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.operation = init.operation;
    if (init.status !== undefined) this.status = init.status;
    if (init.cause403 !== undefined) this.cause403 = init.cause403;
    if (init.detail !== undefined) this.detail = redact(init.detail);
    if (init.headId !== undefined) this.headId = init.headId;
  }
}

// ── Secrets ───────────────────────────────────────────────────────────────────────────────────

const MASK = '[redacted]';
const SECRET_PATTERNS: [RegExp, string][] = [
  // The organisation key of the public pages (spec, Authentication 5).
  [/(\bapi_key=)[^&#\s"'<>]+/gi, `$1${MASK}`],
  [/(\bBearer\s+)[^\s"',;]+/gi, `$1${MASK}`],
  // A JWT anywhere, e.g. a token echoed back in an error body.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, MASK],
  // A secret-looking JSON field echoed back ("secretKey": "…").
  [
    /("(?:secretKey|secret_key|token|bearer|sharedKey|api_key|apiKey|password)"\s*:\s*")[^"]*"/gi,
    `$1${MASK}"`,
  ],
];

/** Shorter literals are not real keys or tokens, and masking them would garble the text. */
const SECRET_MIN_LENGTH = 8;

/**
 * Masks secrets in a text: `api_key=` query values, `Bearer …`, JWTs, secret JSON fields, and
 * every literal in `secrets` (the client passes its secret key and its tokens).
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets)
    if (secret && secret.length >= SECRET_MIN_LENGTH) out = out.split(secret).join(MASK);
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

// ── Reading the platform's error body ─────────────────────────────────────────────────────────

const DETAIL_MAX = 300;

/** How deep into a parsed error body a message is looked for (a body nested deeper is not one). */
const MESSAGE_DEPTH = 8;
/** Of the message found, only this much is cleaned and redacted (it is cut to DETAIL_MAX after). */
const DETAIL_READ = 4 * DETAIL_MAX;

/** The first readable message inside a parsed error body, whatever its shape. */
function messageOf(value: unknown, depth = 0): string | undefined {
  if (depth > MESSAGE_DEPTH) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) {
    const parts = value
      .slice(0, 20)
      .map((v) => messageOf(v, depth + 1))
      .filter((s): s is string => s !== undefined);
    return parts.length ? parts.join('; ') : undefined;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // {message}, {error: string}, {error: {message}}, {detail} (and FastAPI's [{msg}]).
    for (const key of ['message', 'error', 'detail', 'msg'] as const) {
      const found = messageOf(o[key], depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The platform's own message from an error body. The spec does not show the error body shape,
 * so it reads `{message}` (string or strings), `{error}`, `{error: {message}}`, `{detail}` or
 * plain text (HTML tags stripped); redacted, then cut to ~300 characters.
 */
export function extractErrorDetail(
  body: string,
  secrets: readonly (string | undefined)[] = [],
): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  let found: string | undefined;
  // Only the first DETAIL_READ characters are cleaned and redacted (the rest is cut anyway): the
  // work stays linear in what is kept, whatever the body (a tag never closed, a JWT-like run).
  // A secret cut at that point lies past what is shown.
  try {
    const json: unknown = JSON.parse(text);
    found = (messageOf(json) ?? JSON.stringify(json).slice(0, DETAIL_READ)).slice(0, DETAIL_READ);
  } catch {
    found =
      text
        .slice(0, DETAIL_READ)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || undefined;
  }
  if (!found) return undefined;
  const safe = redact(found, secrets);
  return safe.length > DETAIL_MAX ? `${safe.slice(0, DETAIL_MAX - 1)}…` : safe;
}

/** Which 403 cause the platform's message names (spec, Authentication 4). */
export function classify403(detail: string | undefined): Forbidden403Cause {
  const d = (detail ?? '').toLowerCase();
  if (/organi[sz]ation/.test(d) && /\b(other|another|different)\b/.test(d))
    return 'other_organisation';
  if (/inactive|not active|deactivated/.test(d)) return 'inactive_organisation';
  if (/subscription/.test(d)) return 'no_subscription';
  if (/permission/.test(d)) return 'no_permission';
  return 'unknown';
}

// ── One error per failure ─────────────────────────────────────────────────────────────────────

const FORBIDDEN_ADVICE: Record<Forbidden403Cause, string> = {
  other_organisation:
    'the bearer token belongs to another organisation. Set DH_ORG_ID to the organisation that owns these resources, or log in with that organisation’s account.',
  no_permission:
    'the account has no permission for this. Ask an administrator of the organisation to grant it.',
  inactive_organisation:
    'the organisation is inactive. Reactivate it in the platform’s account settings, or contact the platform’s support.',
  no_subscription:
    'the organisation has no active subscription. Subscribe, or renew the plan, in the platform’s account settings.',
  unknown:
    'the token may belong to another organisation (set DH_ORG_ID), lack a permission, or the organisation may be inactive or without a subscription. Check the account in the platform’s settings.',
};

/** The platform's words, where they help fix the problem (which field, which id). */
function said(detail: string | undefined): string {
  return detail ? ` The platform said: “${detail}”.` : '';
}

export interface HttpErrorInput {
  operation: string;
  status: number;
  /** Already redacted, e.g. by `extractErrorDetail`. */
  detail?: string;
  context?: ErrorContext;
}

/**
 * The error for a non-2xx answer, mapped from the spec's Errors table. The message is the same for
 * every endpoint with the same failure (the operation is in `operation`), so a UI can show it as is.
 */
export function httpError({ operation, status, detail, context }: HttpErrorInput): PlatformError {
  const base = { operation, status, ...(detail === undefined ? {} : { detail }) };
  const end = said(detail);
  // Spec, Authentication 1: the login takes the account e-mail and the secret key.
  if (context === 'token' && (status === 400 || status === 401 || status === 403)) {
    return new PlatformError({
      ...base,
      code: 'invalid_credentials',
      message: `The platform refused the login (${status}): check DH_EMAIL and DH_SECRET_KEY (the secret key from the account’s secret-key management screen).${end}`,
    });
  }
  if (status === 400) {
    const why =
      context === 'text-to-video'
        ? 'the head id or the voice is not valid. Check that the head exists and that its ttsVoice is a voiceId from the voice list.'
        : context === 'head-create'
          ? 'a field of the head is not valid. Check the fields against the face and voice lists.'
          : 'a value sent is not valid. Check the values against the platform’s documentation.';
    return new PlatformError({
      ...base,
      code: 'bad_request',
      message: `The platform refused the request (400): ${why}${end}`,
    });
  }
  if (status === 401) {
    return new PlatformError({
      ...base,
      code: 'unauthorized',
      message: `The platform refused the bearer token (401) even after logging in again: the token is invalid or expired. Check that DH_EMAIL and DH_SECRET_KEY belong to an active account of this platform (DH_BASE_URL).${end}`,
    });
  }
  if (status === 403) {
    const cause403 = classify403(detail);
    // A known cause has one message whatever the endpoint and wording (AUTH-8); the words are in `detail`.
    const message = `The platform refused access (403): ${FORBIDDEN_ADVICE[cause403]}${cause403 === 'unknown' ? end : ''}`;
    return new PlatformError({ ...base, code: 'forbidden', cause403, message });
  }
  // Spec, Errors: 404 "voice not available" is a display name sent as ttsVoice. Another 404 (its
  // words name something else) is reported as what it is, with the platform's words.
  if (status === 404 && context === 'head-create' && (!detail || /voice/i.test(detail))) {
    return new PlatformError({
      ...base,
      code: 'voice_not_available',
      message: `The platform says the voice is not available (404): ttsVoice must be a voiceId from the voice list, not its display name.${end}`,
    });
  }
  if (status === 404) {
    return new PlatformError({
      ...base,
      code: 'not_found',
      message:
        context === 'head-create'
          ? `The platform did not find something the head names (404): check the face, the voice and the organisation.${end}`
          : `Not found (404): check the id, and that DH_BASE_URL is the platform’s API address.${end}`,
    });
  }
  if (status === 429) {
    return new PlatformError({
      ...base,
      code: 'rate_limited',
      message: `The platform is limiting the rate of requests (429): wait a minute and try again.${end}`,
    });
  }
  if (status >= 400 && status < 500) {
    return new PlatformError({
      ...base,
      code: 'bad_request',
      message: `The platform refused the request (${status}): check the values sent.${end}`,
    });
  }
  return new PlatformError({
    ...base,
    code: 'upstream',
    message:
      status >= 500
        ? `The platform failed (${status}): this is on its side; try again in a moment.${end}`
        : `The platform gave an unexpected answer (${status}): check that DH_BASE_URL is the platform’s API address.${end}`,
  });
}

/** The platform did not answer in time. */
export function timeoutError(operation: string, timeoutMs: number): PlatformError {
  return new PlatformError({
    code: 'timeout',
    operation,
    message: `The platform did not answer within ${timeoutMs} ms (${operation}): it may be slow or unreachable; try again, or check DH_BASE_URL.`,
  });
}

/** The platform could not be reached (DNS, refused connection, TLS, a redirect, …). */
export function networkError(
  operation: string,
  cause: unknown,
  secrets: readonly (string | undefined)[] = [],
): PlatformError {
  const inner =
    cause instanceof Error
      ? cause.cause instanceof Error
        ? cause.cause.message
        : cause.message
      : String(cause);
  const detail = redact(inner, secrets);
  return new PlatformError({
    code: 'network',
    operation,
    detail,
    cause,
    message: `Could not reach the platform (${operation}: ${detail}). Check DH_BASE_URL and the network; redirects are not followed.`,
  });
}

/** A 2xx answer that is not what the spec describes; the message names the field. */
export function malformedResponseError(
  operation: string,
  problem: z.ZodError | string,
): PlatformError {
  const what = typeof problem === 'string' ? problem : describeZodError(problem);
  return new PlatformError({
    code: 'malformed_response',
    operation,
    detail: what,
    message: `The platform’s answer to ${operation} is not what the spec describes: ${what}. The platform may have changed; report it with this message.`,
  });
}

/** A request refused before anything was sent; the message names the field. */
export function invalidRequestError(
  operation: string,
  problem: z.ZodError | string,
): PlatformError {
  const what = typeof problem === 'string' ? problem : describeZodError(problem);
  return new PlatformError({
    code: 'invalid_request',
    operation,
    detail: what,
    message: `Not sent to the platform (${operation}): ${what}.`,
  });
}
