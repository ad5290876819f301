/**
 * One language's CDN file (`dh-kit.<lang>.<hash>.js`): that language's catalogue, made with its
 * own formats (numbers, plurals, lists, dates), so a page in English never loads them. Built once
 * per language by scripts/cdn.mjs, which puts the language's module in place of
 * `./language-module.ts`.
 */
import { formats } from '../elements/shared/formats.js';
import { catalogue, LANGUAGE } from './language-module.js';

export default catalogue(formats(LANGUAGE));
