/**
 * `import 'dh-kit/avatar/bubble'`: `<dh-avatar layout="bubble">`, a launcher in a corner that opens
 * a panel (bubble.ts). A page that has no bubble does not carry it, in any bundler; both CDN files
 * import this (src/cdn/).
 */
import { addBubble } from './avatar.js';
import makeBubble from './bubble.js';

addBubble(() => Promise.resolve({ default: makeBubble }));
