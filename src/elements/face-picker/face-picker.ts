import { html, isServer, type PropertyDeclarations, type PropertyValues } from 'lit';
import { virtualizerRef } from '@lit-labs/virtualizer/virtualize.js';
import { mediaUrl } from '../../api/urls.js';
import { facesPageSchema, type FaceItem, type FacesPage } from '../../api/answers.js';
import { CatalogueController } from '../shared/catalogue.js';
import { DEFAULT_ENDPOINT, ProxyEndpoint } from '../shared/endpoint.js';
import { FormControlController } from '../shared/form-control.js';
import { LocalizeController, LocalizedElement } from '../localized.js';
import { PagedList } from '../shared/paged-list.js';
import type { PickerEventMap } from '../shared/events.js';
import { PickerWidget } from '../shared/picker-widget.js';
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
import { pickerSharedMessages } from '../shared/picker-messages.js';

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

/** The values a list is asked with (its later pages are asked with the same): a change asks again. */
type Filters = readonly [endpoint: string, gender: string, order: string, query: string];

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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only adds typed listener overloads.
export class DhFacePicker extends LocalizedElement<'facePicker'> {
  static override styles = [srOnly, pickerStyles, styles];
  protected readonly localize = new LocalizeController(this, {
    section: 'facePicker',
    english: facePickerMessages,
    sharedEnglish: pickerSharedMessages,
  });
  static formAssociated = true;

  static override properties: PropertyDeclarations = {
    name: { reflect: true },
    value: {},
    required: { type: Boolean, reflect: true },
    disabled: { type: Boolean, reflect: true },
    endpoint: {},
    headers: { attribute: false },
    credentials: { attribute: false },
    label: {},
    gender: { reflect: true },
    order: {},
    _hover: { state: true },
    _cols: { state: true },
  };

  /** Name under which the value is submitted. */
  name = '';
  /** The chosen face's id (a head's `headVisualId`); empty when nothing is chosen. */
  value = '';
  /** A face is needed before the form submits. */
  required = false;
  /** Not focusable, not submitted, not changeable. */
  disabled = false;
  /** Accessible name of the grid; unset: "Face", in the page's language. */
  label?: string;
  /** Base URL of the proxy routes. */
  endpoint = DEFAULT_ENDPOINT;
  /** Extra request headers, for a proxy that needs the site's own auth (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
  /** Gender filter: `MALE`, `FEMALE`, or empty for all. */
  gender: '' | 'MALE' | 'FEMALE' = '';
  /** `ASC` (default, the platform's order) or `DESC`. */
  order: 'ASC' | 'DESC' = 'ASC';

  /** The cell under the pointer, whose idle video plays (and the active one's, while the grid has focus). */
  private _hover = -1;
  /** Columns of the grid, from the element's width. */
  private _cols = 4;

