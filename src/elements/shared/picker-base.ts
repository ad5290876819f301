import {
  html,
  nothing,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import { Task, TaskStatus } from '@lit/task';
import { virtualize, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { fail, type DhSelectEvent } from './events.js';
import { ApiRequestError } from '../../api/errors.js';
import { DhFormControl } from './form-control.js';
import type { PagedList } from './paged-list.js';
import type { PickerSection } from './picker-messages.js';
import { renderError, renderPageError, renderStatus } from './states.js';
import { InViewLayout } from './in-view-layout.js';
import type { flow } from '@lit-labs/virtualizer/layouts/flow.js';
import { TypeAhead } from './type-ahead.js';

/** A pause in typing this long sends the search (one request per search, not one per key). */
const SEARCH_DEBOUNCE_MS = 200;

/** The events of a picker: `dh-select` carries the chosen item. */
export type DhPickerEventMap<Item> = Omit<HTMLElementEventMap, 'dh-select'> & {
  'dh-select': DhSelectEvent<Item>;
};

/**
 * What the kit's two pickers share, over the form-control base: a catalogue the proxy pages, as
 * a list whose first page a `@lit/task` fetches for the current filters (a newer run aborts and
 * drops the older) and whose later pages load as they scroll into view; a debounced search; the
 * loading, empty and error states with "Try again"; and the focus and pointer bookkeeping of an
 * `aria-activedescendant` widget (one tab stop, the active item named only while focused).
 * A picker says how to fetch its first page (`loadFirst`, from `taskArgs`), how to render its
 * items, and how to reveal the active one.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only adds typed addEventListener overloads.
export abstract class DhPicker<
  Item,
  List extends PagedList<Item> = PagedList<Item>,
  S extends 'facePicker' | 'voicePicker' = 'facePicker' | 'voicePicker',
> extends DhFormControl<Item, S> {
  // Lit merges these with the form control's (and a picker's own with these).
  static override properties: PropertyDeclarations = {
    label: {},
    _loaded: { state: true },
    _active: { state: true },
    _focused: { state: true },
    _q: { state: true },
  };

  /** Accessible name of the grid or list; unset: the picker's own ("Face", "Voice"), in the page's language. */
  label?: string;

  /** The items for the current filters (the last list; kept while the next one's first page loads). */
  protected _loaded?: List;
  /** Index of the active item (aria-activedescendant). */
  protected _active = 0;
  /** The widget has keyboard focus: aria-activedescendant is set only then. */
  protected _focused = false;
  /** The search text, once the user pauses typing. */
  protected _q = '';
  #searchTimer?: ReturnType<typeof setTimeout>;
  /** Lists loaded so far: the first is not announced, each later one (a search, a filter) is. */
  #lists = 0;
  /** The locale the validation message was last given in. */
  #formLocale?: string;
  readonly #typeAhead = new TypeAhead();

  /** The words the shared code says, of the picker's section in its locale. */
  protected get pm(): PickerSection {
    return this.m;
  }

  /** The grid or the list (virtualised: `VirtualizerHostElement`), once the items are shown. */
  protected get scroller(): (HTMLElement & VirtualizerHostElement) | null {
    return this.renderRoot?.querySelector('.scroller') ?? null;
  }

  /** The search box. */
  get #search(): HTMLInputElement | null {
    return this.renderRoot?.querySelector('input[type="search"]') ?? null;
  }

  /** Where the browser points its validation bubble, and a form's submit puts focus: the grid or list, else the search box. */
  protected get validationAnchor(): HTMLElement | null {
    return this.scroller ?? this.#search;
  }

  /** The grid's or list's accessible name: the page's `label`, else the picker's own. */
  protected get accessibleName(): string {
    return this.label || this.pm.label;
  }

  protected get requiredMessage(): string {
    return this.pm.required;
  }

  /** The task's arguments: when one changes, the first page is fetched again. */
  protected abstract taskArgs(): readonly unknown[];
  /** The list for these arguments, with its first page loaded. */
  protected abstract loadFirst(args: readonly unknown[], signal: AbortSignal): Promise<List>;
  /** The grid or list of a loaded list; `busy` while the next filters' first page loads. */
  protected abstract renderItems(loaded: List, busy: boolean): TemplateResult;
  protected abstract renderEmpty(): TemplateResult;
  /** Brings the active item into view (it may be virtualised away), e.g. when focus comes back. */
  protected abstract revealActive(): void;
  /** A new list arrived (only the newest run's). */
  protected listLoaded(_loaded: List): void {}
  /** Makes an item the active one and brings it into view (its page is fetched if need be). */
  protected abstract moveTo(index: number): void;
  /** The user chose an item (Enter, Space, a click); on a page that failed, asks it again. */
  protected abstract readonly choose: (index: number) => void;
  /** Where a navigation key moves the active item (APG grid or listbox); undefined for another key. */
  protected abstract keyTarget(e: KeyboardEvent, total: number): number | undefined;
  /** An item's name folded for type-ahead; undefined until its page is loaded. */
  protected abstract nameAt(index: number): string | undefined;
  /** The items among the virtualizer's rows first..last, whose pages are loaded. */
  protected abstract itemsIn(first: number, last: number): [number, number] | undefined;

  /** The first page for the current filters; later pages load as they come into view. */
  protected readonly _task = new Task<readonly unknown[], List>(this, {
    // The task's signal aborts the request a newer one supersedes, and Task drops a superseded
    // answer; the list is only taken in onComplete (newest run only), so a late answer that
    // ignored the abort never becomes the list whose later pages load.
    task: async (args, { signal }) => {
      // New filters: the pages still coming for the old ones are of no use.
      this._loaded?.abortAll();
      return this.loadFirst(args, signal);
    },
    args: () => this.taskArgs(),
    onComplete: (loaded) => {
      this._loaded?.dispose();
      this._loaded = loaded;
      this.#lists++;
      this.listLoaded(loaded);
    },
    onError: (err) => {
      this._loaded?.dispose();
      this._loaded = undefined;
      // The operator's words (the URL, what to configure) to the console and the page; the visitor reads the shared text.
      if (err instanceof ApiRequestError) fail(this, err);
    },
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#searchTimer);
    this._loaded?.abortAll();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // The validation message in the new language (the browser keeps the text it was given), and
    // its anchor, the grid or list (where a form's submit puts focus), which comes with the items.
    if (this.currentLocale !== this.#formLocale || (changed as PropertyValues).has('_loaded')) {
      this.#formLocale = this.currentLocale;
      this.syncForm();
    }
  }

  /**
   * Loads the pages behind items first..last, once each. A page that failed waits for "Try
   * again" (scrolling past it again does not hammer a failing proxy); while the first page of new
   * filters loads, the old list waits (its pages were aborted).
   */
  protected ensureItems(first: number, last: number): void {
    if (this._task.status === TaskStatus.PENDING) return;
    this._loaded?.loadRange(first, last);
  }

  /**
   * "Try again" for the later pages that failed: asks each of them again. (This and the other
   * listeners of the pickers' templates are methods, not arrow fields: Lit calls them on the element.)
   */
  protected onRetryPages(): void {
    const loaded = this._loaded;
    if (!loaded) return;
    // The button goes away with the error: keep the keyboard user on the items, not on <body>.
    if (this.shadowRoot?.activeElement?.matches('.page-error button'))
      this.validationAnchor?.focus();
    loaded.retryFailed();
  }

  /**
   * A key of the grid or list: typing a name moves to the next item it starts (Space selects,
   * unless a name is being typed); Enter or Space selects; the navigation keys move.
   */
  protected onKeydown(e: KeyboardEvent): void {
    const total = this._loaded?.total ?? 0;
    if (!total || this.isDisabled) return;
    const found = this.#typeAhead.key(e, this._active, total, (i) => this.nameAt(i));
    if (found !== null) {
      if (found !== undefined) this.moveTo(found);
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.choose(this._active);
    } else {
      const next = this.keyTarget(e, total);
      if (next === undefined) return;
      this.moveTo(next);
    }
    // The grid or list scrolls itself through the active item, not by the browser's default.
    e.preventDefault();
  }

  /**
   * Rows that PageUp/PageDown move by: as many as the grid or list shows whole (APG), from the
   * height of a rendered `row` (every row is as tall).
   */
  protected rowsInView(row: string): number {
    const box = this.scroller;
    const height = box?.querySelector<HTMLElement>(row)?.offsetHeight;
    return box && height ? Math.max(1, Math.floor(box.clientHeight / height)) : 1;
  }

  /** The virtualizer shows rows first..last: load the pages of the items among them. */
  protected onRange(e: Event): void {
    const { first, last } = e as Event & { first: number; last: number };
    const items = this.itemsIn(first, last);
    if (items) this.ensureItems(...items);
  }

  protected onSearch(e: Event): void {
    const q = (e.target as HTMLInputElement).value.trim();
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => (this._q = q), SEARCH_DEBOUNCE_MS);
  }

  /** Empties the search box and the search (the filters are the picker's to reset). */
  protected clearSearch(): void {
    clearTimeout(this.#searchTimer);
    const search = this.#search;
    if (search) search.value = '';
    this._q = '';
  }

  protected onFocus(): void {
    this._focused = true;
    // The user may have scrolled the active item out of the DOM: bring it back before it is named.
    this.revealActive();
  }
  protected onBlur(): void {
    this._focused = false;
  }

  /**
   * A press on an item makes it the active one before the widget takes focus: focus then reveals
   * the item under the pointer, not an earlier active item scrolled away (which would move the
   * items under the pointer between press and release, and the click would miss).
   */
  protected onPointerdown(e: PointerEvent): void {
    const item = (e.target as Element).closest<HTMLElement>('[data-index]');
    const index = item ? Number(item.dataset.index) : NaN;
    if (!Number.isNaN(index) && !this.isDisabled) this._active = index;
  }

  /** A failed request's text in the page's language, in visitor words (the proxy's own went to dh-error). */
  #why(err: unknown): string {
    const { code = '', message = '' } = (err ?? {}) as Partial<ApiRequestError>;
    return this.shared.error(code, message);
  }

  /** Later pages that failed, said below the items with "Try again". */
  #pageError(loaded: List) {
    if (!loaded.failedCount) return nothing;
    const { ranges, error } = loaded.failures();
    const m = this.pm;
    const text = m.pagesFailed(m.failedItems(ranges.slice(0, 3), Math.max(0, ranges.length - 3)));
    return renderPageError(`${text} ${this.#why(error)}`, this.shared.tryAgain, this.onRetryPages);
  }

  /**
   * The grid (`cols` given: its columns) or the list: one tab stop whose active item
   * (`cell-3`, `option-3`) is named only while focused, with its rows virtualised.
   */
  protected renderScroller<Row>(
    busy: boolean,
    rows: Row[],
    key: (row: Row) => unknown,
    render: (row: Row) => TemplateResult,
    cols?: number,
    layout = InViewLayout,
  ) {
    const disabled = this.isDisabled;
    const role = cols ? 'grid' : 'listbox';
    return html`<div
      class="${role} scroller"
      part=${role}
      role=${role}
      aria-label=${this.accessibleName}
      aria-rowcount=${cols ? rows.length : nothing}
      aria-colcount=${cols ?? nothing}
      aria-required=${cols ? nothing : !!this.required}
      aria-busy=${busy}
      aria-disabled=${!!disabled}
      aria-invalid=${this.invalidShown}
      aria-description=${this.problem || nothing}
      aria-activedescendant=${
        // Only while focused: the active item is then scrolled into view, so it is in the DOM.
        // Unfocused, the user may have scrolled it away (virtualised: not rendered), and the
        // reference would point at nothing (axe aria-valid-attr-value).
        this._focused && !disabled ? `${cols ? 'cell' : 'option'}-${this._active}` : nothing
      }
      tabindex=${disabled ? -1 : 0}
      @keydown=${this.onKeydown}
      @focus=${this.onFocus}
      @blur=${this.onBlur}
      @pointerdown=${this.onPointerdown}
      @rangeChanged=${this.onRange}
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
  protected renderCatalogue() {
    const m = this.pm;
    const loading = () => renderStatus(m.loadingList);
    const done = this._task.status === TaskStatus.COMPLETE ? this._loaded : undefined;
    return html`${this._task.render({
      initial: loading,
      pending: () => (this._loaded?.total ? this.renderItems(this._loaded, true) : loading()),
      complete: (loaded) =>
        loaded.total
          ? [this.renderItems(loaded, false), this.#pageError(loaded)]
          : this.renderEmpty(),
      error: (err) =>
        renderError(
          `${m.loadFailed} ${this.#why(err)}`,
          this.shared.tryAgain,
          () => void this._task.run(),
        ),
    })}<p class="sr-only" role="status">${this.#lists > 1 && done?.total ? m.results(done.total) : ''}</p>`;
  }
}

// Typed listeners on every picker: `picker.addEventListener('dh-select', (e) => e.detail.item)`.
// biome-ignore lint/correctness/noUnusedVariables: merged into the class above.
export interface DhPicker<Item, List extends PagedList<Item> = PagedList<Item>> {
  addEventListener<K extends keyof DhPickerEventMap<Item>>(
    type: K,
    listener: (this: this, ev: DhPickerEventMap<Item>[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof DhPickerEventMap<Item>>(
    type: K,
    listener: (this: this, ev: DhPickerEventMap<Item>[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}
