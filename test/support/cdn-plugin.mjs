/**
 * The CDN files as a host serves them, honestly or not (test/elements/cdn-files.test.ts). At the
 * start of the run they are built from the sources (scripts/cdn.mjs) into a temporary folder; the
 * test server then serves them under `/cdn/<run>/<mode>/`, where `<run>` is a name the test picks
 * (each engine its own) and `<mode>` says what the host does:
 *
 *   good        every file as built
 *   language    the German file altered (a line that records it ran, then the file)
 *   index       the language index altered the same way
 *   missing     no German file (404)
 *   swapped     each file as built the first time it is asked for, altered every time after:
 *               a browser that fetched a checked file twice would run the second
 *   alone       only the CDN file the page loads; every other file 404 (copied alone to a host)
 *
 * `page.html?file=avatar|bundle&lang=de&layout=bubble&head=…&endpoint=…&cdn=<origin>&tt=1` is a page
 * with the embed code for that file: its script tag with its integrity value, the script that lists
 * the proxy's endpoint (it imports the same URL, without integrity: the browser's one fetch serves
 * both), and a `<dh-avatar>`. With `tt=1` it is served with Trusted Types required, as the docs'
 * policy does (`require-trusted-types-for 'script'; trusted-types lit-html dh-kit`).
 * An altered file records that it ran in the page's `__dhRan`; the page records the kit's console
 * warnings in `__dhWarnings` and every policy violation in `__dhViolations`. `cdn-log` answers the
 * paths asked for under `/cdn/<run>/`.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ALTERED = /^dh-kit\.(?!avatar\.js|bundle\.js)[\w.]+\.js$/;

export function cdnPlugin() {
  let dir;
  /** file name → its bytes as built */
  const files = new Map();
  /** The build, started with the server and awaited by the first request (the browsers start meanwhile). */
  let ready;
  /** run → the paths asked for, in order */
  const log = new Map();
  const altered = (name, code) =>
    `globalThis.__dhRan = [...(globalThis.__dhRan ?? []), ${JSON.stringify(name)}];\n${code}`;
  const integrity = (code) => `sha384-${createHash('sha384').update(code).digest('base64')}`;

  function page(run, mode, query) {
    const file = `dh-kit.${query.get('file') === 'bundle' ? 'bundle' : 'avatar'}.js`;
    // On another origin than the page when `cdn` names one, as a CDN is.
    const src = `${query.get('cdn') ?? ''}/cdn/${run}/${mode}/${file}`;
    const attrs = [
      `head-id="${query.get('head')}"`,
      `endpoint="${query.get('endpoint')}"`,
      ...(query.get('layout') ? [`layout="${query.get('layout')}"`] : []),
    ];
    // The proxy is on another origin than the files: the page lists it, as the embed code does.
    const configure = `<script type="module">import { configure } from ${JSON.stringify(src)}; configure({ trustedEndpoints: [${JSON.stringify(query.get('endpoint'))}] }); window.__dhConfigured = true;</script>`;
    return `<!doctype html>
<html lang="${query.get('lang') ?? 'en'}">
<head>
<meta charset="utf-8">
<script>
  window.__dhViolations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__dhViolations.push(e.effectiveDirective + ' ' + e.blockedURI),
  );
  window.__dhWarnings = [];
  const warn = console.warn.bind(console);
  console.warn = (...args) => { window.__dhWarnings.push(args.map(String).join(' ')); warn(...args); };
</script>
<script type="module" src="${src}" integrity="${integrity(files.get(file))}" crossorigin="anonymous"></script>
${configure}
</head>
<body><dh-avatar ${attrs.join(' ')}></dh-avatar></body>
</html>`;
  }

  /** What the host answers for a file in a mode: its bytes, or undefined (404). */
  function serve(run, mode, name) {
    const built = files.get(name);
    if (built === undefined) return undefined;
    const entry = !ALTERED.test(name);
    const asked = log.get(run).filter((p) => p.endsWith(`/${name}`)).length;
    if (mode === 'alone') return entry ? built : undefined;
    if (mode === 'missing' && /^dh-kit\.de\./.test(name)) return undefined;
    if (mode === 'language' && /^dh-kit\.de\./.test(name)) return altered(name, built);
    if (mode === 'index' && /^dh-kit\.languages\./.test(name)) return altered(name, built);
    if (mode === 'swapped' && asked > 1) return altered(name, built);
    return built;
  }

  return {
    name: 'dh-cdn-files',
    serverStart() {
      dir = mkdtempSync(join(tmpdir(), 'dh-kit-cdn-'));
      ready = import('../../scripts/cdn.mjs')
        .then(({ buildCdnFiles }) => buildCdnFiles(dir))
        .then(() => {
          for (const name of readdirSync(dir))
            files.set(name, readFileSync(join(dir, name), 'utf8'));
        });
      // Not awaited here; a failed build fails the requests that wait for it, with its error.
      ready.catch(() => undefined);
    },
    serverStop() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    /** Koa middleware for the config's `middleware` (it runs before the file server). */
    async middleware(ctx, next) {
      const m = /^\/cdn\/([\w-]+)\/(good|language|index|missing|swapped|alone)\/([\w.-]+)$/.exec(
        ctx.path,
      );
      if (!m) return next();
      const [, run, mode, name] = m;
      await ready;
      if (!log.has(run)) log.set(run, []);
      log.get(run).push(`${mode}/${name}`);
      ctx.set('cache-control', 'no-store');
      if (name === 'page.html') {
        ctx.type = 'text/html';
        if (new URLSearchParams(ctx.querystring).get('tt') === '1')
          ctx.set(
            'content-security-policy',
            "require-trusted-types-for 'script'; trusted-types lit-html dh-kit",
          );
        ctx.body = page(run, mode, new URLSearchParams(ctx.querystring));
        return;
      }
      const body = serve(run, mode, name);
      ctx.set('access-control-allow-origin', '*');
      if (body === undefined) {
        ctx.status = 404;
        ctx.body = 'not here';
        return;
      }
      ctx.type = 'text/javascript';
      ctx.body = body;
    },
    async executeCommand({ command, payload }) {
      if (command !== 'cdn-log') return undefined;
      return (log.get(payload.run) ?? []).filter((p) => !p.endsWith('/page.html'));
    },
  };
}
