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

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
  if (!options.bundle) return tag;
  // The elements trust the /dh of the proxy the bundle comes from (api/urls.ts); another prefix
  // is listed by script, importing the same module the tag loads.
  const home = `${new URL(options.bundle.url).origin}/dh`;
  const listed =
    options.endpoint.replace(/\/+$/, '') === home
      ? ''
      : `\n<script type="module">import { configure } from ${JSON.stringify(options.bundle.url).replace(/</g, '\\u003c')}; configure({ trustedEndpoints: [${JSON.stringify(options.endpoint).replace(/</g, '\\u003c')}] });</script>`;
  return `${scriptTag(options.bundle)}${listed}\n${tag}`;
}
