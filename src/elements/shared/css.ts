import { unsafeCSS, type CSSResult } from 'lit';

/**
 * The kit's `css` tag: Lit's stylesheet of one literal. Lit's own tag checks interpolated values at
 * run time, code that every page with an element would load; the kit's stylesheets interpolate
 * nothing, and this signature (strings only) makes TypeScript refuse a `${…}`. The
 * template minifier (scripts/minify-templates.mjs) knows css`…` by its name, as before.
 */
export const css = (strings: TemplateStringsArray): CSSResult => unsafeCSS(strings[0]);
