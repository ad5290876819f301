/** What a {@link PagedList} is given by the picker that shows it. */
export interface PagedListOptions<Item> {
  /** Items per page: page n (from 1) holds the positions from (n − 1) × pageSize. */
  pageSize: number;
  /** Every item matching the list's filters, loaded or not (the length of `items`). */
  total: number;
  /** Page 1, already fetched: a list exists once its first page answered. */
  first: readonly Item[];
  /** Fetches a later page with the filters of this list; the signal aborts it. */
  fetchPage: (page: number, signal: AbortSignal) => Promise<readonly Item[]>;
  /** A later page landed (its items are in place): the owner's own bookkeeping. */
  onPage?: (page: number, items: readonly Item[]) => void;
  /** A page landed or failed, or failed pages are asked again: render again. */
  onChange: () => void;
}

/**
 * The items of one set of filters, by position, loaded page by page as they come into view.
 * It keeps which pages are under way (each with its own AbortController, aborted when the list
 * is replaced) and which failed (shown with "Try again", not asked again by scrolling past them).
 * A stale answer never lands: not after its request was aborted, and not once the list was
 * disposed (replaced by a newer one), whether or not `fetch` honoured the abort.
 */
export class PagedList<Item> {
  /** Every item by position; undefined until its page arrives. */
  readonly items: (Item | undefined)[];
  readonly total: number;
  readonly pageSize: number;

  /** Pages under way, by page number. */
  readonly #pending = new Map<number, AbortController>();
  /** Pages that failed, with why. */
  readonly #failed = new Map<number, unknown>();
  #disposed = false;
  readonly #options: PagedListOptions<Item>;

  constructor(options: PagedListOptions<Item>) {
    this.#options = options;
    this.total = options.total;
    this.pageSize = options.pageSize;
    this.items = new Array<Item | undefined>(options.total).fill(undefined);
    this.#place(0, options.first);
  }

  /** Puts a page's items in their places from `start`, none past the total. */
  #place(start: number, items: readonly Item[]): void {
    for (let k = 0; k < items.length && start + k < this.total; k++)
      this.items[start + k] = items[k];
  }

  /** The page (from 1) that holds a position. */
  pageOf(index: number): number {
    return Math.floor(index / this.pageSize) + 1;
  }

  /** The page of this position failed (its placeholder says "Not loaded"). */
  isFailed(index: number): boolean {
    return this.#failed.has(this.pageOf(index));
  }

  /** How many pages failed and wait for "Try again". */
  get failedCount(): number {
    return this.#failed.size;
  }

  /**
   * The pages that failed, in order, as the positions (from 1) of their items (`[61, 120]`), and
   * why the last one failed: the picker says "Faces 61–120 could not be loaded. <why>".
   */
  failures(): { ranges: [number, number][]; error: unknown } {
    const pages = [...this.#failed.keys()].sort((a, b) => a - b);
    return {
      ranges: pages.map((p): [number, number] => [
        (p - 1) * this.pageSize + 1,
        Math.min(this.total, p * this.pageSize),
      ]),
      error: this.#failed.get(pages[pages.length - 1]!),
    };
  }

  /** Loads the pages behind positions first..last, once each; a page that failed waits for "Try again". */
  loadRange(first: number, last: number): void {
    const from = this.pageOf(Math.max(0, first));
    const to = this.pageOf(Math.min(this.total - 1, last));
    for (let page = from; page <= to; page++) {
      if (!this.#failed.has(page)) this.load(page);
    }
  }

  /** Fetches one page, unless it is loaded or under way. */
  load(page: number): void {
    const start = (page - 1) * this.pageSize;
    if (this.#disposed || this.#pending.has(page) || this.items[start] !== undefined) return;
    const abort = new AbortController();
    this.#pending.set(page, abort);
    const stale = () => abort.signal.aborted || this.#disposed;
    this.#options
      .fetchPage(page, abort.signal)
      .then((items) => {
        if (stale()) return;
        this.#place(start, items);
        this.placed(start, items);
        this.#options.onPage?.(page, items);
        this.#options.onChange();
      })
      .catch((err: unknown) => {
        if (stale()) return;
        // Nothing is lost silently: the page says it failed, with a retry.
        this.#failed.set(page, err);
        this.#options.onChange();
      })
      .finally(() => {
        if (this.#pending.get(page) === abort) this.#pending.delete(page);
      });
  }

  /** "Try again" for every page that failed. */
  retryFailed(): void {
    const pages = [...this.#failed.keys()];
    this.#failed.clear();
    for (const page of pages) this.load(page);
    this.#options.onChange();
  }

  /** Asks the page of a position again if it failed; false when it had not failed. */
  retryPageOf(index: number): boolean {
    const page = this.pageOf(index);
    if (!this.#failed.delete(page)) return false;
    this.load(page);
    this.#options.onChange();
    return true;
  }

  /**
   * Aborts the pages under way. The list stays usable: new filters are loading while it is still
   * shown, or the element was disconnected and may come back (its pages are then asked again).
   */
  abortAll(): void {
    for (const c of this.#pending.values()) c.abort();
    this.#pending.clear();
  }

  /** The list was replaced: its pages are aborted, and nothing lands in it or loads any more. */
  dispose(): void {
    this.#disposed = true;
    this.abortAll();
  }

  /** A later page's items were put in place from `start`: for a subclass that indexes them. */
  protected placed(_start: number, _items: readonly Item[]): void {}
}
