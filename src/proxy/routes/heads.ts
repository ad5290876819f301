/**
 * Heads: the public summary, signed launch URLs and the embed redirect (the only way the
 * organisation key reaches a browser: the iframe's own navigation), and admin creation.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { CreatedHead, EmbedCheck, HeadSummary, Launch } from '../../api/answers.js';
import { embedQuerySchema, headIdSchema, launchQuerySchema } from '../../api/requests.js';
import type { View } from '../../api/rules.js';
import { headCreateSchema, type HeadCreateRequest, type HeadRecord } from '../../platform/schemas.js';
import { PlatformError } from '../../platform/errors.js';
import { chatPageUrl, streamPageUrl } from '../../platform/urls.js';
import { signLaunchUrl, verifyLaunch } from '../signing.js';
import type { Deps } from '../deps.js';
import { ApiException, fail, jsonBody, parseInput } from '../http.js';
import { requireAdmin } from '../security.js';

export function isPublished(deps: Deps, headId: string): boolean {
  return deps.config.publicHeads.includes('*') || deps.config.publicHeads.includes(headId);
}

/** The public routes answer only for heads the site publishes (DH_PUBLIC_HEADS). */
function publishedHeadId(deps: Deps, c: Context): string {
  const id = parseInput(headIdSchema, c.req.param('id'), 'invalid_head_id');
  if (!isPublished(deps, id)) {
    fail(404, 'head_not_published', `Head ${id} is not published on this site. Add it to DH_PUBLIC_HEADS (or "*" for all).`);
  }
  return id;
}

/** The face image of a head (avatar, then posterImage), or undefined when it has only a video. */
async function posterSource(deps: Deps, head: HeadRecord): Promise<string | undefined> {
  const face = head.headVisualId ? (await deps.faces()).find((f) => f.id === head.headVisualId) : undefined;
  return face?.avatar ?? face?.posterImage ?? undefined;
}

async function summary(deps: Deps, id: string, head: HeadRecord): Promise<HeadSummary> {
  return {
    id,
    name: head.name ?? 'Digital human',
    mode: head.operationMode ?? 'unknown',
    // Served by the proxy, so a facade makes no request to the platform before the user asks.
    poster: (await posterSource(deps, head)) ? `${routeBase(deps)}/heads/${encodeURIComponent(id)}/poster` : null,
  };
}

const POSTER_MAX_BYTES = 2 * 1024 * 1024;
const POSTER_TIMEOUT_MS = 10_000;

function pageUrl(deps: Deps, head: HeadRecord, view: View): string {
  if (view === 'chat') return chatPageUrl(head.publicUrl, deps.config.platform?.chatUrl);
  const streamUrl = deps.config.platform?.streamUrl;
  if (!streamUrl) fail(409, 'stream_unavailable', 'The stream view needs DH_STREAM_URL on the proxy.');
  return streamPageUrl(head.publicUrl, streamUrl!);
}

/**
 * Where this proxy's routes are, as a path: URLs the proxy hands out are relative to its own
 * origin (the elements resolve them against their endpoint), so a TLS-terminating reverse proxy
 * or an internal host name never leaks into them.
 */
const routeBase = (deps: Deps) => (deps.config.prefix === '/' ? '' : deps.config.prefix);

/** Headings of the refusal page, by error code; anything else is the generic one. */
const REFUSAL_TITLES: Record<string, string> = {
  launch_invalid: 'This conversation link is not valid',
  launch_expired: 'This conversation link has expired',
  head_not_published: 'This digital human is not available here',
  not_found: 'This digital human does not exist',
  stream_unavailable: 'The live stream is not available',
};

/** A fetch() that asked for JSON, not a frame's navigation (which accepts text/html). */
const wantsJson = (accept = '') => /\bapplication\/json\b/.test(accept) && !/\btext\/html\b/.test(accept);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * An iframe that follows a refused launch link would show the JSON error as raw text. A browser
 * navigation (it accepts text/html) gets instead a small page that says what happened and what to
 * do, with the same status; every other client keeps the `{error: {code, message}}` answer. The
 * route's own error handler has already run (and logged): this only re-dresses its answer.
 */
