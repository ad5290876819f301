/**
 * The language a language file (language-file.ts) is built for. In the source it is no language;
 * the build (scripts/cdn.mjs) puts each language's tag and module here, one file each.
 */
import type { Formats } from '../elements/shared/formats.js';
import type { Catalogue } from '../elements/localized.js';

export const LANGUAGE: string = '';
export const catalogue = (_formats: Formats): Catalogue => {
  throw new Error('dh-kit: src/cdn/language-module.ts is replaced by the build');
};
