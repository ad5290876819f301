/**
 * The page part of `npm run bench`: what a visitor's browser pays for the kit.
 *
 *   - facade: a landing page with `<dh-avatar>` (loading="click", the default: a poster and a
 *     button until the visitor asks) next to the same page with the platform's own embed, a plain
 *     `<iframe>` of the chat page. Before any interaction: bytes and requests, requests to the
 *     platform's origin (the facade must make none), LCP, CLS, and Lighthouse's performance score.
 *   - every page of the demo (`npm start`): CLS and Lighthouse's performance score.
 *
 * Everything runs against `dh-kit start` on the simulator (no credentials), started here on its
 * own ports, in Chromium (Playwright for the counts, Lighthouse 12 for the scores; both use the
 * Chromium scripts/chromium.mjs finds). Each figure is the median of `runs` runs, with min and max.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { spread } from './bench-stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The demo's pages (dist/demo), each measured for CLS and by Lighthouse. */
export const DEMO_PAGES = [
  'index.html',
  'signed.html',
  'stream.html',
  'catalogue.html',
  'create.html',
  'backoffice.html',
];

export const PAGE_TARGETS = {
  facadePlatformRequests: 0,
  facadeCls: 0,
  facadeLighthouse: 100,
  demoCls: 0.02,
  demoLighthouse: 95,
};

/** Starts `dh-kit start` on `port` (the simulator on port+1, the CMS page on port+2). */
async function startDemo(port, extraOrigin) {
  const child = spawn(process.execPath, ['bin/dh-kit.js', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DH_LOG: 'off',
      DH_SIM_DATA: 'off',
      DH_PROXY_DATA: 'off',
      DH_RATE_LIMIT: '0',
      DH_EMAIL: '',
      DH_SECRET_KEY: '',
      DH_ALLOWED_ORIGINS: extraOrigin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`dh-kit start did not come up in 120 s:\n${err}`)),
      120_000,
    );
    child.on('exit', (code) => reject(new Error(`dh-kit start exited (${code}):\n${err}`)));
    const poll = setInterval(() => {
      const line = out.split('\n').find((l) => l.startsWith('{') && l.includes('"demoHeads"'));
      if (!line) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve(JSON.parse(line));
    }, 100);
  });
  return {
    info,
    stop: () =>
      new Promise((r) =>
        child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')),
      ),
  };
}

/** The platform's chat page for a head: where the proxy's signed launch link redirects. */
async function chatPageUrl(site, headId) {
  const launch = await (await fetch(`${site}/dh/heads/${headId}/launch?view=chat`)).json();
  const res = await fetch(new URL(launch.url, site), { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location)
    throw new Error(`the launch link did not redirect to the chat page (${res.status})`);
  return new URL(location, site).href;
}

/** The landing page, once with the kit's facade and once with the platform's iframe. */
function landingPage(embed) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A landing page with a digital human, for dh-kit's page benchmark.">
<title>Talk to Ava</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px; color: #111827; }
  .avatar { width: 360px; max-width: 100%; }
  /* The README's snippet: the box is kept before the bundle defines the element. */
  dh-avatar:not(:defined) { display: block; aspect-ratio: 3 / 4; border-radius: 16px; background: #111827; }
  iframe { display: block; width: 100%; aspect-ratio: 3 / 4; border: 0; border-radius: 16px; }
</style>
</head>
<body>
<h1>Talk to Ava</h1>
<p>Ava answers questions about our product, by voice or by text, any time of day. Ask her what it costs, how it works, or how to get started.</p>
<div class="avatar">
${embed}
</div>
<p>Conversations are private and end when you close the page.</p>
</body>
</html>`;
}

/** Serves the two landing pages on `port` (another origin than the site, as a CMS page is). */
async function servePages(port, pages) {
  const server = createServer((req, res) => {
    const page = pages[req.url?.split('?')[0] ?? ''];
    if (!page) return res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
      .end(page);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))) };
}

/** One load in a fresh context: bytes, requests, platform requests, LCP and CLS before interaction. */
async function loadOnce(browser, url, platformOrigin, settle) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__cls = 0;
    w.__lcp = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        if (!(/** @type {any} */ (e).hadRecentInput)) w.__cls += /** @type {any} */ (e).value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const finished = [];
  page.on('requestfinished', (r) => finished.push(r));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await settle(page);
  await page.waitForTimeout(500);
  const { cls, lcp } = await page.evaluate(() => ({
    cls: /** @type {any} */ (window).__cls,
    lcp: /** @type {any} */ (window).__lcp,
  }));
  let bytes = 0;
  for (const r of finished) {
    const s = await r.sizes().catch(() => undefined);
    if (s) bytes += s.responseHeadersSize + s.responseBodySize;
  }
  const platform = finished.filter((r) => new URL(r.url()).origin === platformOrigin).length;
  await context.close();
  return { bytes, requests: finished.length, platformRequests: platform, lcpMs: lcp, cls };
}

/**
 * Lighthouse's performance score (0-100) and its CLS, in a Chromium of its own. A run that
 * Lighthouse itself could not record ("Something went wrong with recording the trace", NO_NAVSTART,
 * which it says to run again for) is run again, twice at most; any other failure is reported.
 */
async function lighthouse(url, attempts = 3) {
  try {
    return await lighthouseOnce(url);
  } catch (err) {
    if (attempts > 1 && /Please run Lighthouse again|NO_NAVSTART|NO_FCP/.test(String(err)))
      return lighthouse(url, attempts - 1);
    throw err;
  }
}

async function lighthouseOnce(url) {
  const args = [
    'lighthouse',
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage`,
  ];
  const json = await new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', ...args], {
      cwd: root,
      env: { ...process.env, CHROME_PATH: findChromium() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`lighthouse ${url} exited ${code}: ${err.slice(-500)}`)),
    );
  });
  const report = JSON.parse(json);
  return {
    score: Math.round(report.categories.performance.score * 100),
    cls: report.audits['cumulative-layout-shift'].numericValue,
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
  };
}

