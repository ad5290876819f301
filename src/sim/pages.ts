/**
 * The simulator's public pages: `{chat_url}/<org>/<head>?api_key=…` and the same under
 * `{stream_url}`. Real, minimal pages: they refuse a wrong api_key, show the head's face and name,
 * and hold a conversation session over a WebSocket (sessions.ts), answered by `conversation.reply()`.
 */
import { readFile } from 'node:fs/promises';
import { Hono, type Context } from 'hono';
import type { SimContext } from './context.js';
import type { SimHead, SimOrg, SimStore } from './store.js';

import type { View } from '../api/rules.js';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * The pages are meant to be framed by any site (that is how the platform's embed works), so no
 * frame-ancestors limit; everything else is same-origin only, with no inline script or style.
 */
const PAGE_CSP =
  "default-src 'self'; img-src 'self' data:; media-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";

const assetCache = new Map<string, Promise<string>>();
const asset = (name: 'page.js' | 'page.css') => {
  let p = assetCache.get(name);
  if (!p) {
    p = readFile(new URL(`./pages/${name}`, import.meta.url), 'utf8');
    assetCache.set(name, p);
  }
  return p;
};

function shell(title: string, body: string, status = 200) {
  return {
    status,
    html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/_page/page.css">
</head>
<body>
${body}
</body>
</html>`,
  };
}

function errorPage(title: string, message: string, status: number) {
  return shell(
    title,
    `<main class="refused"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p></main>`,
    status,
  );
}

/** The head of a page address (`/<org>/<head>?api_key=`), checking the organisation key (spec, Authentication 5). */
export function findPageHead(
  store: SimStore,
  orgPublicId: string,
  headPublicId: string,
  apiKey: string | undefined,
): { org: SimOrg; head: SimHead } | { status: 401 | 404; title: string; message: string } {
  const org = [...store.orgs.values()].find((o) => o.publicId === orgPublicId);
  const head = org && store.findHead(headPublicId);
  if (!org || !head || head.orgId !== org.id) {
    return {
      status: 404,
      title: 'Head not found',
      message: 'There is no digital human at this address.',
    };
  }
  if (apiKey !== org.apiKey) {
    return {
      status: 401,
      title: 'Access refused',
      message: 'This page needs the organisation key of the head (api_key).',
    };
  }
  return { org, head };
}

export function pageRoutes(sim: SimContext) {
  const { store } = sim;
  const app = new Hono();

  /** Finds the head of a page address and checks the organisation key (spec, Authentication 5). */
  const resolve = (c: Context) =>
    findPageHead(store, c.req.param('org')!, c.req.param('head')!, c.req.query('api_key'));

  const send = (c: Context, page: { status: number; html: string }) =>
    c.html(page.html, page.status as 200, {
      'content-security-policy': PAGE_CSP,
      'cache-control': 'no-store',
    });

  const renderPage = (view: View) => (c: Context) => {
    const found = resolve(c);
    if ('status' in found) return send(c, errorPage(found.title, found.message, found.status));
    const { head } = found;
    const face = store.faces.find((f) => f.id === head.request.headVisualId);
    const poster = face?.avatar ?? face?.posterImage ?? '';
    const name = head.request.name;
    // The simulator's faces share one idle clip, so a face with a portrait shows its portrait
    // (animated by CSS); only a face that has nothing but a video plays the clip.
    const stageMedia = poster
      ? `<img class="face-portrait" src="${escapeHtml(poster)}" alt="">`
      : `<video class="face-video" src="${escapeHtml(face?.videoUrl ?? '')}" muted loop playsinline autoplay aria-hidden="true"></video>`;
    const greeting = view === 'chat' ? (head.request.greetings ?? '') : '';
    // Spec, Heads rule 1: a streaming avatar needs the sentence splitter off.
    const splitterWarning =
      view === 'stream' && head.splitter
        ? `<p class="warning" role="alert" data-testid="splitter-warning">The sentence splitter of this head is on. Streaming avatars need it off (PUT /head/{id}/splitter?splitter=false).</p>`
        : '';
    const body = `<main class="page page-${view}" data-view="${view}" data-head="${escapeHtml(head.publicId)}" data-mode="${escapeHtml(head.request.operationMode)}">
  <header class="head">
    ${poster ? `<img class="face-thumb" src="${escapeHtml(poster)}" alt="" width="48" height="60">` : ''}
    <div><h1 class="name">${escapeHtml(name)}</h1><p class="subtitle">${view === 'stream' ? 'Live stream (alpha)' : 'Chat'} · simulator</p></div>
  </header>
  ${splitterWarning}
  <section class="stage" aria-label="${escapeHtml(name)}">
    ${stageMedia}
  </section>
  ${view === 'stream' ? '<p class="caption" aria-hidden="true"></p>' : ''}
  <div class="transcript" role="log" aria-live="polite" aria-label="Conversation" data-greeting="${escapeHtml(greeting)}"><ol class="messages"></ol></div>
  <form class="composer" action="messages" method="post">
    <label for="message" class="visually-hidden">Message to ${escapeHtml(name)}</label>
    <input id="message" name="text" autocomplete="off" maxlength="2000" placeholder="Type a message…" required>
    <button type="submit">Send</button>
    <button type="button" class="mic" aria-pressed="false">Speak</button>
  </form>
  <p class="status" role="status"></p>
  <div class="inactivity" role="alertdialog" aria-labelledby="inactivity-title" aria-describedby="inactivity-text" hidden>
    <h2 id="inactivity-title">Still there?</h2>
    <p id="inactivity-text"></p>
    <button type="button">I'm still here</button>
  </div>
</main>
<script type="module" src="/_page/page.js"></script>`;
    return send(c, shell(`${name} — ${view === 'stream' ? 'stream' : 'chat'}`, body));
  };

  app.get('/_page/page.js', async (c) =>
    c.body(await asset('page.js'), 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/_page/page.css', async (c) =>
    c.body(await asset('page.css'), 200, { 'content-type': 'text/css; charset=utf-8' }),
  );
  app.get('/chat/:org/:head', renderPage('chat'));
  app.get('/stream/:org/:head', renderPage('stream'));
  return app;
}
