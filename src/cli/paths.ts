/**
 * Where the CLI finds what `npm run build` made: dist/ beside src/ in a checkout of the
 * repository (src/cli/*.ts), and inside the installed package (dist/cli/*.js).
 */
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist');
/** The CDN files for `<script type="module">` (scripts/cdn.mjs): every element, the avatar alone. */
export const BUNDLE_FILE = join(DIST, 'dh-kit.bundle.js');
export const AVATAR_FILE = join(DIST, 'dh-kit.avatar.js');
/** Running the TypeScript sources of a checkout rather than the package's compiled dist/. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');
