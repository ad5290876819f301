/**
 * The addresses the platform is given for the site's plugin and tools. They carry
 * DH_CALLBACK_SECRET as a path segment, because the spec shows no way for the platform to
 * authenticate these calls: `{prefix}/plugin/{secret}/conversation/{userid}/message` and
 * `{prefix}/tools/{secret}/{name}`. Without the secret those routes are not served at all.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from './http.js';
import { sameSecret } from './security/same-secret.js';

export interface CallbackAddresses {
  /** The plugin's service address (the platform appends `/conversation/{userid}/message`). */
  plugin: string;
  /** Where the tools are: one tool's address is this + `/{name}`. */
  tools: string;
}

/** The addresses under `base`: the proxy's prefix (`/dh`) or its full URL (`https://shop.example/dh`). */
export function callbackAddresses(base: string, secret: string): CallbackAddresses {
  const root = base === '/' ? '' : base.replace(/\/+$/, '');
  return { plugin: `${root}/plugin/${secret}`, tools: `${root}/tools/${secret}` };
}

/**
 * Lets a call through only when its `:secret` path segment is the callback secret (compared in
 * constant time); anything else is the proxy's ordinary 404, so the routes cannot be found.
 */
export function callbackSecret(secret: string): MiddlewareHandler {
  return async (c, next) => {
    if (!(await sameSecret(c.req.param('secret') ?? '', secret))) return notFound(secret)(c);
    await next();
  };
}

/**
 * A path for log lines and 404 messages: the segment after `/plugin/` and `/tools/` hidden (a
 * wrong secret is a guess, the right one a secret), and the callback secret wherever else it is.
 */
export function redactPath(path: string, secret?: string): string {
  // Most paths hold neither (the request log asks for every request).
  if (!path.includes('/plugin/') && !path.includes('/tools/') && !(secret && path.includes(secret)))
    return path;
  const hidden = path.replace(/\/(plugin|tools)\/[^/]+/, '/$1/…');
  return secret ? hidden.split(secret).join('…') : hidden;
}

/** The proxy's 404 in its error shape, the callback secret never repeated. */
export const notFound = (secret?: string) => (c: Context) =>
  c.json(errorBody('not_found', `No route ${c.req.method} ${redactPath(c.req.path, secret)}`), 404);
