import { FlowLayout } from '@lit-labs/virtualizer/layouts/flow.js';

type Positions = FlowLayout['viewportScroll'];

/**
 * The pickers' virtualizer layout: rows laid out as the scroller shows them, wherever the page is
 * scrolled. The library lays out only what the window shows, so a list below the fold (or
 * scrolled past) had no option at all, and a screen reader found an empty listbox or grid (axe:
 * aria-required-children). Off screen, this one lays out the scroller's own view — the first rows,
 * or the selected one it was scrolled to — so they stay in the accessibility tree. `box` (from the
 * layout's config) gives the scroller.
 */
export class InViewLayout extends FlowLayout {
  declare box?: () => HTMLElement | null | undefined;

  protected override get _viewDim1(): number {
    return super._viewDim1 || this.box?.()?.clientHeight || 0;
  }

  override get viewportScroll(): Positions {
    return super.viewportScroll;
  }
  // Off screen the window's view is empty and its scroll position is the page's: take the scroller's.
  override set viewportScroll(at: Positions) {
    const box = this.viewportSize.height ? null : this.box?.();
    super.viewportScroll = box ? { top: box.scrollTop, left: box.scrollLeft } : at;
  }
}