const embedRefusalPage: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status < 400) return;
  // The answer now depends on Accept: a cache must not hand the JSON to a frame, or the page to fetch().
  c.header('vary', 'Accept', { append: true });
  if (!/\btext\/html\b/.test(c.req.header('accept') ?? '')) return;
  const body = (await c.res.clone().json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code = String(body?.error?.code ?? 'http_error');
  const title = REFUSAL_TITLES[code] ?? 'The digital human could not be loaded';
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
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
};

const createBodySchema = z
  .looseObject({ streaming: z.boolean().optional() })
  .transform(({ streaming, ...rest }) => ({ streaming: streaming === true, request: rest }));

export function headRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/heads/:id', async (c) => {
    const id = publishedHeadId(deps, c);
    c.header('cache-control', 'public, max-age=60');
    return c.json(await summary(deps, id, await deps.head(id)));
  });

  app.get('/heads/:id/poster', async (c) => {
    const id = publishedHeadId(deps, c);
    const source = await posterSource(deps, await deps.head(id));
    if (!source) fail(404, 'no_poster', 'This head has no poster image.');
    const image = await deps.posters.get(source!, async () => {
      // Only http(s), no redirects to elsewhere, a size cap read from the header first.
      const res = /^https?:/.test(source!)
        ? await deps.fetch(source!, { signal: AbortSignal.timeout(POSTER_TIMEOUT_MS), redirect: 'error' }).catch(() => undefined)
        : undefined;
      const type = res?.headers.get('content-type') ?? '';
      if (Number(res?.headers.get('content-length') ?? 0) > POSTER_MAX_BYTES) fail(502, 'poster_unavailable', 'The head\'s poster image is too large.');
      if (!res?.ok || !/^image\/(png|jpeg|webp|gif|avif|svg\+xml)\b/.test(type)) {
        return fail(502, 'poster_unavailable', 'The head\'s poster image could not be loaded from the platform.');
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength > POSTER_MAX_BYTES) fail(502, 'poster_unavailable', 'The head\'s poster image is too large.');
      return { type, bytes };
    });
    return c.body(image.value.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': image.value.type,
      'cache-control': 'public, max-age=86400',
      // An SVG from elsewhere, now on the site's origin: never a document that runs script.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    });
  });

  app.get('/heads/:id/launch', async (c) => {
    const id = publishedHeadId(deps, c);
    const { view } = parseInput(launchQuerySchema, c.req.query());
    // Refuse now what the embed would refuse later: an unknown head, or a stream with no stream URL.
    const page = pageUrl(deps, await deps.head(id), view);
    const launch = await signLaunchUrl({ secret: deps.signingSecret, headId: id, view, base: routeBase(deps), now: Math.floor(deps.now() / 1000) });
    c.header('cache-control', 'no-store');
    // The page's origin (never its URL, which holds the organisation key): the element delegates
    // the microphone and the frame's other features to it, since the frame's own URL is this proxy.
    return c.json({ ...launch, pageOrigin: new URL(page).origin } satisfies Launch);
  });

  app.use('/embed/:id', embedRefusalPage);
  app.get('/embed/:id', async (c) => {
    const id = publishedHeadId(deps, c);
    // A launch link whose fields do not even parse was cut or tampered with: refused like a bad signature.
    const parsed = embedQuerySchema.safeParse(c.req.query());
    if (!parsed.success) fail(403, 'launch_invalid', 'This launch link is incomplete or damaged. Ask the page for a new one.');
    const q = parsed.data!;
    const check = await verifyLaunch(deps.signingSecret, { headId: id, ...q }, Math.floor(deps.now() / 1000));
    if (!check.ok) fail(403, check.code, check.message);
    const target = pageUrl(deps, await deps.head(id), q.view);
    // The page URL carries the organisation key: never cached, never sent on as a referrer.
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    // <dh-avatar> asks first, for JSON, whether the link is good and where it leads (the origin
    // its frame delegates the microphone to); the frame itself, a navigation, is redirected.
    c.header('vary', 'Accept', { append: true });
    if (wantsJson(c.req.header('accept'))) return c.json({ pageOrigin: new URL(target).origin, expiresAt: new Date(q.exp * 1000).toISOString() } satisfies EmbedCheck);
    return c.redirect(target, 302);
  });

  app.post('/heads', requireAdmin(deps, 'heads:create'), async (c) => {
    const { streaming, request } = parseInput(createBodySchema, await jsonBody(c));
    let created;
    if (streaming) {
      // Spec, Heads rule 1: mode oc, the streaming provider, greetings "", no alias or suggestions.
      const { alias: _a, suggestions: _s, ...rest }: Record<string, unknown> = request;
      // The spec allows any mode; the kit makes every streaming avatar in oc, the mode the
      // streaming page is made for (issue 3), as the head form and the CLI do.
      if (rest.operationMode !== undefined && rest.operationMode !== 'oc') {
        fail(400, 'invalid_request', `operationMode: a streaming avatar uses open conversation (oc), not ${String(rest.operationMode)}`);
      }
      const req: Record<string, unknown> = { ...rest, operationMode: 'oc', ttsProvider: deps.config.streamingProvider, greetings: '' };
      const voiceId = typeof req.ttsVoice === 'string' ? req.ttsVoice : '';
      const voices = await deps.voices();
      if (!voices.some((v) => v.provider === deps.config.streamingProvider && v.voiceId === voiceId)) {
        fail(400, 'invalid_request', `ttsVoice: a streaming avatar needs one of the ${deps.config.streamingProvider} voices (GET /voices?streaming=true lists them)`);
      }
      try {
        created = await deps.platform.createStreamingHead(parseInput(headCreateSchema, req) as HeadCreateRequest, {
          streamingProvider: deps.config.streamingProvider,
        });
      } catch (err) {
        // The head exists but its splitter is still on: say so, with its id, so the back office
        // finishes the job (PUT …/splitter) instead of creating a second head.
        if (!(err instanceof PlatformError) || !err.headId) throw err;
        const path = `${routeBase(deps)}/heads/${err.headId}/splitter`;
        throw new ApiException(
          502,
          'splitter_failed',
          `The head was created (id ${err.headId}), but the platform did not turn its sentence splitter off, which a streaming avatar needs. Turn it off again: PUT ${path} with {"on": false}, or dh-kit heads splitter ${err.headId} off.`,
          {},
          { headId: err.headId },
        );
      }
    } else {
      // A form that restored its voice (back/forward) may not know the voice's provider: the
      // voice list does, so the head gets the provider of the voiceId it names.
      if (request.ttsProvider === undefined && typeof request.ttsVoice === 'string') {
        const voice = (await deps.voices()).find((v) => v.voiceId === request.ttsVoice);
        if (voice) request.ttsProvider = voice.provider;
      }
      created = await deps.platform.createHead(parseInput(headCreateSchema, request));
    }
    // The head exists now: a failed read-back must not look like a failed create (a retry would
    // make a second head). The answer then comes from the create response and the request.
    const head = await deps.head(created.id).catch(() => undefined);
    const fallback = {
      id: created.id,
      name: typeof request.name === 'string' ? request.name : 'Digital human',
      mode: streaming ? 'oc' : String(request.operationMode ?? 'unknown'),
      poster: null,
    };
    const body: CreatedHead = {
      ...(head ? await summary(deps, created.id, head) : fallback),
      publicId: head?.publicId ?? created.publicId ?? null,
      streaming,
    };
    return c.json(body, 201);
  });

  return app;
}
