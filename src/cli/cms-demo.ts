/**
 * The demo's CMS pages: pages on another origin (the next port after the simulator's).
 *  - `/`: its only dh-kit code is the embed code a site owner pastes into an HTML block — the
 *    avatar file's script tag with its integrity value, and a `<dh-avatar>` pointed at the proxy.
 *  - `/back-office`: all six elements, from the all-elements file with its integrity value.
 * Both run with the Content-Security-Policy docs/frameworks.md gives (script, connect, image and
 * media sources: the proxy; frames: the proxy and the platform's pages, where /embed redirects;
 * Trusted Types required), so they prove it.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { embedCode, scriptTag } from '../api/embed.js';
import type { BundleInfo } from '../api/answers.js';
import { answerHeaders } from '../proxy/security/answer-headers.js';

export interface CmsPageValues {
  /** The demo site (the proxy's server), e.g. http://127.0.0.1:8787. */
  siteUrl: string;
  prefix: string;
  headId: string;
  /** The avatar's file (the embed code's) and the all-elements file. */
  bundle: BundleInfo;
  allElements: BundleInfo;
  /** Origins of the platform's chat and stream pages. */
  platformOrigins: string[];
}

export interface RunningCmsDemo {
  url: string;
  /** Called once the proxy runs: the page is served from then on. */
  ready(values: CmsPageValues): void;
  close(): Promise<void>;
}

/**
 * The policy a host page needs for the kit, and nothing more (docs/frameworks.md gives it): the
 * pictures and videos come through the proxy, and Trusted Types are required, with the two
 * policies the kit creates (Lit's `lit-html`, and `dh-kit` for the language files).
 */
export function hostPageCsp(siteOrigin: string, platformOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${siteOrigin}`,
    "style-src 'self'",
    `img-src 'self' ${siteOrigin}`,
    `media-src 'self' ${siteOrigin}`,
    `connect-src 'self' ${siteOrigin}`,
    `frame-src ${[siteOrigin, ...platformOrigins].join(' ')}`,
    "base-uri 'none'",
    "object-src 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html dh-kit',
  ].join('; ');
}

/** The back office page's elements: all six, pointed at the proxy. */
function elementsCode(values: CmsPageValues, endpoint: string): string {
  const url = new URL(values.allElements.path, values.siteUrl).href;
  const at = `endpoint="${endpoint}"`;
  return [
    scriptTag({ url, integrity: values.allElements.integrity }),
    `<section><h2>A head</h2><dh-avatar head-id="${values.headId}" ${at}></dh-avatar></section>`,
    `<section><h2>A face and a voice</h2><dh-face-picker name="face" ${at}></dh-face-picker>`,
    `<dh-voice-picker name="voice" locale="en" ${at}></dh-voice-picker></section>`,
    `<section><h2>A new head</h2><dh-head-form ${at}></dh-head-form></section>`,
    `<section><h2>Videos</h2><dh-video-studio head-id="${values.headId}" ${at}></dh-video-studio></section>`,
    `<section><h2>Insights</h2><dh-insights ${at}></dh-insights></section>`,
  ].join('\n');
}

export async function startCmsDemo(options: {
  staticDir: string;
  host: string;
  port: number;
}): Promise<RunningCmsDemo> {
  let values: CmsPageValues | undefined;
  const app = new Hono();
  // The page stands for a site owner's: it gets what the demo site's pages get (node.ts), so the
  // demo shows the kit working under them — nosniff and no-referrer on every answer, and no
  // other origin framing the page.
  app.use('*', answerHeaders());
  const page = async (file: string, code: (v: CmsPageValues, endpoint: string) => string) => {
    if (!values) return new Response('Starting…', { status: 503, headers: { 'retry-after': '1' } });
    const site = new URL(values.siteUrl);
    const endpoint = new URL(values.prefix === '/' ? '/' : values.prefix, site).href.replace(
      /\/$/,
      '',
    );
    const html = (await readFile(join(options.staticDir, file), 'utf8'))
      .replaceAll('__DH_SITE_URL__', site.origin)
      .replace(/__DH_(EMBED|ELEMENTS)_CODE__/, code(values, endpoint));
    return new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        'content-security-policy': `${hostPageCsp(site.origin, values.platformOrigins)}; frame-ancestors 'self'`,
      },
    });
  };
  app.get('/', () =>
    page('cms.html', (v, endpoint) =>
      embedCode({
        headId: v.headId,
        endpoint,
        bundle: { url: new URL(v.bundle.path, v.siteUrl).href, integrity: v.bundle.integrity },
      }),
    ),
  );
  app.get('/back-office', () => page('cms-backoffice.html', elementsCode));
  // A browser asks every origin for one; an answer keeps its console free of a 404.
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/cms.css', async (c) =>
    c.body(await readFile(join(options.staticDir, 'cms.css')), 200, {
      'content-type': 'text/css; charset=utf-8',
    }),
  );
  // The back office page's count of its own policy's violations.
  app.get('/cms-policy.js', async (c) =>
    c.body(await readFile(join(options.staticDir, 'cms-policy.js')), 200, {
      'content-type': 'text/javascript; charset=utf-8',
    }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () =>
      resolve(s),
    );
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    ready: (v) => void (values = v),
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
