// Types of scripts/engine-of.mjs.
export declare function engineOf(userAgent: string): 'chromium' | 'firefox' | 'webkit' | 'unknown';
