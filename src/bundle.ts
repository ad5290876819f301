/**
 * The single-file bundle (`dist/dh-kit.bundle.js`, for a `<script type="module">` on any page):
 * everything `dh-kit` has, every language fetched when a page shows it, and the avatar's bubble
 * layout fetched when an element is a bubble, each a chunk beside the bundle (`dh-kit.de-<hash>.js`).
 */
export * from './index.js';
import './elements/locales/auto.js';
import { addBubble } from './elements/avatar/avatar.js';

// The bubble layout too, a chunk beside the bundle fetched the first time an element is a bubble.
addBubble(() => import('./elements/avatar/bubble.js'));
