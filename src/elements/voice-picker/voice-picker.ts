import { html, type PropertyDeclarations, type PropertyValues } from 'lit';
import { voicesListSchema, type VoiceItem, type VoicesList } from '../../api/answers.js';
import { CatalogueController } from '../shared/catalogue.js';
import { DEFAULT_ENDPOINT, ProxyEndpoint } from '../shared/endpoint.js';
import { FormControlController } from '../shared/form-control.js';
import { LocalizeController, LocalizedElement } from '../localized.js';
import type { PickerEventMap } from '../shared/events.js';
import { PickerWidget } from '../shared/picker-widget.js';
import { renderStatus } from '../shared/states.js';
import { pickerStyles } from '../shared/picker.styles.js';
import { srOnly } from '../shared/sr-only.styles.js';
import { styles } from './voice-picker.styles.js';
import { describeFilters, renderVoiceFilters, SeenVoices } from './voice-filters.js';
import { VoiceList, type Row } from './voice-list.js';
import { gridTarget } from '../shared/grid-keys.js';
import { renderRow, scrollToActive, type RowState } from './voice-option.js';
import { define } from '../shared/define.js';
import { voicePickerMessages } from './messages.js';
import { pickerSharedMessages } from '../shared/picker-messages.js';

/** The values a list is asked with (its later pages are asked with the same): a change asks again. */
type Filters = readonly [
  endpoint: string,
  provider: string,
  voiceLocale: string,
  gender: string,
  streaming: boolean,
  query: string,
];

/** The proxy's query for a list's filters. */
type VoiceQuery = Record<string, string | undefined>;

/** Says once per page that the voice picker's `locale` has a new name. */
let localeDeprecationSaid = false;

/** Voices asked of the proxy per request (its maximum is 500). */
const PAGE_SIZE = 100;

