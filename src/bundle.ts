/**
 * The single-file bundle (`dist/dh-kit.bundle.js`, for a `<script type="module">` on any page):
 * everything `dh-kit` has, and every language fetched when a page shows it, each a chunk beside
 * the bundle (`dh-kit.de-<hash>.js`).
 */
export * from './index.js';
import './elements/locales/auto.js';
