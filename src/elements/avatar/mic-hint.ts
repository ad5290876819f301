/**
 * `import 'dh-kit/avatar/mic-hint'`: `<dh-avatar>` shows a hint over the conversation when the
 * page's Permissions-Policy blocks the microphone (mic-hint-note.ts; Chromium only). A page that
 * does not add it shows none (the platform's page still says so when it asks for the microphone);
 * both CDN files import this (src/cdn/).
 */
import { addMicHint } from './avatar.js';
import makeMicHint from './mic-hint-note.js';

addMicHint(() => Promise.resolve({ default: makeMicHint }));
