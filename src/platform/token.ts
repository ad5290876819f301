/**
 * The bearer token of PlatformClient (spec, Authentication).
 *
 * - Login once and share the token: concurrent callers wait on one token request (AUTH-5).
 * - The token is renewed before it expires (AUTH-4): at the 7-day lifetime or the JWT's exp,
 *   whichever comes first, less a refresh margin.
 * - A failed login is not cached; the last few tokens are kept only to be masked in error texts.
 */
import { z } from 'zod';
import { tokenResponseSchema } from './schemas.js';
import { PlatformError, malformedResponseError } from './errors.js';
import { untilAborted, type BearerSource, type PlatformHttp } from './http.js';

const HOUR_MS = 60 * 60 * 1000;

// tokenResponseSchema's output is typed unknown (its loose shapes do not narrow): pin it to string.
const tokenSchema = tokenResponseSchema.pipe(z.string());

/** POST /auth/token: a new token for the account, shape A or shape B of the answer. */
export async function requestToken(
  http: PlatformHttp,
  email: string,
  secretKey: string,
): Promise<string> {
  const op = 'POST /auth/token';
  return http
    .call({
      method: 'POST',
      op,
      path: '/auth/token',
      body: { email, secretKey },
      schema: tokenSchema,
      auth: false,
      context: 'token',
    })
    .catch((err: unknown) => {
      // Name the two shapes the spec shows, whatever zod found.
      if (err instanceof PlatformError && err.code === 'malformed_response') {
        throw malformedResponseError(
          op,
          'it carries no token: no non-empty string in shape A (token) or shape B (data.bearer)',
        );
      }
      throw err;
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

/**
 * Where instances share the token (the proxy's store: Redis with DH_STORE): N instances log in
 * once, not N times. The same three calls as the proxy's KeyValueStore; any of them may throw
 * (the store is down), and then each instance logs in for itself.
 */
export interface SharedTokenStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent, atomically across instances; true when this call set it. */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
}

const SHARED_KEY = 'platform:token';
const LOGIN_LOCK = 'platform:token:login';
/** How long the other instances wait for the one that logs in before they log in themselves. */
const SHARED_WAIT_MS = 10_000;
/** Store failures in a row (50 ms apart) before an instance stops waiting for the others' token. */
const STORE_FAILURES_TOLERATED = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface BearerTokenOptions {
  /** Fetches a new token (POST /auth/token). */
  login: () => Promise<string>;
  lifetimeMs: number;
  /** Renew this long before expiry. Default 1 hour, at most 10% of the lifetime. */
  refreshMarginMs: number | undefined;
  /** The clock used for expiry. */
  now: () => number;
  /** Shares the token with other instances (see SharedTokenStore). */
  shared?: SharedTokenStore | undefined;
}

/** The cached token, its single-flight login and its renewal. */
export class BearerToken implements BearerSource {
  private readonly _login: () => Promise<string>;
  private readonly _lifetimeMs: number;
  private readonly _refreshMarginMs: number;
  private readonly _now: () => number;
  private readonly _shared: SharedTokenStore | undefined;
  private _token: { value: string; refreshAt: number } | undefined;
  private _inFlight: Promise<string> | undefined;
  /** Recent tokens, masked in every error text (a platform may echo a stale one back). */
  private readonly _recent: string[] = [];

  constructor(options: BearerTokenOptions) {
    this._login = options.login;
    this._lifetimeMs = options.lifetimeMs;
    this._refreshMarginMs = options.refreshMarginMs ?? Math.min(HOUR_MS, options.lifetimeMs / 10);
    this._now = options.now;
    this._shared = options.shared;
  }

  /** The last few tokens handed out, newest first. */
  get recent(): readonly string[] {
    return this._recent;
  }

  /** The token: cached, renewed within the refresh margin, shared by concurrent callers. */
  async get(signal: AbortSignal | undefined): Promise<string> {
    const current = this._token;
    if (current && this._now() < current.refreshAt) return current.value;
    // A caller's abort must not cancel the login the other callers wait on: it only stops waiting.
    this._inFlight ??= this._renew().finally(() => {
      this._inFlight = undefined;
    });
    return untilAborted(this._inFlight, signal);
  }

  /** Forgets the token; the next call logs in again. */
  invalidate(): void {
    this._token = undefined;
  }

  dropIfCurrent(token: string): void {
    if (this._token?.value === token) this.invalidate();
    // The platform refused it (401): the other instances must not keep handing it out.
    void this._readShared()
      .then((shared) =>
        shared?.value === token ? this._shared!.set(SHARED_KEY, '', 1) : undefined,
      )
      .catch(() => undefined);
  }

  private async _renew(): Promise<string> {
    const shared = this._shared ? await this._fromShared() : undefined;
    if (shared) return this._keep(shared.value, shared.refreshAt);
    // Taken before the request: the token may be a little younger, never older, than we think.
    const issuedAt = this._now();
    const token = await this._login();
    const refreshAt = this._refreshAt(token, issuedAt);
    if (this._shared) {
      await this._shared
        .set(
          SHARED_KEY,
          JSON.stringify({ value: token, refreshAt }),
          Math.max(1, refreshAt - this._now()),
        )
        .catch(() => undefined);
    }
    return this._keep(token, refreshAt);
  }

  private _keep(token: string, refreshAt: number): string {
    this._recent.unshift(token);
    this._recent.length = Math.min(this._recent.length, 5);
    this._token = { value: token, refreshAt };
    return token;
  }

  /**
   * A token another instance got, or the right to log in: of the instances that find none, the one
   * that takes the login lock logs in and the others wait for its token. Undefined: log in here
   * (this instance holds the lock, the wait ran out, or the store failed).
   */
  private async _fromShared(): Promise<{ value: string; refreshAt: number } | undefined> {
    // Undefined until asked: whether this instance took the login lock.
    let lockTaken: boolean | undefined;
    let failures = 0;
    for (let waited = 0; waited < SHARED_WAIT_MS; waited += 50) {
      try {
        const token = await this._readShared();
        if (token) return token;
        lockTaken ??= await this._shared!.add(LOGIN_LOCK, '1', SHARED_WAIT_MS);
        if (lockTaken) return undefined;
        failures = 0;
      } catch {
        // One failure is a moment's trouble (a connection still opening); a few in a row, the
        // store is down: this instance logs in for itself.
        if (++failures >= STORE_FAILURES_TOLERATED) return undefined;
      }
      await sleep(50);
    }
    return undefined;
  }

  private async _readShared(): Promise<{ value: string; refreshAt: number } | undefined> {
    const raw = await this._shared?.get(SHARED_KEY);
    if (!raw) return undefined;
    try {
      const t = JSON.parse(raw) as { value?: unknown; refreshAt?: unknown };
      return typeof t.value === 'string' &&
        t.value &&
        typeof t.refreshAt === 'number' &&
        this._now() < t.refreshAt
        ? { value: t.value, refreshAt: t.refreshAt }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Expiry is the issue time plus the lifetime, or the JWT's exp when earlier. */
  private _refreshAt(token: string, issuedAt: number): number {
    const byLifetime = issuedAt + this._lifetimeMs;
    const exp = jwtExpiry(token);
    // An exp at or before the local issue time means the clocks disagree: trust the lifetime,
    // the 401 rule catches a token that really expired.
    const expiresAt = exp !== undefined && exp > issuedAt ? Math.min(exp, byLifetime) : byLifetime;
    // A short-lived JWT is still used for half its life, so it cannot cause a login per call.
    return expiresAt - Math.min(this._refreshMarginMs, (expiresAt - issuedAt) / 2);
  }
}
