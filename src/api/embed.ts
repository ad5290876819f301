/**
 * The embed code a site pastes into a page (a CMS block, a template): the bundle's script tag,
 * with its integrity value, and a `<dh-avatar>` tag. One writer for the head form (after it
 * creates a head), the CLI (`dh-kit heads create`, `dh-kit bundle`) and the server's banner.
 */

import type { View } from './rules.js';

/** Where the bundle is and its Subresource Integrity value (`sha384-…`). */
export interface BundleRef {
  /** The bundle's absolute, versioned URL. */
  url: string;
  integrity: string;
}

export interface EmbedOptions {
  headId: string;
  /** The proxy routes as the pasted page reaches them: an absolute URL (`https://site/dh`). */
  endpoint: string;
  /** The script tag is left out without it (a page that already loads the kit). */
  bundle?: BundleRef;
  view?: View;
  layout?: 'inline' | 'bubble';
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<script type="module" src integrity crossorigin>` for the bundle. */
export function scriptTag(bundle: BundleRef): string {
  return `<script type="module" src="${attr(bundle.url)}" integrity="${attr(bundle.integrity)}" crossorigin="anonymous"></script>`;
}

/** The script tag (when the bundle is known) and the avatar tag, one per line. */
export function embedCode(options: EmbedOptions): string {
  const attrs = [`head-id="${attr(options.headId)}"`, `endpoint="${attr(options.endpoint)}"`];
  if (options.view === 'stream') attrs.push('view="stream"');
  if (options.layout === 'bubble') attrs.push('layout="bubble"');
  const tag = `<dh-avatar ${attrs.join(' ')}></dh-avatar>`;
  return options.bundle ? `${scriptTag(options.bundle)}\n${tag}` : tag;
}
