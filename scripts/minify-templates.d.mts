import type { Plugin } from 'vite';
export function minifyCssPart(text: string, first?: boolean, last?: boolean): string;
export function minifyHtmlPart(text: string): string;
export function minifyTemplates(code: string): string;
export function minifyLitTemplates(): Plugin;
