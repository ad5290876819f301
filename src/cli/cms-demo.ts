/**
 * The demo's CMS page: a page on another origin (the next port after the simulator's) whose only
 * dh-kit code is the embed code a site owner pastes into an HTML block — the bundle's script tag
 * with its integrity value, and a `<dh-avatar>` pointed at the proxy. It runs with the
 * Content-Security-Policy such a page needs (script, connect and image sources: the proxy;
 * frames: the proxy and the platform's pages, where /embed redirects), so it proves both.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { embedCode } from '../api/embed.js';
import type { BundleInfo } from '../api/answers.js';
import { answerHeaders } from '../proxy/security.js';

export interface CmsPageValues {
  /** The demo site (the proxy's server), e.g. http://127.0.0.1:8787. */
  siteUrl: string;
  prefix: string;
  headId: string;
  bundle: BundleInfo;
  /** Origins of the platform's chat and stream pages. */
  platformOrigins: string[];
}

export interface RunningCmsDemo {
  url: string;
  /** Called once the proxy runs: the page is served from then on. */
  ready(values: CmsPageValues): void;
  close(): Promise<void>;
}

/** The policy a host page needs for the kit, and nothing more. */
export function hostPageCsp(siteOrigin: string, platformOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${siteOrigin}`,
    "style-src 'self'",
    `img-src 'self' ${siteOrigin}`,
    `connect-src 'self' ${siteOrigin}`,
    `frame-src ${[siteOrigin, ...platformOrigins].join(' ')}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
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
  app.get('/', async (c) => {
    if (!values) return c.text('Starting…', 503, { 'retry-after': '1' });
    const site = new URL(values.siteUrl);
    const endpoint = new URL(values.prefix === '/' ? '/' : values.prefix, site).href.replace(
      /\/$/,
      '',
    );
    const code = embedCode({
      headId: values.headId,
      endpoint,
      bundle: { url: new URL(values.bundle.path, site).href, integrity: values.bundle.integrity },
    });
    const page = (await readFile(join(options.staticDir, 'cms.html'), 'utf8'))
      .replaceAll('__DH_SITE_URL__', site.origin)
      .replace('__DH_EMBED_CODE__', code);
    return c.html(page, 200, {
      'cache-control': 'no-cache',
      'content-security-policy': `${hostPageCsp(site.origin, values.platformOrigins)}; frame-ancestors 'self'`,
    });
  });
  // A browser asks every origin for one; an answer keeps its console free of a 404.
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/cms.css', async (c) =>
    c.body(await readFile(join(options.staticDir, 'cms.css')), 200, {
      'content-type': 'text/css; charset=utf-8',
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