/**
 * A voice picker for a head's text-to-speech voice: a searchable, filterable list of the
 * platform's voices grouped by language, that behaves like a native form control. It shows each
 * voice's `displayName`, but its value is always the `voiceId`: that is what the platform takes
 * as `ttsVoice` (a display name sent as `ttsVoice` is an error there). With `streaming`, only the
 * streaming TTS provider's voices are offered, so a streaming head cannot get a voice that
 * breaks it. Pages of 100 voices are fetched from the proxy as they scroll into view, and the list
 * is virtualised: 10,000 voices keep well under 300 nodes in the DOM. Until its page arrives, a
 * voice is a "Loading…" placeholder that still counts in aria-setsize/aria-posinset.
 *
 * Keyboard (APG listbox): one tab stop; Up/Down, PageUp/PageDown (a view of options), Home/End
 * (also onto voices not loaded yet: their page is fetched), type-ahead among the loaded voices;
 * Enter or Space selects.
 *
 * Its own words follow `lang` (the element's, else the nearest ancestor's, else the document's);
 * `voice-locale` filters the voices. (`locale`, the filter's old name, still filters, and says
 * in the console that it is deprecated.)
 *
 * @element dh-voice-picker
 *
 * @fires input - The user chose another voice, or `streaming` dropped one it cannot offer.
 * @fires change - The user chose another voice, or `streaming` dropped one it cannot offer (`validationMessage` says why).
 * @fires {VoiceSelectDetail} dh-select - A voice was chosen (also when it was already the value); `detail.item` is the whole voice.
 * @fires {DhErrorDetail} dh-error - The list could not load (`detail.code`, and the proxy's or the browser's words for the operator, also in the console); the element says it in visitor words, with Try again.
 *
 * @csspart search - The search box.
 * @csspart filters - The provider, language and gender filters.
 * @csspart note - The streaming note ("Streaming avatars support only the … voices").
 * @csspart listbox - The scrolling list.
 * @csspart group - A language's header in the list (not an option).
 * @csspart option - One voice.
 * @csspart status - Loading and empty messages.
 * @csspart error - The error message and its retry button (also for a later page that failed).
 *
 * @cssprop [--dh-voice-picker-height=320px] - Height of the list.
 * @cssprop [--dh-picker-accent=#2563eb] - Selection and focus colour.
 * @cssprop [--dh-picker-radius=10px] - Corner radius.
 * @cssprop [--dh-picker-border=1px solid …] - Borders.
 * @cssprop [--dh-picker-font=system-ui, sans-serif] - Font.
 * @cssprop [--dh-picker-error-color=#b91c1c] - Error text.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only adds typed listener overloads.
export class DhVoicePicker extends LocalizedElement<'voicePicker'> {
  static override styles = [srOnly, pickerStyles, styles];
  protected readonly localize = new LocalizeController(this, {
    section: 'voicePicker',
    english: voicePickerMessages,
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
    provider: {},
    voiceLocale: { attribute: 'voice-locale' },
    locale: {},
    gender: {},
    streaming: { type: Boolean },
  };

  /** Name under which the value is submitted. */
  name = '';
  /** The chosen voice's `voiceId` (what the platform takes as `ttsVoice`); empty when nothing is chosen. */
  value = '';
  /** A voice is needed before the form submits. */
  required = false;
  /** Not focusable, not submitted, not changeable. */
  disabled = false;
  /** Accessible name of the list; unset: "Voice", in the page's language. */
  label?: string;
  /** Base URL of the proxy routes. */
  endpoint = DEFAULT_ENDPOINT;
  /** Extra request headers, for a proxy that needs the site's own auth (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
  /** Only this provider's voices (e.g. `azure`); empty for all. Ignored with `streaming`. */
  provider = '';
  /** Only the voices of this locale (`en-GB`), or of every locale of a language (`en`); empty for all. */
  voiceLocale = '';
  /**
   * The voice filter's old name: use `voice-locale` (`voiceLocale`). It still filters, and says so
   * once in the console; it is not the picker's language (that is `lang`'s).
   * @deprecated Use `voice-locale` (`voiceLocale`).
   */
  declare locale?: string;
  /** `FEMALE`, `MALE`, or empty for all. */
  gender: '' | 'MALE' | 'FEMALE' = '';
  /** Only the voices a streaming head can use (the streaming TTS provider's, as the proxy knows it). */
  streaming = false;

  readonly #proxy = new ProxyEndpoint(this);
  readonly #form: FormControlController<VoiceItem> = new FormControlController(this, {
    requiredMessage: () => this.m.required,
    anchor: () => this.#widget.anchor,
  });
  readonly #catalogue: CatalogueController<Filters, VoiceItem, VoiceList> = new CatalogueController(
    this,
    {
      args: (): Filters => [
        this.endpoint,
        this.provider,
        this.voiceLocale,
        this.gender,
        this.streaming,
        this.#catalogue.query,
      ],
      loadFirst: (filters, signal) => this.#loadFirst(filters, signal),
      onList: (list) => this.#onList(list),
    },
  );
  readonly #widget: PickerWidget<VoiceItem, VoiceList> = new PickerWidget(this, {
    catalogue: this.#catalogue,
    form: this.#form,
    words: () => this.m,
    sharedWords: () => this.shared,
    label: () => this.label,
    required: () => this.required,
    nameAt: (index) => this.#catalogue.list?.folded[index],
    keyTarget: (e, total) => this.#keyTarget(e, total),
    moveTo: (index) => this.#moveTo(index),
    choose: (index) => this.#choose(index),
    revealActive: () => this.#revealActive(),
    itemsIn: (firstRow, lastRow) => this.#catalogue.list?.optionsIn(firstRow, lastRow),
  });

  /** The voice the user chose last (its provider decides whether a streaming list keeps it). */
  #chosen?: VoiceItem;
  /** What the filter selects offer: everything seen since the endpoint was set. */
  #seen = new SeenVoices();
  /** Set in willUpdate, done in updated: scroll the active option into view (so it is rendered). */
  #reveal: 'no' | 'now' | 'after-layout' = 'no';
  /** The page the keyboard moved onto before it was loaded: scrolled to again when it arrives. */
  #revealPage = 0;
  /** The list the active option was last placed in. */
  #placedIn?: VoiceList;

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
  /** As checkValidity, and the browser shows why at the list (which takes focus). */
  reportValidity(): boolean {
    return this.#form.reportValidity();
  }
  /** Focuses the list, the picker's one tab stop (a label, a form's error summary). */
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

  async #loadFirst(filters: Filters, signal: AbortSignal): Promise<VoiceList> {
    const [endpoint, provider, voiceLocale, gender, streaming, query] = filters;
    // (An empty value is no filter: routeUrl leaves it out.)
    const search = { locale: voiceLocale, gender, q: query };
    // The proxy knows the streaming provider (DH_STREAMING_TTS_PROVIDER): ask it, don't guess.
    const voiceQuery: VoiceQuery = streaming
      ? { streaming: 'true', ...search }
      : { provider, ...search };
    const first = await this.#fetchPage(endpoint, voiceQuery, 1, signal);
    const options = {
      pageSize: PAGE_SIZE,
      total: first.total,
      first: first.items,
      // Later pages are asked with the filters of their list.
      fetchPage: async (page: number, signal: AbortSignal) =>
        (await this.#fetchPage(endpoint, voiceQuery, page, signal)).items,
      onPage: this.#onPage,
      onChange: () => this.requestUpdate(),
    };
    return new VoiceList(options, first.streamingProvider);
  }

  #onList(list: VoiceList): void {
    this.#seen.remember(list.items);
    // A streaming head can use only the streaming provider's voices: one of another provider,
    // chosen before `streaming` was set, is dropped and said why, not kept to fail at the platform.
    const chosen = this.#chosen;
    if (
      this.streaming &&
      chosen?.voiceId === this.value &&
      chosen.provider !== list.streamingProvider
    ) {
      this.#form.drop(this.m.streamingOnly(list.streamingProvider));
    }
  }

  #fetchPage(
    endpoint: string,
    voiceQuery: VoiceQuery,
    page: number,
    signal: AbortSignal,
  ): Promise<VoicesList> {
    return this.#proxy.requestJson('/voices', voicesListSchema, {
      endpoint,
      query: { ...voiceQuery, page, take: PAGE_SIZE },
      signal,
    });
  }

  /** A later page of the current list landed (its voices and rows are in place). */
  #onPage = (page: number, voices: readonly VoiceItem[]): void => {
    this.#seen.remember(voices);
    // The keyboard moved onto this page before it arrived: keep the active option in view
    // (a header the page brings may have pushed it down).
    if (this.#revealPage === page) {
      this.#revealPage = 0;
      // New rows are laid out a frame later; the same rows are re-rendered at once.
      const list = this.#catalogue.list;
      if (list?.pageOf(this.#widget.active) === page)
        this.#reveal = list.rowsMoved ? 'after-layout' : 'now';
    }
  };

  /** Enter or Space on an option of a failed page asks that page again. */
  #retryPageOf(index: number): boolean {
    const list = this.#catalogue.list;
    if (!list?.retryPageOf(index)) return false;
    this.#revealPage = list.pageOf(index);
    return true;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('locale') && this.locale !== undefined) {
      this.#followOldLocaleName(this.locale);
      // Taken as the filter, it is not the picker's language: that comes from `lang` alone.
      this.locale = undefined;
    }
    if (changed.has('endpoint')) this.#seen = new SeenVoices();
    const list = this.#catalogue.list;
    if (list && list !== this.#placedIn) {
      // A new list: the selected voice if it is in it (its first page), else the first one.
      this.#placedIn = list;
      this.#widget.active = list.indexOf.get(this.value) ?? 0;
      this.#revealPage = 0;
      this.#reveal = 'after-layout';
    } else if (changed.has('value') && list) {
      const index = list.indexOf.get(this.value);
      if (index !== undefined) {
        this.#widget.active = index;
        if (this.#reveal === 'no') this.#reveal = 'now';
      }
    }
  }

  /**
   * The deprecated `locale` attribute is taken as the filter as it arrives, before any update:
   * never as the picker's language, not even for its first render.
   */
  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'locale') this.#followOldLocaleName(value ?? '');
    else super.attributeChangedCallback(name, old, value);
  }

  /** `locale`, the filter's name before `voice-locale`: still filters, and says its new name once. */
  #followOldLocaleName(filter: string): void {
    if (!localeDeprecationSaid) {
      localeDeprecationSaid = true;
      console.warn(
        'dh-kit <dh-voice-picker>: locale is deprecated; use voice-locale (voiceLocale).',
      );
    }
    this.voiceLocale = filter;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.#reveal !== 'no') {
      this.#revealActive(this.#reveal === 'after-layout');
      this.#reveal = 'no';
    }
  }

  /** Scrolls the active option into view (it may be virtualised away), after the next layout if asked. */
  #revealActive(afterLayout = false): void {
    void scrollToActive(
      () => ({
        box: this.#widget.scroller,
        loaded: this.#catalogue.list,
        active: this.#widget.active,
      }),
      afterLayout,
    );
  }

  /**
   * Makes an option the active one and scrolls it into view. An option whose page is not loaded
   * yet is a placeholder: its page is fetched, and it is scrolled into view again when it arrives.
   */
  #moveTo(index: number): void {
    const list = this.#catalogue.list;
    if (!list?.total) return;
    const active = Math.max(0, Math.min(list.total - 1, index));
    this.#widget.setActive(active);
    if (list.items[active] === undefined) {
      this.#revealPage = list.pageOf(active);
      this.#catalogue.ensureItems(active, active);
    }
    this.#revealActive();
  }

  #choose = (index: number): void => {
    if (this.#form.isDisabled || this.#retryPageOf(index)) return;
    const voice = this.#catalogue.list?.items[index];
    if (!voice) return;
    this.#widget.setActive(index);
    this.#chosen = voice;
    // The value is the voiceId, never the display name (spec: ttsVoice takes the id).
    this.#form.select(voice.voiceId, voice);
  };

  #keyTarget(e: KeyboardEvent, total: number): number | undefined {
    // A list is a grid of one column whose Home and End go to its ends (APG listbox); Left and
    // Right do nothing in it.
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') return undefined;
    return gridTarget(e.key, true, {
      active: this.#widget.active,
      cols: 1,
      total,
      pageRows: this.#widget.rowsInView('.option'),
    });
  }

  #onOptionClick = (e: Event): void => {
    const index = Number((e.currentTarget as HTMLElement).dataset.index);
    this.#choose(index);
  };

  // The template's listeners are methods, not arrow fields: Lit calls them on this element.
  #onProvider(e: Event): void {
    this.provider = (e.target as HTMLSelectElement).value;
  }
  #onVoiceLocale(e: Event): void {
    this.voiceLocale = (e.target as HTMLSelectElement).value;
  }
  #onGender(e: Event): void {
    this.gender = (e.target as HTMLSelectElement).value as DhVoicePicker['gender'];
  }

  #onClearFilters(): void {
    this.#widget.clearSearch();
    this.provider = '';
    this.voiceLocale = '';
    this.gender = '';
  }

  protected override render() {
    return html`
      ${renderVoiceFilters(this.#seen, {
        provider: this.provider,
        locale: this.voiceLocale,
        gender: this.gender,
        streaming: this.streaming,
        disabled: this.#form.isDisabled,
        streamingProvider: this.#catalogue.list?.streamingProvider,
        onSearch: this.#widget.onSearch,
        onProvider: this.#onProvider,
        onLocale: this.#onVoiceLocale,
        onGender: this.#onGender,
        m: this.m,
        uiLocale: this.currentLocale,
      })}
      ${this.#widget.renderCatalogue({
        items: (list, busy) => this.#renderItems(list, busy),
        empty: () => this.#renderEmpty(),
      })}
    `;
  }

  /** Says which filters left nothing, so the user knows what to widen. */
  #renderEmpty() {
    const { provider, voiceLocale, gender, streaming, m } = this;
    const filters = describeFilters(this.#seen, {
      q: this.#catalogue.query,
      provider,
      locale: voiceLocale,
      gender,
      streaming,
      m,
      uiLocale: this.currentLocale,
    });
    const among = streaming ? this.#catalogue.list?.streamingProvider : undefined;
    return renderStatus(
      filters.length
        ? html`${m.noMatch(filters, among)} ${m.widen}
            <button type="button" @click=${this.#onClearFilters}>${m.clearFilters}</button>`
        : m.noVoices(among),
    );
  }

  /** What an option's template needs, read as each row renders (the virtualizer renders rows on scroll too). */
  #rowState(): RowState {
    return {
      value: this.value,
      active: this.#widget.active,
      onClick: this.#onOptionClick,
      m: this.m,
      locale: this.currentLocale,
    };
  }

  #renderItems(list: VoiceList, busy: boolean) {
    return this.#widget.renderScroller(
      busy,
      list.rows,
      // By option, not by row: a header arriving above keeps the options' DOM.
      (row: Row) => ('group' in row ? `group-${row.before}` : row.option),
      (row: Row) => renderRow(list, row, this.#rowState()),
    );
  }
}

// Typed listeners: `picker.addEventListener('dh-select', (e) => e.detail.item)` is a VoiceItem.
export interface DhVoicePicker {
  addEventListener<K extends keyof DhVoicePickerEventMap>(
    type: K,
    listener: (this: this, ev: DhVoicePickerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof DhVoicePickerEventMap>(
    type: K,
    listener: (this: this, ev: DhVoicePickerEventMap[K]) => unknown,
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

define('dh-voice-picker', DhVoicePicker);

/** The events of `<dh-voice-picker>`: `dh-select` carries a VoiceItem. */
export type DhVoicePickerEventMap = PickerEventMap<VoiceItem>;

declare global {
  interface HTMLElementTagNameMap {
    'dh-voice-picker': DhVoicePicker;
  }
  // 'dh-select' goes in GlobalEventHandlersEventMap once, in shared/events.ts: both pickers fire it.
}
