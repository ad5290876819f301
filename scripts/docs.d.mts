// Types of scripts/docs.mjs, for the TypeScript configs that import it (vite.config.ts).
/** The package's Custom Elements Manifest, made first when it is missing or stale. */
export declare function freshManifest(): Promise<{ modules: unknown[] }>;
/** Writes the reference site into `out`; the pages written, relative to it. */
export declare function writeDocs(options: {
  manifest: { modules: unknown[] };
  out: string;
}): string[];
