/**
 * The hostile page's other half (test/elements/hostile-page.test.ts): a proxy that answers what an
 * attacker likes, served by the test server itself under /attacker/ and recording every request.
 * Registered by web-test-runner.config.mjs twice: as Koa `middleware` (the routes) and as a plugin
 * (the `attacker-log` server command).
 */
import { engineOf } from '../../scripts/engines.mjs';
import { engineOfLauncher } from './wtr-browsers.mjs';

/**
 * A hostile proxy, on another origin than the test page (`http://127.0.0.1:<port>/attacker/dh`,
 * while the page is on localhost): it records every request it gets, with its headers, and answers
 * `GET …/heads/<case>/launch` with the launch URL of that case (test/elements/hostile-page.test.ts).
 * `attacker-log` returns what it recorded from the asking page's engine and forgets it: the engines
 * run side by side, and each page must see its own requests only (told apart by User-Agent).
 */
export function attackerPlugin({ port }) {
  /** @type {{method: string, path: string, headers: Record<string, string>}[]} */
  let log = [];
  const origin = `http://127.0.0.1:${port}`;
  const sig = 'a'.repeat(64);
  const exp = () => Math.floor(Date.now() / 1000) + 300;
  const launches = {
    javascript: () => 'javascript:parent.__dhPwned=true',
    data: () => 'data:text/html,<script>parent.postMessage("pwned","*")</script>',
    vbscript: () => 'vbscript:msgbox(1)',
    blob: () => `blob:http://localhost:${port}/0b3c2ae1-0000-4000-8000-000000000000`,
    foreign: () => `https://evil.example/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    'plain-http': () => `http://evil.example/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    'other-route': () => `/attacker/dh/webhooks?view=chat&exp=${exp()}&sig=${sig}`,
    // On the endpoint's origin and ending in /embed/<id>, but not at the endpoint (an upload, say).
    'nested-embed': () => `/attacker/dh/uploads/x/embed/y?view=chat&exp=${exp()}&sig=${sig}`,
    'beside-endpoint': () => `/attacker/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    unsigned: () => `/attacker/dh/embed/x?view=chat`,
    // Shaped like a launch link, on the endpoint's own origin: framed, sandboxed, with nothing delegated.
    'own-origin': () => `/attacker/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
  };
  return {
    name: 'attacker',
    /** Koa middleware for the config's `middleware` (it runs before the file server). */
    async middleware(ctx, next) {
      {
        if (!ctx.path.startsWith('/attacker/')) return next();
        log.push({ method: ctx.method, path: ctx.path, headers: { ...ctx.headers } });
        ctx.set('access-control-allow-origin', ctx.get('origin') || '*');
        ctx.set('access-control-allow-credentials', 'true');
        ctx.set('access-control-allow-headers', ctx.get('access-control-request-headers') || '*');
        ctx.set('access-control-allow-methods', 'GET, POST, PUT');
        if (ctx.method === 'OPTIONS') {
          ctx.status = 204;
          return;
        }
        const launch = /\/heads\/([\w-]+)\/launch$/.exec(ctx.path);
        const summary = /\/heads\/([\w-]+)$/.exec(ctx.path);
        ctx.type = 'application/json';
        if (launch && launches[launch[1]]) {
          // A page origin that tries to widen the frame's permissions: it must be ignored.
          ctx.body = JSON.stringify({
            url: launches[launch[1]](),
            expiresAt: new Date(exp() * 1000).toISOString(),
            pageOrigin: '*; geolocation *',
          });
        } else if (ctx.path.endsWith('/faces')) {
          // One face with media URLs that must not be shown, one with good ones.
          const face = (id, name, url) => ({
            id,
            name,
            gender: 'FEMALE',
            thumbnail: { url, kind: 'image' },
            videoUrl: url,
          });
          const items = [
            face('bad', 'Eve', 'javascript:parent.__dhPwned=true'),
            face('good', 'Ada', `${origin}/attacker/ada.png`),
          ];
          ctx.body = JSON.stringify({
            items,
            page: 1,
            take: 100,
            total: 2,
            pageCount: 1,
            hasNextPage: false,
          });
        } else if (/\/heads\/[\w-]+\/videos$/.test(ctx.path)) {
          const at = new Date().toISOString();
          const talk = (id, url) => ({
            id,
            createdAt: at,
            updatedAt: at,
            voice: 'v',
            url,
            text: `talk ${id}`,
          });
          const items = [
            talk('bad', 'data:video/mp4;base64,AAAA'),
            talk('good', `${origin}/attacker/good.mp4`),
          ];
          ctx.body = JSON.stringify({
            items,
            page: 1,
            take: 6,
            total: 2,
            pageCount: 1,
            hasNextPage: false,
          });
        } else if (summary) {
          ctx.body = JSON.stringify({
            id: summary[1],
            name: 'Mallory',
            mode: 'oc',
            poster: 'javascript:parent.__dhPwned=true',
          });
        } else if (ctx.path.endsWith('/embed/x')) {
          ctx.type = 'text/html';
          ctx.body = '<!doctype html><title>attacker</title><p>The attacker’s page</p>';
        } else {
          ctx.status = 404;
          ctx.body = JSON.stringify({ error: { code: 'not_found', message: 'nothing here' } });
        }
      }
    },
    async executeCommand({ command, session }) {
      if (command !== 'attacker-log') return undefined;
      const engine = engineOfLauncher(session.browser);
      const mine = (r) => engineOf(r.headers['user-agent'] ?? '') === engine;
      const out = log.filter(mine);
      log = log.filter((r) => !mine(r));
      return { origin, requests: out };
    },
  };
}
