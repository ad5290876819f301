import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { virtualize, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import type { flow } from '@lit-labs/virtualizer/layouts/flow.js';
import type { ApiRequestError } from '../../api/errors.js';
import type { PagedCatalogue } from './catalogue.js';
import type { FormControlController } from './form-control.js';
import { InViewLayout } from './in-view-layout.js';
import type { SharedMessages } from './messages.js';
import type { PagedList } from './paged-list.js';
import type { PickerSection } from './picker-messages.js';
import { renderError, renderPageError, renderStatus } from './states.js';
import { TypeAhead } from './type-ahead.js';

/** What a picker tells its widget: its words, and how its own grid or list moves. */
export interface PickerWidgetOptions<Item, List extends PagedList<Item>> {
  catalogue: PagedCatalogue<Item, List>;
  form: FormControlController<Item>;
  /** The picker's words in its language, and the words every element shares. */
  words: () => PickerSection;
  sharedWords: () => SharedMessages;
  /** The page's accessible name for the grid or list (`label`), if it gave one. */
  label: () => string | undefined;
  required: () => boolean;
  /** An item's name folded for type-ahead; undefined until its page is loaded. */
  nameAt: (index: number) => string | undefined;
  /** Where a navigation key moves the active item (APG grid or listbox); undefined for another key. */
  keyTarget: (e: KeyboardEvent, total: number) => number | undefined;
  /** Makes an item the active one and brings it into view (its page is fetched if need be). */
  moveTo: (index: number) => void;
  /** The user chose an item (Enter, Space, a click); on a page that failed, asks it again. */
  choose: (index: number) => void;
  /** Brings the active item into view (it may be virtualised away), e.g. when focus comes back. */
  revealActive: () => void;
  /** The items among the virtualizer's rows first..last. */
  itemsIn: (firstRow: number, lastRow: number) => [number, number] | undefined;
}

/** How a picker draws its items: the grid or list of a loaded list, and what it says when none match. */
export interface PickerContents<List> {
  /** The grid or list; `busy` while the next filters' first page loads. */
  items: (list: List, busy: boolean) => TemplateResult;
  empty: () => TemplateResult;
}

/**
 * The grid or list of a picker as one `aria-activedescendant` widget: one tab stop whose active
 * item (`cell-3`, `option-3`) is named only while focused; type-ahead, Enter and Space, and the
 * picker's navigation keys; a press that makes its item active before focus arrives; rows
 * virtualised, their pages loaded as they come into view; and the states around them (loading,
 * empty, failed with "Try again", later pages that failed, how many items a search left).
 */
export class PickerWidget<Item, List extends PagedList<Item> = PagedList<Item>> {
  /** Index of the active item (aria-activedescendant). */
  active = 0;
  /** The widget has keyboard focus: aria-activedescendant is set only then. */
  focused = false;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: PickerWidgetOptions<Item, List>;
  readonly #typeAhead = new TypeAhead();

  constructor(
    host: ReactiveControllerHost & HTMLElement,
    options: PickerWidgetOptions<Item, List>,
  ) {
    this.#host = host;
    this.#options = options;
  }

  /** The grid or the list (virtualised: `VirtualizerHostElement`), once the items are shown. */
  get scroller(): (HTMLElement & VirtualizerHostElement) | null {
    return this.#host.shadowRoot?.querySelector('.scroller') ?? null;
  }

  /** The search box. */
  get searchBox(): HTMLInputElement | null {
    return this.#host.shadowRoot?.querySelector('input[type="search"]') ?? null;
  }

  /** Where the browser points its validation bubble, and a form's submit puts focus: the grid or list, else the search box. */
  get anchor(): HTMLElement | null {
    return this.scroller ?? this.searchBox;
  }

  /** Sets the active item and renders again. */
  setActive(index: number): void {
    this.active = index;
    this.#host.requestUpdate();
  }

  /**
   * Rows that PageUp/PageDown move by: as many as the grid or list shows whole (APG), from the
   * height of a rendered `row` (every row is as tall).
   */
  rowsInView(row: string): number {
    const box = this.scroller;
    const height = box?.querySelector<HTMLElement>(row)?.offsetHeight;
    return box && height ? Math.max(1, Math.floor(box.clientHeight / height)) : 1;
  }

  /** Empties the search box and the search (the filters are the picker's to reset). */
  clearSearch(): void {
    const box = this.searchBox;
    if (box) box.value = '';
    this.#options.catalogue.clearSearch();
  }

  // The template's listeners are arrow fields: Lit calls a listener on the element it renders
  // into, and these belong to the widget.

  /** The search box's text: searched once the user pauses typing. */
  readonly onSearch = (e: Event): void => {
    this.#options.catalogue.search((e.target as HTMLInputElement).value);
  };

  /**
   * A key of the grid or list: typing a name moves to the next item it starts (Space selects,
   * unless a name is being typed); Enter or Space selects; the navigation keys move.
   */
  readonly #onKeydown = (e: KeyboardEvent): void => {
    const options = this.#options;
    const total = options.catalogue.list?.total ?? 0;
    if (!total || options.form.isDisabled) return;
    const found = this.#typeAhead.key(e, this.active, total, options.nameAt);
    if (found !== null) {
      if (found !== undefined) options.moveTo(found);
    } else if (e.key === 'Enter' || e.key === ' ') {
      options.choose(this.active);
    } else {
      const next = options.keyTarget(e, total);
      if (next === undefined) return;
      options.moveTo(next);
    }
    // The grid or list scrolls itself through the active item, not by the browser's default.
    e.preventDefault();
  };

  readonly #onFocus = (): void => {
    this.focused = true;
    this.#host.requestUpdate();
    // The user may have scrolled the active item out of the DOM: bring it back before it is named.
    this.#options.revealActive();
  };

  readonly #onBlur = (): void => {
    this.focused = false;
    this.#host.requestUpdate();
  };

  /**
   * A press on an item makes it the active one before the widget takes focus: focus then reveals
   * the item under the pointer, not an earlier active item scrolled away (which would move the
   * items under the pointer between press and release, and the click would miss).
   */
  readonly #onPointerdown = (e: PointerEvent): void => {
    const item = (e.target as Element).closest<HTMLElement>('[data-index]');
    const index = item ? Number(item.dataset.index) : Number.NaN;
    if (!Number.isNaN(index) && !this.#options.form.isDisabled) this.setActive(index);
  };

  /** The virtualizer shows rows first..last: load the pages of the items among them. */
  readonly #onRange = (e: Event): void => {
    const { first, last } = e as Event & { first: number; last: number };
    const items = this.#options.itemsIn(first, last);
    if (items) this.#options.catalogue.ensureItems(...items);
  };

  /** "Try again" for the later pages that failed: asks each of them again. */
  readonly #onRetryPages = (): void => {
    const list = this.#options.catalogue.list;
    if (!list) return;
    // The button goes away with the error: keep the keyboard user on the items, not on <body>.
    if (this.#host.shadowRoot?.activeElement?.matches('.page-error button')) this.anchor?.focus();
    list.retryFailed();
  };

  readonly #onRetryFirstPage = (): void => this.#options.catalogue.retry();

  /** A failed request's text in the page's language, in visitor words (the proxy's own went to dh-error). */
  #visitorWords(err: unknown): string {
    const { code = '', message = '' } = (err ?? {}) as Partial<ApiRequestError>;
    return this.#options.sharedWords().error(code, message);
  }

  /** Later pages that failed, said below the items with "Try again". */
  #renderPageError(list: PagedList<Item>) {
    if (!list.failedCount) return nothing;
    const { ranges, error } = list.failures();
    const words = this.#options.words();
    const shownRanges = ranges.slice(0, 3);
    const notShown = Math.max(0, ranges.length - 3);
    const text = words.pagesFailed(words.failedItems(shownRanges, notShown));
    return renderPageError(
      `${text} ${this.#visitorWords(error)}`,
      this.#options.sharedWords().tryAgain,
      this.#onRetryPages,
    );
  }

  /**
   * The grid (`cols` given: its columns) or the list, virtualised: `rows` rendered by `render`,
   * keyed by `key`, laid out by `layout`.
   */
  renderScroller<Row>(
    busy: boolean,
    rows: Row[],
    key: (row: Row) => unknown,
    render: (row: Row) => TemplateResult,
    cols?: number,
    layout = InViewLayout,
  ) {
    const { form } = this.#options;
    const disabled = form.isDisabled;
    const role = cols ? 'grid' : 'listbox';
    // The active item is named only while focused: it is then scrolled into view, so it is in the
    // DOM. Unfocused, the user may have scrolled it away (virtualised: not rendered), and the
    // reference would point at nothing (axe aria-valid-attr-value).
    const activeId =
      this.focused && !disabled ? `${cols ? 'cell' : 'option'}-${this.active}` : nothing;
    return html`<div
      class="${role} scroller"
      part=${role}
      role=${role}
      aria-label=${this.#options.label() || this.#options.words().label}
      aria-rowcount=${cols ? rows.length : nothing}
      aria-colcount=${cols ?? nothing}
      aria-required=${cols ? nothing : this.#options.required()}
      aria-busy=${busy}
      aria-disabled=${disabled}
      aria-invalid=${form.invalidShown}
      aria-description=${form.problem || nothing}
      aria-activedescendant=${activeId}
      tabindex=${disabled ? -1 : 0}
      @keydown=${this.#onKeydown}
      @focus=${this.#onFocus}
      @blur=${this.#onBlur}
      @pointerdown=${this.#onPointerdown}
      @rangeChanged=${this.#onRange}
    >
      ${virtualize({
        items: rows,
        scroller: true,
        // Given, not defaulted (the virtualizer imports its default on first use): the layout then
        // exists as soon as the scroller renders, so it can scroll at once. `box` is its config.
        layout: { type: layout, box: () => this.scroller } as ReturnType<typeof flow>,
        keyFunction: key,
        renderItem: render,
      })}
    </div>`;
  }

  /**
   * The states around the items: loading, the items (with later pages' errors), empty, failed;
   * and after a search or a filter, how many items match (a polite live region of its own).
   */
  renderCatalogue(contents: PickerContents<List>) {
    const { catalogue } = this.#options;
    const words = this.#options.words();
    const loading = () => renderStatus(words.loadingList);
    const list = catalogue.list;
    const shown = catalogue.current;
    const announced = catalogue.listsLoaded > 1 && shown?.total ? words.results(shown.total) : '';
    return html`${catalogue.render({
      initial: loading,
      pending: () => (list?.total ? contents.items(list, true) : loading()),
      complete: (loaded) =>
        loaded.total
          ? [contents.items(loaded, false), this.#renderPageError(loaded)]
          : contents.empty(),
      error: (err) =>
        renderError(
          `${words.loadFailed} ${this.#visitorWords(err)}`,
          this.#options.sharedWords().tryAgain,
          this.#onRetryFirstPage,
        ),
    })}<p class="sr-only" role="status">${announced}</p>`;
  }
}
