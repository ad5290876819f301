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
import { relative } from 'node:path';
import { createProxy, type ProxyOptions } from './app.js';

export interface NodeServerOptions extends ProxyOptions {
  host?: string;
  port?: number;
  /** A folder of static files served at `/` (the demo site). */
  staticDir?: string;
  /** The single-file ES module bundle, served at `/dh-kit.bundle.js`. */
  bundleFile?: string;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

export async function startProxyServer(options: NodeServerOptions): Promise<RunningProxy> {
  const { host = '127.0.0.1', port = options.config.port, staticDir, bundleFile, ...proxyOptions } = options;
  const app = new Hono();
  app.route(
    '/',
    createProxy({
      // The socket's address: a forwarded header could be set by anyone.
      clientKey: (c) => getConnInfo(c).remote.address ?? 'unknown',
      ...proxyOptions,
    }),
  );
  if (bundleFile && existsSync(bundleFile)) {
    app.get('/dh-kit.bundle.js', serveStatic({ path: relative(process.cwd(), bundleFile) }));
  }
  if (staticDir && existsSync(staticDir)) {
    app.use('/*', serveStatic({ root: relative(process.cwd(), staticDir) || '.' }));
  }
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