  readonly #proxy = new ProxyEndpoint(this);
  readonly #form: FormControlController<FaceItem> = new FormControlController(this, {
    requiredMessage: () => this.m.required,
    anchor: () => this.#widget.anchor,
  });
  readonly #catalogue: CatalogueController<Filters, FaceItem> = new CatalogueController(this, {
    args: (): Filters => [this.endpoint, this.gender, this.order, this.#catalogue.query],
    loadFirst: (filters, signal) => this.#loadFirst(filters, signal),
    onList: (list) => {
      // A new list: the chosen face is active if it is on the first page, else the first face.
      const chosen = list.items.findIndex((face) => face?.id === this.value);
      this.#widget.setActive(Math.max(0, chosen));
    },
  });
  readonly #widget: PickerWidget<FaceItem> = new PickerWidget(this, {
    catalogue: this.#catalogue,
    form: this.#form,
    words: () => this.m,
    sharedWords: () => this.shared,
    label: () => this.label,
    required: () => this.required,
    nameAt: (index) => {
      const face = this.#catalogue.list?.items[index];
      return face && fold(face.name);
    },
    keyTarget: (e, total) =>
      gridTarget(e.key, e.ctrlKey, {
        active: this.#widget.active,
        cols: this._cols,
        total,
        pageRows: this.#widget.rowsInView('.row'),
        rtl: getComputedStyle(this).direction === 'rtl',
      }),
    moveTo: (index) => this.#moveTo(index),
    choose: (index) => this.#choose(index),
    revealActive: () => this.#revealActive(),
    itemsIn: (firstRow, lastRow) => this.#cellsIn(firstRow, lastRow),
  });

  #resize?: ResizeObserver;
  readonly #motion = isServer ? undefined : matchMedia('(prefers-reduced-motion: reduce)');
  /** The host's width, once measured (ResizeObserver, or when the first faces arrive). */
  #width = 0;

  // The form control's members, as a native control has them.

  /** The form the picker belongs to (read-only). */
  get form(): HTMLFormElement | null {
    return this.#form.form;
  }
  /** Whether the value is valid, and why not (`valueMissing`, `customError`) (read-only). */
  get validity(): ValidityState | undefined {
    return this.#form.validity;
  }
  /** Why the value is not valid, in the page's language; empty when it is (read-only). */
  get validationMessage(): string {
    return this.#form.validationMessage;
  }
  /** Whether a form validates the picker: not while it is disabled (read-only). */
  get willValidate(): boolean {
    return this.#form.willValidate;
  }
  /** Whether the value is valid; fires `invalid` when it is not. */
  checkValidity(): boolean {
    return this.#form.checkValidity();
  }
  /** As checkValidity, and the browser shows why at the grid (which takes focus). */
  reportValidity(): boolean {
    return this.#form.reportValidity();
  }
  /** Focuses the grid, the picker's one tab stop (a label, a form's error summary). */
  override focus(options?: FocusOptions): void {
    this.#form.focus(options);
  }
  formResetCallback(): void {
    this.#form.reset();
  }
  formStateRestoreCallback(state: string | File | FormData | null): void {
    this.#form.restore(state);
  }
  formDisabledCallback(disabled: boolean): void {
    this.#form.setFormDisabled(disabled);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize = new ResizeObserver(([entry]) => this.#measure(entry?.contentRect.width ?? 0));
    // The host's width is the grid's: observing it survives the grid being re-rendered.
    this.#resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize?.disconnect();
  }

  /** Columns that fit the width, each at least --dh-face-picker-cell-width wide. */
  #measure(width: number): void {
    this.#width = width;
    const cell =
      parseFloat(getComputedStyle(this).getPropertyValue('--dh-face-picker-cell-width')) ||
      MIN_CELL;
    const cols = Math.max(1, Math.floor((width + GAP) / (cell + GAP)));
    if (cols !== this._cols) this._cols = cols;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The first faces: columns measured now (unless a frame has measured them), so their grid never
    // changes shape under the user. Not at the first render: the layout it would force holds up
    // the answer, and the frame that shows it.
    if (this.#catalogue.list && !this.#width) this.#measure(this.getBoundingClientRect().width);
    // CSSOM, not a style attribute: a strict CSP allows it.
    if (changed.has('_cols' as keyof DhFacePicker))
      this.style.setProperty('--_columns', String(this._cols));
  }

  async #loadFirst(filters: Filters, signal: AbortSignal): Promise<PagedList<FaceItem>> {
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

  async #fetchPage(
    page: number,
    [endpoint, gender, order, query]: Filters,
    signal: AbortSignal,
  ): Promise<FacesPage> {
    const answer = await this.#proxy.requestJson('/faces', facesPageSchema, {
      endpoint,
      query: { page, take: PAGE_SIZE, gender: gender || undefined, order, q: query || undefined },
      signal,
    });
    // Media URLs are shown only when they are http(s) (api/urls.ts); a face with another keeps its name.
    const items = answer.items.map((face) => {
      const url = mediaUrl(face.thumbnail?.url, endpoint);
      return {
        ...face,
        thumbnail: url ? { ...face.thumbnail!, url } : null,
        videoUrl: mediaUrl(face.videoUrl, endpoint) ?? null,
      };
    });
    return { ...answer, items };
  }

  /** The cells of rows first..last. */
  #cellsIn(firstRow: number, lastRow: number): [number, number] {
    return [firstRow * this._cols, (lastRow + 1) * this._cols - 1];
  }

  /**
   * Row indices for the virtualizer. The same array while the row count stays: the virtualizer
   * then re-renders the rows in the DOM at once (a new array makes it re-layout a frame later).
   */
  #rows: number[] = [];
  #rowList(): number[] {
    const count = Math.ceil((this.#catalogue.list?.total ?? 0) / this._cols);
    if (this.#rows.length !== count) this.#rows = Array.from({ length: count }, (_, r) => r);
    return this.#rows;
  }

  // The template's listeners are methods, not arrow fields: Lit calls them on this element.
  #onGender(e: Event): void {
    this.gender = (e.target as HTMLSelectElement).value as DhFacePicker['gender'];
  }

  /** "Clear filters": no search, and every gender. */
  #onClearFilters(): void {
    this.#widget.clearSearch();
    this.gender = '';
  }

  /** The user chose a cell; on a page that failed, Enter or Space asks it again. */
  #choose = (index: number): void => {
    if (this.#form.isDisabled) return;
    const list = this.#catalogue.list;
    if (list?.retryPageOf(index)) return;
    const face = list?.items[index];
    if (!face) return;
    this.#widget.setActive(index);
    this.#form.select(face.id, face);
  };

  /** Makes a cell the active one and scrolls its row into view (so it is in the DOM). */
  #moveTo(index: number): void {
    this.#widget.setActive(index);
    this.#revealActive();
  }

  /** Scrolls the active cell's row into view and loads its page. */
  #revealActive(): void {
    const row = Math.floor(this.#widget.active / this._cols);
    this.#catalogue.ensureItems(...this.#cellsIn(row, row));
    const virtualizer = this.#widget.scroller?.[virtualizerRef];
    unpin(virtualizer);
    // The row may not be in the DOM (virtualised): the virtualizer scrolls to it by index.
    virtualizer?.element(row)?.scrollIntoView({ block: 'nearest' });
  }

  /** What a row's template needs, read as each row renders (the virtualizer renders rows on scroll too). */
  #rowState(): RowState {
    return {
      cols: this._cols,
      value: this.value,
      active: this.#widget.active,
      hover: this._hover,
      focused: this.#widget.focused,
      reducedMotion: !!this.#motion?.matches,
      onChoose: this.#choose,
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
    const disabled = this.#form.isDisabled;
    return html`
      <div class="toolbar" part="toolbar">
        <label>${m.gender}
          <select part="gender" .value=${this.gender} @change=${this.#onGender} ?disabled=${disabled}>
            <option value="">${m.allGenders}</option>
            <option value="FEMALE">${m.female}</option>
            <option value="MALE">${m.male}</option>
          </select>
        </label>
        <label>${m.name}
          <input part="search" type="search" placeholder=${m.search} @input=${this.#widget.onSearch} ?disabled=${disabled} />
        </label>
      </div>
      ${this.#widget.renderCatalogue({
        items: (list, busy) => this.#renderItems(list, busy),
        empty: () => this.#renderEmpty(),
      })}
    `;
  }

  #renderEmpty() {
    const m = this.m;
    const query = this.#catalogue.query;
    const filters = [
      query && m.byName(query),
      this.gender && (this.gender === 'FEMALE' ? m.femaleFaces : m.maleFaces),
    ].filter((f): f is string => !!f);
    return renderStatus(
      filters.length
        ? html`${m.noMatch(filters)} ${m.widen} <button type="button" @click=${this.#onClearFilters}>${m.clearFilters}</button>`
        : m.empty,
    );
  }

  #renderItems(list: PagedList<FaceItem>, busy: boolean) {
    return this.#widget.renderScroller(
      busy,
      this.#rowList(),
      (row) => row,
      (row) => renderRow(list, row, this.#rowState()),
      this._cols,
      RowLayout,
    );
  }
}

// Typed listeners: `picker.addEventListener('dh-select', (e) => e.detail.item)` is a FaceItem.
export interface DhFacePicker {
  addEventListener<K extends keyof DhFacePickerEventMap>(
    type: K,
    listener: (this: this, ev: DhFacePickerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof DhFacePickerEventMap>(
    type: K,
    listener: (this: this, ev: DhFacePickerEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

// Until the next major version: configure, setMessages and LOCALES, from their one place.
export * from '../kit-functions.js';

define('dh-face-picker', DhFacePicker);

/** The events of `<dh-face-picker>`: `dh-select` carries a FaceItem. */
export type DhFacePickerEventMap = PickerEventMap<FaceItem>;

declare global {
  interface HTMLElementTagNameMap {
    'dh-face-picker': DhFacePicker;
  }
}
