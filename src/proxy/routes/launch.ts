/**
 * Launch links: `GET /heads/:id/launch` signs a short-lived URL of this proxy, and
 * `GET /embed/:id` verifies it and redirects the frame to the platform's page — the only way the
 * organisation key reaches a browser: the iframe's own navigation. A refused link is a small page
 * for the frame, and JSON for `<dh-avatar>`'s check of a markup `src`.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { EmbedCheck, Launch } from '../../api/answers.js';
import type { ErrorCode } from '../../api/errors.js';
import { embedQuerySchema, launchQuerySchema } from '../../api/requests.js';
import type { Deps } from '../deps.js';
import { assertPublished, pageUrl, publicHead, routeBase } from '../public-heads.js';
import { fail } from '../http.js';
import { StoreUnavailable } from '../store.js';
import { signLaunchUrl, verifyLaunch } from '../signing.js';
import { valid } from '../validate.js';
import { headIdParam } from './head-id.js';

/** Headings of the refusal page, by error code; anything else is the generic one. */
const REFUSAL_TITLES: Partial<Record<ErrorCode, string>> = {
  launch_invalid: 'This conversation link is not valid',
  launch_expired: 'This conversation link has expired',
  head_not_published: 'This digital human is not available here',
  not_found: 'This digital human does not exist',
  stream_unavailable: 'The live stream is not available',
  head_busy: 'This digital human is busy right now',
  head_budget_spent: 'This digital human has no more time today',
  visitor_daily_limit: "You have had today's conversations here",
};

/** A fetch() that asked for JSON, not a frame's navigation (which accepts text/html). */
const wantsJson = (accept = '') =>
  /\bapplication\/json\b/.test(accept) && !/\btext\/html\b/.test(accept);

/** A launch link as the session budget knows it: half its signature (never enough to make one). */
const linkId = (sig: string) => sig.slice(0, 32);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * An iframe that follows a refused launch link would show the JSON error as raw text. A browser
 * navigation (it accepts text/html) gets instead a small page that says what happened and what to
 * do, with the same status; every other client keeps the `{error: {code, message}}` answer. The
 * route's own error handler has already run (and logged): this only re-dresses its answer.
 */
/** The refusal page is shown in <dh-avatar>'s frame on the site's pages: framed by the proxy's origin and the allowed ones. */
const embedRefusalPage =
  (deps: Deps): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    // The answer now depends on Accept: a cache must not hand the JSON to a frame, or the page to fetch().
    c.header('vary', 'Accept', { append: true });
    if (!/\btext\/html\b/.test(c.req.header('accept') ?? '')) return;
    const body = (await c.res
      .clone()
      .json()
      .catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
    const code = String(body?.error?.code ?? 'http_error');
    const title = REFUSAL_TITLES[code as ErrorCode] ?? 'The digital human could not be loaded';
    const message = String(body?.error?.message ?? `The server answered ${c.res.status}.`);
    // No script, no external resource: only the inline style below, which the CSP allows.
    const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:24px;font:16px/1.5 system-ui,sans-serif;color:#111827;background:#fff}main{max-width:32rem;margin:0 auto}h1{font-size:1.25rem}small{color:#4b5563}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p>Reload the page to try again. If this keeps happening, let the site's owner know.</p>
<p><small>Error code: ${escapeHtml(code)}</small></p>
</main>
</body>
</html>
`;
    c.res = new Response(page, {
      status: c.res.status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${["'self'", ...(await deps.origins.all())].join(' ')}`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        // A session budget's 429 says when to come back.
        ...(c.res.headers.has('retry-after')
          ? { 'retry-after': c.res.headers.get('retry-after')! }
          : {}),
      },
    });
  };

/** `GET /heads/:id/launch` (mounted by heads.ts, which checks the id): a signed launch link. */
export function launchRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/', valid('query', launchQuerySchema), async (c) => {
    const id = c.req.param('id')!;
    const { view } = c.req.valid('query');
    // Refuse now what the embed would refuse later: an unknown head, or a stream with no stream URL.
    const page = pageUrl(deps, await publicHead(deps, c, id), view);
    const launch = await signLaunchUrl({
      secret: deps.signingSecret,
      headId: id,
      view,
      base: routeBase(deps),
      now: Math.floor(deps.now() / 1000),
    });
    // The head's session budget (session-budget.ts): refused with 429, or admitted with this link,
    // which the frame's /embed then finds admitted.
    await deps.budgets.admit(c, id, {
      id: linkId(new URL(launch.url, 'http://proxy.invalid').searchParams.get('sig')!),
      until: Date.parse(launch.expiresAt),
      new: true,
    });
    // A launch for the insights; with the store away (Redis down) the launch goes on uncounted.
    await deps.insights.launched(id).catch((err: unknown) => {
      if (!(err instanceof StoreUnavailable)) throw err;
    });
    c.header('cache-control', 'no-store');
    // The page's origin (never its URL, which holds the organisation key): the element delegates
    // the microphone and the frame's other features to it, since the frame's own URL is this proxy.
    return c.json({ ...launch, pageOrigin: new URL(page).origin } satisfies Launch);
  });

  return app;
}

/** `GET /embed/:id`: where a launch link leads, once its signature holds. */
export function embedRoutes(deps: Deps) {
  const app = new Hono();
  app.use('/:id', embedRefusalPage(deps));
  app.get('/:id', headIdParam, async (c) => {
    const id = assertPublished(deps, c.req.valid('param').id);
    // A launch link whose fields do not even parse was cut or tampered with: refused like a bad signature.
    const parsed = embedQuerySchema.safeParse(c.req.query());
    if (!parsed.success)
      fail(
        403,
        'launch_invalid',
        'This launch link is incomplete or damaged. Ask the page for a new one.',
      );
    const q = parsed.data!;
    const check = await verifyLaunch(
      deps.signingSecret,
      { headId: id, ...q },
      Math.floor(deps.now() / 1000),
    );
    if (!check.ok) fail(403, check.code, check.message);
    // A link made elsewhere (`dh-kit sign`, a site's server) is admitted here; one from /launch already was.
    await deps.budgets.admit(c, id, { id: linkId(q.sig), until: q.exp * 1000 });
    const target = pageUrl(deps, await deps.head(id), q.view);
    // The page URL carries the organisation key: never cached, never sent on as a referrer.
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    // <dh-avatar> asks first, for JSON, whether the link is good and where it leads (the origin
    // its frame delegates the microphone to); the frame itself, a navigation, is redirected.
    c.header('vary', 'Accept', { append: true });
    if (wantsJson(c.req.header('accept')))
      return c.json({
        pageOrigin: new URL(target).origin,
        expiresAt: new Date(q.exp * 1000).toISOString(),
      } satisfies EmbedCheck);
    return c.redirect(target, 302);
  });

  return app;
}
