// Types of scripts/chromium.mjs, for the TypeScript configs that import it (playwright.config.ts).
export declare const CHROMIUM_ARGS: string[];
export declare const NO_CHROMIUM_MESSAGE: string;
export declare function findChromium(): string;