/** Median, min and max of each numeric field over the runs. */
function summarise(samples) {
  const out = {};
  for (const key of Object.keys(samples[0])) out[key] = spread(samples.map((s) => s[key]));
  return out;
}

export async function benchPages({ runs = 3, port = 8880, log = () => {} } = {}) {
  const pagesPort = port + 3;
  const pagesOrigin = `http://127.0.0.1:${pagesPort}`;
  const demo = await startDemo(port, pagesOrigin);
  const site = demo.info.url;
  const platformOrigin = `http://127.0.0.1:${port + 1}`;
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  let pages;
  try {
    const headId = demo.info.demoHeads.chat;
    const bundle = demo.info.bundle;
    const facade = `<script type="module" src="${site}${bundle.path}" integrity="${bundle.integrity}" crossorigin="anonymous"></script>\n<dh-avatar head-id="${headId}" endpoint="${site}/dh"></dh-avatar>`;
    const chat = await chatPageUrl(site, headId);
    const iframe = `<iframe src="${chat}" title="Ava, digital human" allow="microphone; camera; autoplay; fullscreen"></iframe>`;
    pages = await servePages(pagesPort, {
      '/facade.html': landingPage(facade),
      '/iframe.html': landingPage(iframe),
    });

    const result = { facade: {}, iframe: {}, demo: {} };
    const avatarReady = (page) =>
      page.waitForFunction(
        () => !!document.querySelector('dh-avatar')?.shadowRoot?.querySelector('.facade button'),
      );
    const nothing = async () => {};
    for (const [name, settle] of [
      ['facade', avatarReady],
      ['iframe', nothing],
    ]) {
      const url = `${pagesOrigin}/${name}.html`;
      log(`  ${name} page: ${runs} loads and ${runs} Lighthouse runs…`);
      const loads = [];
      const scores = [];
      for (let i = 0; i < runs; i++) {
        loads.push(await loadOnce(browser, url, platformOrigin, settle));
        scores.push(await lighthouse(url));
      }
      result[name] = {
        ...summarise(loads),
        lighthouse: spread(scores.map((s) => s.score)),
        lighthouseCls: spread(scores.map((s) => s.cls)),
      };
    }
    for (const file of DEMO_PAGES) {
      log(`  demo ${file}: ${runs} runs…`);
      const url = `${site}/${file}`;
      const loads = [];
      const scores = [];
      for (let i = 0; i < runs; i++) {
        loads.push(await loadOnce(browser, url, platformOrigin, nothing));
        scores.push(await lighthouse(url));
      }
      result.demo[file] = {
        cls: spread(loads.map((l) => l.cls)),
        lighthouse: spread(scores.map((s) => s.score)),
        lighthouseCls: spread(scores.map((s) => s.cls)),
      };
    }
    return result;
  } finally {
    await browser.close();
    await pages?.close();
    await demo.stop();
  }
}

/** The rows of the table and whether each meets its target. */
export function pageRows(r) {
  const f = r.facade;
  const i = r.iframe;
  const rows = [
    {
      name: 'facade: bytes before interaction',
      value: kb(f.bytes.median),
      ref: `iframe ${kb(i.bytes.median)}`,
      ok: true,
    },
    {
      name: 'facade: requests',
      value: String(f.requests.median),
      ref: `iframe ${i.requests.median}`,
      ok: true,
    },
    {
      name: 'facade: platform requests',
      value: String(f.platformRequests.max),
      ref: `iframe ${i.platformRequests.median}`,
      ok: f.platformRequests.max === PAGE_TARGETS.facadePlatformRequests,
      target: '= 0',
    },
    {
      name: 'facade: LCP',
      value: `${f.lcpMs.median.toFixed(0)} ms`,
      ref: `iframe ${i.lcpMs.median.toFixed(0)} ms`,
      ok: true,
    },
    {
      name: 'facade: CLS',
      value: f.cls.max.toFixed(3),
      ref: `iframe ${i.cls.max.toFixed(3)}`,
      ok: f.cls.max <= PAGE_TARGETS.facadeCls && f.lighthouseCls.max <= PAGE_TARGETS.facadeCls,
      target: '= 0',
    },
    {
      name: 'facade: Lighthouse performance',
      value: String(f.lighthouse.min),
      ref: `iframe ${i.lighthouse.min}`,
      ok: f.lighthouse.min >= PAGE_TARGETS.facadeLighthouse,
      target: '= 100',
    },
  ];
  for (const [file, d] of Object.entries(r.demo)) {
    const cls = Math.max(d.cls.max, d.lighthouseCls.max);
    rows.push({
      name: `demo ${file}: CLS, Lighthouse`,
      value: `${cls.toFixed(3)}, ${d.lighthouse.min}`,
      ok: cls <= PAGE_TARGETS.demoCls && d.lighthouse.min >= PAGE_TARGETS.demoLighthouse,
      target: `≤ ${PAGE_TARGETS.demoCls}, ≥ ${PAGE_TARGETS.demoLighthouse}`,
    });
  }
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await benchPages({ runs: Number(process.env.DH_BENCH_RUNS) || 3, log: console.log });
  let ok = true;
  for (const row of pageRows(r)) {
    ok &&= row.ok;
    console.log(
      `${row.ok ? '✓' : '✗'} ${row.name.padEnd(40)}${row.value.padStart(12)}   ${row.ref ?? ''} ${row.target ?? ''}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}
