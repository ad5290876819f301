// Generated from package.json by scripts/version.mjs (npm version runs it): do not edit.
export const VERSION = '0.1.0';
