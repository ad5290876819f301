import { html, type PropertyDeclarations, type PropertyValues } from 'lit';
import { requestJson } from '../../api/client.js';
import { voicesListSchema, type VoiceItem, type VoicesList } from '../../api/answers.js';
import { DhPicker, type DhPickerEventMap } from '../shared/picker-base.js';
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

/** The filters a list was asked with: its later pages are asked with the same. */
type Query = { endpoint: string; params: Record<string, string | boolean | undefined> };

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
export class DhVoicePicker extends DhPicker<VoiceItem, VoiceList, 'voicePicker'> {
  protected readonly section = 'voicePicker';
  protected readonly english = voicePickerMessages;
  static override styles = [srOnly, pickerStyles, styles];

  // Reactive properties are declared statically rather than with decorators: no decorator
  // helpers in the shipped modules (smaller, and nothing for a site's compiler to lower).
  static override properties: PropertyDeclarations = {
    provider: {},
    locale: {},
    gender: {},
    streaming: { type: Boolean },
  };

  /** Only this provider's voices (e.g. `azure`); empty for all. Ignored with `streaming`. */
  provider = '';
  /**
   * Only this locale (`en-GB`), or every locale of a language (`en`); empty for all. (Here
   * `locale` filters the voices: the picker's own language comes from `lang`.)
   */
  override locale = '';

  protected override get localeProperty(): undefined {
    return undefined;
  }
  /** `FEMALE`, `MALE`, or empty for all. */
  gender: '' | 'MALE' | 'FEMALE' = '';
  /** Only the voices a streaming head can use (the streaming TTS provider's, as the proxy knows it). */
  streaming = false;

  /** The voice the user chose last (its provider decides whether a streaming list keeps it). */
  #chosen?: VoiceItem;
  /** What the filter selects offer: everything seen since the endpoint was set. */
  #seen = new SeenVoices();
  /** Set in willUpdate, done in updated: scroll the active option into view (so it is rendered). */
  #reveal: 'no' | 'now' | 'after-layout' = 'no';
  /** The page the keyboard moved onto before it was loaded: scrolled to again when it arrives. */
  #revealPage = 0;

  protected taskArgs() {
    return [
      this.endpoint,
      this.provider,
      this.locale,
      this.gender,
      this.streaming,
      this._q,
    ] as const;
  }

  protected async loadFirst(
    [endpoint, provider, locale, gender, streaming, q]: readonly unknown[],
    signal: AbortSignal,
  ): Promise<VoiceList> {
    // The proxy knows the streaming provider (DH_STREAMING_TTS_PROVIDER): ask it, don't guess.
    const params = (
      streaming ? { streaming: 'true', locale, gender, q } : { provider, locale, gender, q }
    ) as Query['params'];
    const query: Query = { endpoint: endpoint as string, params };
    const first = await this.#fetchPage(query, 1, signal);
    const options = {
      pageSize: PAGE_SIZE,
      total: first.total,
      first: first.items,
      // Later pages are asked with the filters of their list.
      fetchPage: async (page: number, signal: AbortSignal) =>
        (await this.#fetchPage(query, page, signal)).items,
      onPage: this.#onPage,
      onChange: () => this.requestUpdate(),
    };
    return new VoiceList(options, first.streamingProvider);
  }

  protected override listLoaded(loaded: VoiceList): void {
    this.#seen.remember(loaded.items);
    // A streaming head can use only the streaming provider's voices: one of another provider,
    // chosen before `streaming` was set, is dropped and said why, not kept to fail at the platform.
    const chosen = this.#chosen;
    if (
      this.streaming &&
      chosen?.voiceId === this.value &&
      chosen.provider !== loaded.streamingProvider
    ) {
      this.drop(this.m.streamingOnly(loaded.streamingProvider));
    }
  }

  #fetchPage(query: Query, page: number, signal: AbortSignal): Promise<VoicesList> {
    return requestJson(query.endpoint, '/voices', voicesListSchema, {
      query: { ...query.params, page, take: PAGE_SIZE },
      signal,
      headers: this.headers,
      credentials: this.credentials,
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
      if (this._loaded?.pageOf(this._active) === page)
        this.#reveal = this._loaded.rowsMoved ? 'after-layout' : 'now';
    }
  };

  /** Enter or Space on an option of a failed page asks that page again. */
  #retryPageOf(index: number): boolean {
    const loaded = this._loaded;
    if (!loaded?.retryPageOf(index)) return false;
    this.#revealPage = loaded.pageOf(index);
    return true;
  }

