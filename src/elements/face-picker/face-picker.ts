import { html, isServer, type PropertyDeclarations, type PropertyValues } from 'lit';
import { virtualizerRef } from '@lit-labs/virtualizer/virtualize.js';
import { requestJson } from '../../api/client.js';
import { mediaUrl } from '../../api/urls.js';
import { facesPageSchema, type FaceItem, type FacesPage } from '../../api/answers.js';
import { DhPicker, type DhPickerEventMap } from '../shared/picker-base.js';
import { PagedList } from '../shared/paged-list.js';
import { renderStatus } from '../shared/states.js';
import { pickerStyles } from '../shared/picker.styles.js';
import { srOnly } from '../shared/sr-only.styles.js';
import { styles } from './face-picker.styles.js';
import { renderRow, type RowState } from './face-cell.js';
import { gridTarget } from '../shared/grid-keys.js';
import { fold } from '../../api/rules.js';
import { InViewLayout } from '../shared/in-view-layout.js';
import { unpin } from '../shared/unpin.js';
import { define } from '../shared/define.js';
import { facePickerMessages } from './messages.js';

/** Faces asked of the proxy per request (its maximum is 100). */
const PAGE_SIZE = 60;
/** Narrowest a cell may get before a column is dropped (px, with the 10 px gap). */
const MIN_CELL = 132;
const GAP = 10;
/** A row's height with the default cell width, about (px). */
const ROW_HEIGHT = 210;
/**
 * The virtualizer's flow layout, rendering rows 300 px beyond the view instead of the library's
 * 1000 (the second page is not fetched before anyone scrolls, and a row is still in the DOM before
 * it scrolls into view), and guessing rows as tall as they are, not 100 px (the first range was
 * then twice the rows needed, half of them dropped once measured).
 */
class RowLayout extends InViewLayout {
  constructor(...args: ConstructorParameters<typeof InViewLayout>) {
    super(...args);
    this._overhang = 300;
    this._itemSize = { width: 100, height: ROW_HEIGHT };
  }
}

/** The filters a list was asked with: its later pages are asked with the same. */
interface Filters {
  endpoint: string;
  gender: string;
  order: string;
  q: string;
}

/**
 * A face (head visual) picker: a grid of the platform's faces with their thumbnails, a gender
 * filter and a name search, that behaves like a native form control. Its value is the face id
 * (the `headVisualId` of a head). Pages are fetched from the proxy as the user scrolls and rows
 * are virtualised, so a catalogue of 10,000 faces stays smooth.
 *
 * @element dh-face-picker
 *
 * @fires input - The user chose another face.
 * @fires change - The user chose another face.
 * @fires {FaceSelectDetail} dh-select - A face was chosen (also when it was already the value); `detail.item` is the whole face.
 * @fires {DhErrorDetail} dh-error - The list could not load (`detail.code`, and the proxy's or the browser's words for the operator, also in the console); the element says it in visitor words, with Try again.
 *
 * @csspart toolbar - The filters above the grid.
 * @csspart search - The name search box.
 * @csspart gender - The gender filter.
 * @csspart grid - The scrolling grid.
 * @csspart cell - One face.
 * @csspart status - Loading and empty messages.
 * @csspart error - The error message and its retry button (also for a later page that failed).
 *
 * @cssprop [--dh-face-picker-height=420px] - Height of the grid.
 * @cssprop [--dh-face-picker-cell-width=132px] - Narrowest cell before a column is dropped.
 * @cssprop [--dh-picker-accent=#2563eb] - Selection colour.
 * @cssprop [--dh-picker-radius=10px] - Corner radius.
 * @cssprop [--dh-picker-border=1px solid …] - Borders.
 * @cssprop [--dh-picker-font=system-ui, sans-serif] - Font.
 * @cssprop [--dh-picker-error-color=#b91c1c] - Error text.
 */
export class DhFacePicker extends DhPicker<FaceItem, PagedList<FaceItem>, 'facePicker'> {
  protected readonly section = 'facePicker';
  protected readonly english = facePickerMessages;
  static override styles = [srOnly, pickerStyles, styles];

  // Reactive properties are declared statically rather than with decorators: no decorator
  // helpers in the shipped modules (smaller, and nothing for a site's compiler to lower).
  static override properties: PropertyDeclarations = {
    gender: { reflect: true },
    order: {},
    _hover: { state: true },
    _cols: { state: true },
  };

