/**
 * Who a request comes from, on every runtime the proxy is mounted on, for the per-client limits.
 * There is no shared fallback bucket: with one, every visitor of a site shared one
 * rate limit, and one client's flood shut all the others out.
 *
 * In order:
 *  1. the site's own `clientKey` option, when it gives one;
 *  2. with `DH_TRUST_PROXY`, the last `X-Forwarded-For` entry: the address the site's own reverse
 *     proxy saw (the entries before it are the client's to write);
 *  3. the connection, as Hono's conninfo helpers read it on each runtime: the socket of
 *     `@hono/node-server` (`serve`, and `getRequestListener` under Express, Fastify…), Bun's
 *     `server.requestIP`, Deno's `remoteAddr`, and on Cloudflare Workers `CF-Connecting-IP` (set by
 *     Cloudflare's edge, which overwrites a visitor's own). Hono's `hono/bun` and `hono/deno`
 *     helpers reference their runtime's globals when imported, so the same reads are written here.
 *
 * A request none of these identifies (a Next.js route handler, or any `app.fetch(request)` without
 * the runtime's connection, and no `DH_TRUST_PROXY`) is refused with 500 `client_unknown`, whose
 * message and one log line name `clientKey` and `DH_TRUST_PROXY`: the site owner meets it on the
 * first request, before any visitor shares anything.
 *
 * The key is hashed before it reaches the store (unstorage normalises keys: `::` collapsed, so
 * distinct IPv6 clients shared a bucket), and an IPv6 address counts by its /64, the block one
 * subscriber holds: a client cannot get a fresh budget from each of its 2^64 addresses.
 */
import type { Context } from 'hono';
import { getConnInfo as nodeConnInfo } from '@hono/node-server/conninfo';
import { toHex } from '../platform/hex.js';
import { ApiException } from './http.js';

/** A site's own client key: the address, or any string that tells its clients apart. */
export type ClientKey = (c: Context) => string | undefined;

/** What a runtime passes as the second argument of `fetch` (Hono's `c.env`), as far as it tells the client. */
interface RuntimeEnv {
  incoming?: { socket?: { remoteAddress?: string } };
  server?:
    | { incoming?: { socket?: { remoteAddress?: string } } }
    | { requestIP?: (request: Request) => { address?: string } | null };
  requestIP?: (request: Request) => { address?: string } | null;
  remoteAddr?: { hostname?: string };
}

/** Cloudflare's Workers runtime says so in `navigator.userAgent`. */
const onWorkers = () =>
  typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';

/** The connection's address as the runtime gives it, or undefined when it gives none. */
export function connectionAddress(c: Context): string | undefined {
  const env = (c.env ?? undefined) as RuntimeEnv | undefined;
  if (env && typeof env === 'object') {
    // @hono/node-server: its own helper (bindings in c.env, or c.env.server under Vercel's adapter).
    if (env.incoming?.socket || (env.server && 'incoming' in env.server))
      return nodeConnInfo(c).remote.address;
    // Bun.serve({ fetch: app.fetch }): the server is the env (hono/bun's getConnInfo).
    const server = env.server && 'requestIP' in env.server ? env.server : env;
    if (typeof server.requestIP === 'function')
      return server.requestIP(c.req.raw)?.address ?? undefined;
    // Deno.serve((req, info) => app.fetch(req, info)) (hono/deno's getConnInfo).
    if (typeof env.remoteAddr?.hostname === 'string') return env.remoteAddr.hostname;
  }
  if (onWorkers()) return c.req.header('cf-connecting-ip') ?? undefined;
  return undefined;
}

/** The last `X-Forwarded-For` entry (the one the site's own proxy appended), if there is one. */
export function forwardedFor(c: Context): string | undefined {
  const hops = c.req.header('x-forwarded-for')?.split(',');
  const last = hops?.[hops.length - 1]?.trim();
  return last || undefined;
}

/**
 * An address as it is counted: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by
 * its /64 (the first four groups, written out in full), without a zone (`%eth0`). Anything else
 * (a site's own key) is returned as given.
 */
export function addressBucket(address: string): string {
  // A port some proxies append (`1.2.3.4:5678`, `[2001:db8::1]:443`) is no part of the client.
  const trimmed = address.trim();
  const unported = /^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(trimmed)
    ? trimmed.replace(/:\d+$/, '')
    : trimmed.replace(/^\[([^\]]+)\]:\d+$/, '$1');
  const bare = unported.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped =
    /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare) ??
    /^::(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':') || !/^[\da-f:.]+$/i.test(bare)) return bare;
  const groups = expandIpv6(bare);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : bare;
}

/**
 * The nested groups an address belongs to, narrowest first, for the Node server's connection
 * shares (connection-shares.ts): an IPv4 address and its /24; an IPv6 address by its /64 (one
 * subscriber), its /56 (a home line) and its /48 (a site). Anything else is a group of its own.
 */