  /** The options among rows first..last (a header counts as the option after it). */
  protected itemsIn(first: number, last: number): [number, number] | undefined {
    return this._loaded?.optionsIn(first, last);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('endpoint')) this.#seen = new SeenVoices();
    const loaded = this._loaded;
    if (changed.has('_loaded' as keyof DhVoicePicker) && loaded) {
      // A new list: the selected voice if it is in it (its first page), else the first one.
      this._active = loaded.indexOf.get(this.value) ?? 0;
      this.#revealPage = 0;
      this.#reveal = 'after-layout';
    } else if (changed.has('value') && loaded) {
      const index = loaded.indexOf.get(this.value);
      if (index !== undefined) {
        this._active = index;
        if (this.#reveal === 'no') this.#reveal = 'now';
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.#reveal !== 'no') {
      this.revealActive(this.#reveal === 'after-layout');
      this.#reveal = 'no';
    }
  }

  /** Scrolls the active option into view (it may be virtualised away), after the next layout if asked. */
  protected revealActive(afterLayout = false): void {
    void scrollToActive(
      () => ({ box: this.scroller, loaded: this._loaded, active: this._active }),
      afterLayout,
    );
  }

  /**
   * Makes an option the active one and scrolls it into view. An option whose page is not loaded
   * yet is a placeholder: its page is fetched, and it is scrolled into view again when it arrives.
   */
  protected moveTo(index: number): void {
    const loaded = this._loaded;
    if (!loaded?.total) return;
    this._active = Math.max(0, Math.min(loaded.total - 1, index));
    if (loaded.items[this._active] === undefined) {
      this.#revealPage = loaded.pageOf(this._active);
      this.ensureItems(this._active, this._active);
    }
    this.revealActive();
  }

  protected readonly choose = (index: number): void => {
    if (this.isDisabled || this.#retryPageOf(index)) return;
    const voice = this._loaded?.items[index];
    if (!voice) return;
    this._active = index;
    this.#chosen = voice;
    // The value is the voiceId, never the display name (spec: ttsVoice takes the id).
    this.select(voice.voiceId, voice);
  };

  protected nameAt(index: number): string | undefined {
    return this._loaded?.folded[index];
  }

  protected keyTarget(e: KeyboardEvent, total: number): number | undefined {
    // A list is a grid of one column whose Home and End go to its ends (APG listbox); Left and
    // Right do nothing in it.
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') return undefined;
    return gridTarget(e.key, true, {
      active: this._active,
      cols: 1,
      total,
      pageRows: this.rowsInView('.option'),
    });
  }

  #onOptionClick = (e: Event): void => {
    const index = Number((e.currentTarget as HTMLElement).dataset.index);
    this.choose(index);
  };

  // The template's listeners are methods, not arrow fields: Lit calls them on this element.
  #onProvider(e: Event): void {
    this.provider = (e.target as HTMLSelectElement).value;
  }
  #onLocale(e: Event): void {
    this.locale = (e.target as HTMLSelectElement).value;
  }
  #onGender(e: Event): void {
    this.gender = (e.target as HTMLSelectElement).value as DhVoicePicker['gender'];
  }

  #onClearFilters(): void {
    this.clearSearch();
    this.provider = '';
    this.locale = '';
    this.gender = '';
  }

  protected override render() {
    return html`
      ${renderVoiceFilters(this.#seen, {
        provider: this.provider,
        locale: this.locale,
        gender: this.gender,
        streaming: this.streaming,
        disabled: this.isDisabled,
        streamingProvider: this._loaded?.streamingProvider,
        onSearch: this.onSearch,
        onProvider: this.#onProvider,
        onLocale: this.#onLocale,
        onGender: this.#onGender,
        m: this.m,
        uiLocale: this.currentLocale,
      })}
      ${this.renderCatalogue()}
    `;
  }

  /** Says which filters left nothing, so the user knows what to widen. */
  protected renderEmpty() {
    const { provider, locale, gender, streaming, m } = this;
    const filters = describeFilters(this.#seen, {
      q: this._q,
      provider,
      locale,
      gender,
      streaming,
      m,
      uiLocale: this.currentLocale,
    });
    const among = streaming ? this._loaded?.streamingProvider : undefined;
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
      active: this._active,
      onClick: this.#onOptionClick,
      m: this.m,
      locale: this.currentLocale,
    };
  }

  protected renderItems(loaded: VoiceList, busy: boolean) {
    return this.renderScroller(
      busy,
      loaded.rows,
      // By option, not by row: a header arriving above keeps the options' DOM.
      (row: Row) => ('group' in row ? `group-${row.before}` : row.option),
      (row: Row) => renderRow(loaded, row, this.#rowState()),
    );
  }
}

/** The page's own settings (trusted proxies), shared by every element of the kit. */
export { configure, type KitOptions } from '../../api/urls.js';

define('dh-voice-picker', DhVoicePicker);

/** The events of `<dh-voice-picker>`: `dh-select` carries a VoiceItem (its listeners are typed by DhPicker). */
export type DhVoicePickerEventMap = DhPickerEventMap<VoiceItem>;

// The page's own words (docs/languages.md), as every element entry exports them.
export { setMessages, LOCALES, type Catalogue, type Overrides } from '../shared/localized.js';

declare global {
  interface HTMLElementTagNameMap {
    'dh-voice-picker': DhVoicePicker;
  }
  // 'dh-select' goes in GlobalEventHandlersEventMap once, in shared/events.ts: both pickers fire it.
}