  /** The cell under the pointer, whose idle video plays (and the active one's, while the grid has focus). */
  private _hover = -1;
  private _cols = 4;

  /** Gender filter: `MALE`, `FEMALE`, or empty for all. */
  gender: '' | 'MALE' | 'FEMALE' = '';
  /** `ASC` (default, the platform's order) or `DESC`. */
  order: 'ASC' | 'DESC' = 'ASC';

  #resize?: ResizeObserver;
  readonly #motion = isServer ? undefined : matchMedia('(prefers-reduced-motion: reduce)');

  protected taskArgs() {
    return [this.endpoint, this.gender, this.order, this._q] as const;
  }

  protected async loadFirst(
    [endpoint, gender, order, q]: readonly unknown[],
    signal: AbortSignal,
  ): Promise<PagedList<FaceItem>> {
    const filters = { endpoint, gender, order, q } as Filters;
    const first = await this.#fetchPage(1, filters, signal);
    return new PagedList<FaceItem>({
      pageSize: PAGE_SIZE,
      total: first.total,
      first: first.items,
      // Later pages are asked with the filters of their list.
      fetchPage: async (page, signal) => (await this.#fetchPage(page, filters, signal)).items,
      onChange: () => this.requestUpdate(),
    });
  }

  protected override listLoaded(loaded: PagedList<FaceItem>): void {
    this._active = Math.max(
      0,
      loaded.items.findIndex((f) => f?.id === this.value),
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize = new ResizeObserver(([entry]) => this.#measure(entry?.contentRect.width ?? 0));
    // The host's width is the grid's: observing it survives the grid being re-rendered.
    this.#resize.observe(this);
  }

  /** The host's width, once measured (ResizeObserver, or when the first faces arrive). */
  #width = 0;

  /** Columns that fit the width, each at least --dh-face-picker-cell-width wide. */
  #measure(width: number): void {
    this.#width = width;
    const cell =
      parseFloat(getComputedStyle(this).getPropertyValue('--dh-face-picker-cell-width')) ||
      MIN_CELL;
    const cols = Math.max(1, Math.floor((width + GAP) / (cell + GAP)));
    if (cols !== this._cols) this._cols = cols;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize?.disconnect();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The first faces: columns measured now (unless a frame has measured them), so their grid never
    // changes shape under the user. Not at the first render: the layout it would force holds up
    // the answer, and the frame that shows it.
    if (this._loaded && !this.#width) this.#measure(this.getBoundingClientRect().width);
    // CSSOM, not a style attribute: a strict CSP allows it.
    if (changed.has('_cols' as keyof DhFacePicker))
      this.style.setProperty('--_c', String(this._cols));
  }

  async #fetchPage(page: number, f: Filters, signal: AbortSignal): Promise<FacesPage> {
    const answer = await requestJson(f.endpoint, '/faces', facesPageSchema, {
      query: {
        page,
        take: PAGE_SIZE,
        gender: f.gender || undefined,
        order: f.order,
        q: f.q || undefined,
      },
      signal,
      headers: this.headers,
      credentials: this.credentials,
    });
    // Media URLs are shown only when they are http(s) (api/urls.ts); a face with another keeps its name.
    const items = answer.items.map((face) => {
      const url = mediaUrl(face.thumbnail?.url, f.endpoint);
      return {
        ...face,
        thumbnail: url ? { ...face.thumbnail!, url } : null,
        videoUrl: mediaUrl(face.videoUrl, f.endpoint) ?? null,
      };
    });
    return { ...answer, items };
  }

  /** The cells of rows first..last. */
  protected itemsIn(firstRow: number, lastRow: number): [number, number] {
    return [firstRow * this._cols, (lastRow + 1) * this._cols - 1];
  }

  /**
   * Row indices for the virtualizer. The same array while the row count stays: the virtualizer
   * then re-renders the rows in the DOM at once (a new array makes it re-layout a frame later).
   */
  #rows: number[] = [];
  #rowList(): number[] {
    const count = Math.ceil((this._loaded?.total ?? 0) / this._cols);
    if (this.#rows.length !== count) this.#rows = Array.from({ length: count }, (_, r) => r);
    return this.#rows;
  }

  // The template's listeners are methods, not arrow fields: Lit calls them on this element.
  #onGender(e: Event): void {
    this.gender = (e.target as HTMLSelectElement).value as DhFacePicker['gender'];
  }

  #onClearFilters(): void {
    this.clearSearch();
    this.gender = '';
  }

