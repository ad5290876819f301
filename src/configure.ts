/**
 * `dh-kit/configure`: the page's own settings for every element (the proxies it trusts), and
 * nothing else — no element, no Lit. A site's script imports it before or beside the elements:
 *
 * ```js
 * import { configure } from 'dh-kit/configure';
 * configure({ trustedEndpoints: ['https://api.example.com/dh'] });
 * ```
 *
 * The elements read the same settings (one module, `api/urls.js`), whichever entry loaded them.
 */
export { configure, type KitOptions } from './api/urls.js';
