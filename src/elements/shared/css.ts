import { unsafeCSS, type CSSResult } from 'lit';

/**
 * The kit's `css` tag: Lit's stylesheet of one literal. Lit's own tag adds a run-time check of
 * interpolated values (0.16 kB gzip in every page that loads an element); the kit's stylesheets
 * interpolate nothing, and this signature (strings only) makes TypeScript refuse a `${…}`. The
 * template minifier (scripts/minify-templates.mjs) knows css`…` by its name, as before.
 */
export const css = (strings: TemplateStringsArray): CSSResult => unsafeCSS(strings[0]);