export function addressGroups(address: string): string[] {
  const client = addressBucket(address);
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(client);
  if (v4) return [client, `${v4[1]}.0/24`];
  if (!client.endsWith('::/64')) return [client];
  const groups = client.slice(0, -'::/64'.length).split(':');
  return [
    client,
    `${groups.slice(0, 3).join(':')}:${groups[3]!.slice(0, 2)}00::/56`,
    `${groups.slice(0, 3).join(':')}::/48`,
  ];
}

/** The eight groups of an IPv6 address, four hex digits each; undefined when it is not one. */
function expandIpv6(address: string): string[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) => (s ? s.split(':') : []);
  let head = part(halves[0]!);
  let tail = halves.length === 2 ? part(halves[1]!) : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 is handled above; 64:ff9b::1.2.3.4 here) is two groups.
  const last = (halves.length === 2 ? tail : head).at(-1);
  if (last?.includes('.')) {
    const octets = last.split('.').map(Number);
    if (octets.length !== 4 || octets.some((o) => !(o >= 0 && o <= 255))) return undefined;
    const v4 = [
      ((octets[0]! << 8) | octets[1]!).toString(16),
      ((octets[2]! << 8) | octets[3]!).toString(16),
    ];
    if (halves.length === 2) tail = [...tail.slice(0, -1), ...v4];
    else head = [...head.slice(0, -1), ...v4];
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[\da-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => g.toLowerCase().padStart(4, '0'));
}

/** Whether a site's key is an IP address (v4, or v6 as addressBucket reads it). */
const isAddress = (key: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(key) || addressBucket(key).endsWith('::/64');

const encoder = new TextEncoder();
/** Recent keys' hashes: a visitor's requests hash their key once (bounded: cleared when full). */
const hashes = new Map<string, string>();
const HASHES_KEPT = 4096;

/** The store key of a client: a hash, so no store normalises two clients into one (unstorage collapses `::`). */
export async function hashedClient(key: string): Promise<string> {
  const known = hashes.get(key);
  if (known) return known;
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(key));
  const hash = toHex(new Uint8Array(digest).subarray(0, 16));
  if (hashes.size >= HASHES_KEPT) hashes.clear();
  hashes.set(key, hash);
  return hash;
}

/** Recent addresses as sent → their hashed bucket (a visitor's requests read their address once). */
const addressHashes = new Map<string, string>();

async function addressClient(address: string): Promise<string> {
  const hash = await hashedClient(`ip:${addressBucket(address)}`);
  if (addressHashes.size >= HASHES_KEPT) addressHashes.clear();
  addressHashes.set(address, hash);
  return hash;
}

/**
 * The message of `client_unknown`: what the site owner sets, with the fix of each framework whose
 * route handlers get no connection (the recipes of docs/frameworks.md), since the owner meets it
 * in that framework's own server, often first under its development server.
 */
export const CLIENT_UNKNOWN_MESSAGE =
  "The proxy cannot tell its clients apart here, so it will not rate-limit them all as one: serve it with @hono/node-server (or Express through getRequestListener), Bun, Deno or Cloudflare Workers so it sees the connection, set DH_TRUST_PROXY=true when a reverse proxy of yours appends the client address to X-Forwarded-For, or pass createProxy a clientKey that returns the client's address, given as fetch's second argument (Nuxt: getRequestIP(event), with { xForwardedFor: true } under nuxt dev; SvelteKit: event.getClientAddress(); React Router: your server's request address, through getLoadContext; Astro: clientAddress; Next.js, which gives none: DH_TRUST_PROXY=true behind Vercel or your proxy, or a clientKey of your own). Recipes: docs/frameworks.md.";

/**
 * The client key function of a proxy: the site's own `clientKey` (hashed as it is), else the
 * forwarded address with `trustProxy`, else the connection's (hashed by their bucket: IPv6 by
 * /64). Throws 500 `client_unknown` (and warns once) for a request with none of these.
 */
export function clientIdentity(options: {
  clientKey?: ClientKey;
  trustProxy: boolean;
  warn: (message: string) => void;
}): (c: Context) => Promise<string> {
  let warned = false;
  return async (c) => {
    if (options.clientKey) {
      const own = options.clientKey(c);
      // An address (CF-Connecting-IP on Workers, say) counts like one the proxy found: IPv6 by /64.
      if (own) return hashedClient(isAddress(own) ? `ip:${addressBucket(own)}` : `key:${own}`);
    } else {
      const address = (options.trustProxy ? forwardedFor(c) : undefined) ?? connectionAddress(c);
      if (address) return addressHashes.get(address) ?? addressClient(address);
    }
    if (!warned) {
      warned = true;
      options.warn(CLIENT_UNKNOWN_MESSAGE);
    }
    throw new ApiException(500, 'client_unknown', CLIENT_UNKNOWN_MESSAGE);
  };
}
