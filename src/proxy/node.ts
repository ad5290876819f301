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
import { createProxy, proxyNotFound, type ProxyOptions } from './app.js';
import { clientAddress } from './security.js';

export interface NodeServerOptions extends ProxyOptions {
  host?: string;
  port?: number;
  /** A folder of static files served at `/` (the demo site). */
  staticDir?: string;
  /** The single-file ES module bundle, served at `/dh-kit.bundle.js`. */
  bundleFile?: string;
  /** Placeholders replaced in the static HTML pages (`__DH_CHAT_HEAD__` → a head id). */
  pageValues?: Record<string, string>;
  /** A Content-Security-Policy for the static HTML pages. */
  pageCsp?: string;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

export async function startProxyServer(options: NodeServerOptions): Promise<RunningProxy> {
  const { host = '127.0.0.1', port = options.config.port, staticDir, bundleFile, pageValues = {}, pageCsp, ...proxyOptions } = options;
  const app = new Hono();
  app.route(
    '/',
    createProxy({
      clientKey: (c) => clientAddress(c, options.config.trustProxy, getConnInfo(c).remote.address),
      ...proxyOptions,
    }),
  );
  if (bundleFile && existsSync(bundleFile)) {
    app.get('/dh-kit.bundle.js', serveStatic({ path: relative(process.cwd(), bundleFile) }));
  }
  if (staticDir && existsSync(staticDir)) {
    // HTML pages get their placeholders filled in (the demo's head ids are made at start-up).
    app.get('/*', async (c, next) => {
      const name = c.req.path === '/' ? 'index.html' : c.req.path.slice(1);
      const file = join(staticDir, name);
      if (!/^[\w-]+\.html$/.test(name) || !existsSync(file)) return next();
      let page = await readFile(file, 'utf8');
      for (const [key, value] of Object.entries(pageValues)) page = page.replaceAll(key, value);
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
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
