/**
 * The proxy on Node: the Hono app behind @hono/node-server, with the demo site and the
 * single-file bundle served from the same port.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BundleInfo } from '../api/answers.js';
import { createProxy, proxyNotFound, type ProxyOptions } from './app.js';
import { loadBundle, serveBundle } from './bundle.js';
import { clientAddress } from './security.js';

export interface NodeServerOptions extends ProxyOptions {
  host?: string;
  port?: number;
  /** A folder of static files served at `/` (the demo site). */
  staticDir?: string;
  /**
   * The single-file ES module bundle, served to pages on any origin at `/dh-kit.bundle.js` and at
   * its versioned path `/dh-kit.<hash>.js` (CORS `*`, compressed, cached; see bundle.ts).
   */
  bundleFile?: string;
  /**
   * Placeholders replaced in the static HTML pages (`__DH_CHAT_HEAD__` → a head id); a function
   * is asked on every request (a page that signs a fresh launch URL each time).
   */
  pageValues?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** A Content-Security-Policy for the static HTML pages. */
  pageCsp?: string;
}

export interface RunningProxy {
  url: string;
  /** The bundle served, when `bundleFile` was given: its versioned path and integrity. */
  bundle?: BundleInfo;
  close(): Promise<void>;
}

export async function startProxyServer(options: NodeServerOptions): Promise<RunningProxy> {
  const { host = '127.0.0.1', port = options.config.port, staticDir, bundleFile, pageValues = {}, pageCsp, ...proxyOptions } = options;
  const bundle = bundleFile && existsSync(bundleFile) ? loadBundle(bundleFile) : undefined;
  const app = new Hono();
  app.route(
    '/',
    createProxy({
      clientKey: (c) => clientAddress(c, options.config.trustProxy, getConnInfo(c).remote.address),
      ...(bundle ? { bundle: { path: bundle.path, integrity: bundle.integrity } } : {}),
      ...proxyOptions,
    }),
  );
  if (bundle) serveBundle(app, bundle);
  if (staticDir && existsSync(staticDir)) {
    // HTML pages get their placeholders filled in (the demo's head ids are made at start-up).
    app.get('/*', async (c, next) => {
      const name = c.req.path === '/' ? 'index.html' : c.req.path.slice(1);
      const file = join(staticDir, name);
      if (!/^[\w-]+\.html$/.test(name) || !existsSync(file)) return next();
      let page = await readFile(file, 'utf8');
      const values = typeof pageValues === 'function' ? await pageValues() : pageValues;
      for (const [key, value] of Object.entries(values)) page = page.replaceAll(key, value);
      return c.html(page, 200, { 'cache-control': 'no-cache', ...(pageCsp ? { 'content-security-policy': pageCsp } : {}) });
    });
    app.use('/*', serveStatic({ root: relative(process.cwd(), staticDir) || '.' }));
  }
  const prefix = options.config.prefix;
  app.notFound((c) => (c.req.path === prefix || c.req.path.startsWith(`${prefix}/`) ? proxyNotFound(c) : c.text('Not found', 404)));
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    ...(bundle ? { bundle: { path: bundle.path, integrity: bundle.integrity } } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
