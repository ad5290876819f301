/**
 * `dh-kit.avatar.js`, the avatar's CDN file (what a CMS page loads): `<dh-avatar>`, inline or as a
 * bubble, its consent notice, microphone hint and preconnect, and English, in one file that imports nothing.
 * Every other language is a file beside it, checked before it runs (languages.ts). It exports what a page's script may call: `configure`
 * (the proxies the page trusts).
 */
export { configure } from '../api/urls.js';
import '../elements/avatar/avatar.js';
import '../elements/avatar/bubble-layout.js';
import '../elements/avatar/consent.js';
import '../elements/avatar/mic-hint.js';
import '../elements/avatar/preconnect.js';
import './languages.js';
