// Types of scripts/cdn.mjs, for the TypeScript that imports it (vite.config.ts, src/cli/start.ts).
import type { Plugin } from 'vite';

/** The CDN files: their name in dist/ and their entry in src/. */
export declare const CDN_FILES: Record<string, string>;
/** Marks the modules of src/ and demo/ as having side effects (they define elements). */
export declare function ownSideEffects(): Plugin;
/** Writes the language files and the CDN files into `out`; returns their names. */
export declare function buildCdnFiles(out: string): Promise<string[]>;
