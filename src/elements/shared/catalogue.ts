import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Task, TaskStatus } from '@lit/task';
import { ApiRequestError } from '../../api/errors.js';
import { fail } from './events.js';
import type { PagedList } from './paged-list.js';

/** A pause in typing this long sends the search (one request per search, not one per key). */
const SEARCH_DEBOUNCE_MS = 200;

/** How a picker's catalogue is asked for; `Args` are the values its first page depends on. */
export interface CatalogueOptions<Args extends readonly unknown[], List> {
  /** The values the list depends on (the endpoint, the filters, the search): a change asks again. */
  args: () => Args;
  /** The list for these values, with its first page loaded; the signal aborts it. */
  loadFirst: (args: Args, signal: AbortSignal) => Promise<List>;
  /** A new list arrived (only the newest run's, never a superseded one). */
  onList?: (list: List) => void;
}

/** What a picker's widget reads of its catalogue, whatever the filters it is asked with. */
export interface PagedCatalogue<Item, List extends PagedList<Item>> {
  readonly list?: List;
  readonly listsLoaded: number;
  readonly current?: List;
  ensureItems(first: number, last: number): void;
  retry(): void;
  search(text: string): void;
  clearSearch(): void;
  render(states: CatalogueStates<List>): unknown;
}

/** What to draw while the first page loads, once it has arrived, or when it failed. */
export interface CatalogueStates<List> {
  initial: () => unknown;
  pending: () => unknown;
  complete: (list: List) => unknown;
  error: (err: unknown) => unknown;
}

/**
 * A catalogue the proxy pages (faces, voices): the list for the current filters, whose first page
 * a `@lit/task` fetches (a newer run aborts and drops the older) and whose later pages load as
 * they scroll into view; and the debounced search text, one of the filters.
 */
export class CatalogueController<
  Args extends readonly unknown[],
  Item,
  List extends PagedList<Item> = PagedList<Item>,
> implements ReactiveController
{
  /** The list for the current filters (the last one; kept while the next one's first page loads). */
  list?: List;
  /** Lists loaded so far: the first is not announced, each later one (a search, a filter) is. */
  listsLoaded = 0;
  /** The search text, once the user pauses typing. */
  query = '';

  readonly #host: ReactiveControllerHost & HTMLElement;
  #searchTimer?: ReturnType<typeof setTimeout>;

  /** The first page for the current filters. */
  readonly task: Task<Args, List>;

  constructor(host: ReactiveControllerHost & HTMLElement, options: CatalogueOptions<Args, List>) {
    this.#host = host;
    host.addController(this);
    this.task = new Task<Args, List>(host, {
      // The task's signal aborts the request a newer one supersedes, and Task drops a superseded
      // answer; the list is only taken in onComplete (newest run only), so a late answer that
      // ignored the abort never becomes the list whose later pages load.
      task: (args, { signal }) => {
        // New filters: the pages still coming for the old ones are of no use.
        this.list?.abortAll();
        return options.loadFirst(args, signal);
      },
      args: options.args,
      onComplete: (list) => {
        this.list?.dispose();
        this.list = list;
        this.listsLoaded++;
        options.onList?.(list);
      },
      onError: (err) => {
        this.list?.dispose();
        this.list = undefined;
        // The operator's words (the URL, what to configure) to the console and the page; the
        // visitor reads the shared text.
        if (err instanceof ApiRequestError) fail(host, err);
      },
    });
  }

  hostDisconnected(): void {
    clearTimeout(this.#searchTimer);
    this.list?.abortAll();
  }

  /** The first page of the current filters is on its way. */
  get loadingFirstPage(): boolean {
    return this.task.status === TaskStatus.PENDING;
  }

  /** The list, once the current filters' first page has arrived (undefined while it loads or failed). */
  get current(): List | undefined {
    return this.task.status === TaskStatus.COMPLETE ? this.list : undefined;
  }

  /**
   * Loads the pages behind items first..last, once each. A page that failed waits for "Try
   * again" (scrolling past it again does not hammer a failing proxy); while the first page of new
   * filters loads, the old list waits (its pages were aborted).
   */
  ensureItems(first: number, last: number): void {
    if (!this.loadingFirstPage) this.list?.loadRange(first, last);
  }

  /** The first page's states (Task.render). */
  render(states: CatalogueStates<List>): unknown {
    return this.task.render(states);
  }

  /** The first page again ("Try again" after it failed). */
  retry(): void {
    void this.task.run();
  }

  /** The search box's text changed: searched once the user pauses typing. */
  search(text: string): void {
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => {
      this.query = text.trim();
      this.#host.requestUpdate();
    }, SEARCH_DEBOUNCE_MS);
  }

  /** No search (the search box is the element's to empty). */
  clearSearch(): void {
    clearTimeout(this.#searchTimer);
    this.query = '';
    this.#host.requestUpdate();
  }
}
