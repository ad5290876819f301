/**
 * The site a command prints embed code for: its origin (--site) and the bundle this installation
 * serves (its versioned path and integrity). Used by `dh-kit bundle` and `dh-kit heads create`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BundleInfo } from '../api/answers.js';
import { describeBundle } from '../proxy/bundle.js';
import { AVATAR_FILE } from './paths.js';
import { UsageError } from './shared.js';

/** Where the examples point when no --site is given. */
export const EXAMPLE_SITE = 'https://your-site.example';

/**
 * The CDN file of this installation that the embed code loads (the avatar's), or undefined when it
 * has not been built (a fresh checkout).
 */
export function localBundle(
  file = AVATAR_FILE,
): (BundleInfo & { bytes: number; gzipBytes: number }) | undefined {
  if (!existsSync(file)) return undefined;
  const bytes = readFileSync(file);
  const { path, integrity } = describeBundle(bytes, basename(file));
  return { path, integrity, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/** An origin from --site: http(s) only, no path. */
export function siteOrigin(value: string | undefined): string {
  if (value === undefined) return EXAMPLE_SITE;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--site must be an address such as ${EXAMPLE_SITE}, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`--site must be an http(s) address, not "${value}"`);
  return url.origin;
}

/** The proxy routes' address on the site, from --site's origin and --prefix (default /dh). */
export function proxyEndpoint(site: string, prefix = '/dh'): string {
  if (!/^\/[\w\-/]*$/.test(prefix))
    throw new UsageError(`--prefix is a path such as /dh, not "${prefix}"`);
  return `${site}${prefix === '/' ? '' : prefix.replace(/\/+$/, '')}`;
}
