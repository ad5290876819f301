// Types of scripts/version.mjs.
export declare const versionModule: (version: string) => string;
export declare function writeVersion(root?: string): string;
