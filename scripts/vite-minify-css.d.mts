import type { Plugin } from 'vite';
export function minifyLitCss(): Plugin;
