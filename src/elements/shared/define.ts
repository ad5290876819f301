import { isServer } from 'lit';

/**
 * Registers an element of the kit: only in a browser (importing a module in Node, for SSR or
 * tests, must not throw) and only once (a page may load the kit twice: the CDN bundle and the
 * package). Lit's @customElement decorator defines unconditionally, so the kit's elements
 * register this way.
 */
export function define(name: string, element: CustomElementConstructor): void {
  if (!isServer && !customElements.get(name)) customElements.define(name, element);
}
