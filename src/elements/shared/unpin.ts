import type { virtualizerRef, VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';

type Virtualizer = VirtualizerHostElement[typeof virtualizerRef];

/**
 * Lets go of the row a virtualizer's layout is pinned to. A jump to a row out of the DOM
 * (`element(i).scrollIntoView()`, e.g. Ctrl+Home) pins the layout there until the user scrolls,
 * and a scroll made while the virtualizer corrects its own (two frames after each correction)
 * does not count: a keyboard move's scroll in that window was pulled back to the old pin. A move
 * is the user's, so the pickers call this first. The virtualizer has no public unpin: this reaches
 * its layout, and does nothing on a release without one (the old behaviour, no error).
 */
export function unpin(virtualizer: Virtualizer | undefined): void {
  (virtualizer as unknown as { _layout?: { unpin?(): void } } | undefined)?._layout?.unpin?.();
}
