/**
 * `dh-kit.bundle.js`, the all-elements CDN file (for back offices): every element `dh-kit` has,
 * the avatar's bubble layout, consent notice, microphone hint and preconnect, and English inside, in one file that imports
 * nothing. Every other language is a file beside it, checked before it runs (languages.ts).
 */
export * from '../index.js';
import '../elements/avatar/bubble-layout.js';
import '../elements/avatar/consent.js';
import '../elements/avatar/mic-hint.js';
import '../elements/avatar/preconnect.js';
import './languages.js';