  protected readonly choose = (index: number): void => {
    if (this.isDisabled) return;
    // A cell of a page that failed: Enter or Space asks the page again.
    if (this._loaded?.retryPageOf(index)) return;
    const face = this._loaded?.items[index];
    if (!face) return;
    this._active = index;
    this.select(face.id, face);
  };

  protected nameAt(index: number): string | undefined {
    const face = this._loaded?.items[index];
    return face && fold(face.name);
  }

  protected keyTarget(e: KeyboardEvent, total: number): number | undefined {
    return gridTarget(e.key, e.ctrlKey, {
      active: this._active,
      cols: this._cols,
      total,
      pageRows: this.rowsInView('.row'),
      rtl: getComputedStyle(this).direction === 'rtl',
    });
  }

  /** Makes a cell the active one and scrolls its row into view (so it is in the DOM). */
  protected moveTo(index: number): void {
    this._active = index;
    this.revealActive();
  }

  /** Scrolls the active cell's row into view and loads its page. */
  protected revealActive(): void {
    const row = Math.floor(this._active / this._cols);
    this.ensureItems(...this.itemsIn(row, row));
    const virtualizer = this.scroller?.[virtualizerRef];
    unpin(virtualizer);
    // The row may not be in the DOM (virtualised): the virtualizer scrolls to it by index.
    virtualizer?.element(row)?.scrollIntoView({ block: 'nearest' });
  }

  /** What a row's template needs, read as each row renders (the virtualizer renders rows on scroll too). */
  #rowState(): RowState {
    return {
      cols: this._cols,
      value: this.value,
      active: this._active,
      hover: this._hover,
      focused: this._focused,
      reducedMotion: !!this.#motion?.matches,
      onChoose: this.choose,
      onPointerEnter: this.#onCellEnter,
      onPointerLeave: this.#onCellLeave,
      m: this.m,
    };
  }

  #onCellEnter = (index: number): void => {
    this._hover = index;
  };
  #onCellLeave = (index: number): void => {
    if (this._hover === index) this._hover = -1;
  };

  protected override render() {
    const m = this.m;
    return html`
      <div class="toolbar" part="toolbar">
        <label>${m.gender}
          <select part="gender" .value=${this.gender} @change=${this.#onGender} ?disabled=${this.isDisabled}>
            <option value="">${m.allGenders}</option>
            <option value="FEMALE">${m.female}</option>
            <option value="MALE">${m.male}</option>
          </select>
        </label>
        <label>${m.name}
          <input part="search" type="search" placeholder=${m.search} @input=${this.onSearch} ?disabled=${this.isDisabled} />
        </label>
      </div>
      ${this.renderCatalogue()}
    `;
  }

  protected renderEmpty() {
    const m = this.m;
    const filters = [
      this._q && m.byName(this._q),
      this.gender && (this.gender === 'FEMALE' ? m.femaleFaces : m.maleFaces),
    ].filter((f): f is string => !!f);
    return renderStatus(
      filters.length
        ? html`${m.noMatch(filters)} ${m.widen} <button type="button" @click=${this.#onClearFilters}>${m.clearFilters}</button>`
        : m.empty,
    );
  }

  protected renderItems(loaded: PagedList<FaceItem>, busy: boolean) {
    return this.renderScroller(
      busy,
      this.#rowList(),
      (r) => r,
      (r) => renderRow(loaded, r, this.#rowState()),
      this._cols,
      RowLayout,
    );
  }
}

/** The page's own settings (trusted proxies), shared by every element of the kit. */
export { configure, type KitOptions } from '../../api/urls.js';

define('dh-face-picker', DhFacePicker);

/** The events of `<dh-face-picker>`: `dh-select` carries a FaceItem (its listeners are typed by DhPicker). */
export type DhFacePickerEventMap = DhPickerEventMap<FaceItem>;

// The page's own words (docs/languages.md), as every element entry exports them.
export { setMessages, LOCALES, type Catalogue, type Overrides } from '../shared/localized.js';

declare global {
  interface HTMLElementTagNameMap {
    'dh-face-picker': DhFacePicker;
  }
}
