import { html, isServer, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { virtualize, virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { flow } from '@lit-labs/virtualizer/layouts/flow.js';
import { requestJson } from '../../api/client.js';
import { voicesListSchema, type VoiceItem } from '../../api/schemas.js';
import { DhFormControl } from '../shared/form-control.js';
import { pickerStyles } from '../shared/picker.styles.js';
import { styles } from './voice-picker.styles.js';

/** A row of the virtual list: a language's header, or an option (its index among the options). */
type Row = { group: string } | { option: number };

/** One answer of GET {endpoint}/voices, ready to render. */
interface Loaded {
  items: VoiceItem[];
  rows: Row[];
  /** Row of each option (options and rows differ by the group headers). */
  rowOf: number[];
  /** Option index by voiceId. */
  indexOf: Map<string, number>;
  /** Display names folded for type-ahead. */
  folded: string[];
  streamingProvider: string;
}

/** What the filter selects offer: everything seen since the endpoint was set. */
interface Seen {
  providers: Set<string>;
  /** Language subtag (`en`) → its name and the locales seen of it. */
  languages: Map<string, { name: string; locales: Set<string> }>;
}

/** Keys typed within this time add up to one type-ahead search (APG listbox). */
const TYPEAHEAD_MS = 500;
/** A pause in typing this long sends the search (one request per search, not one per key). */
const SEARCH_DEBOUNCE_MS = 200;
/**
 * The flow layout given as a constructor (not the default, which the virtualizer imports on
 * first use): the layout then exists as soon as the listbox renders, so it can scroll at once.
 */
const LAYOUT = flow();

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const subtag = (locale: string) => locale.split('-')[0]!.toLowerCase();
const genderLabel = (g: string) => (g === 'FEMALE' ? 'Female' : g === 'MALE' ? 'Male' : g);

function toLoaded(items: VoiceItem[], streamingProvider: string): Loaded {
  const rows: Row[] = [];
  const rowOf: number[] = [];
  const indexOf = new Map<string, number>();
  let language: string | undefined;
  items.forEach((v, i) => {
    // The proxy sorts by language, locale, name: a header opens each language's run.
    if (v.language !== language) rows.push({ group: (language = v.language) });
    rowOf.push(rows.length);
    rows.push({ option: i });
    if (!indexOf.has(v.voiceId)) indexOf.set(v.voiceId, i);
  });
  return { items, rows, rowOf, indexOf, folded: items.map((v) => fold(v.displayName)), streamingProvider };
}

/**
 * A voice picker for a head's text-to-speech voice: a searchable, filterable list of the
 * platform's voices grouped by language, that behaves like a native form control. It shows each
 * voice's `displayName`, but its value is always the `voiceId`: that is what the platform takes
 * as `ttsVoice` (a display name sent as `ttsVoice` is an error there). With `streaming`, only the
 * streaming TTS provider's voices are offered, so a streaming head cannot get a voice that
 * breaks it. The list is virtualised: 10,000 voices keep well under 300 nodes in the DOM.
 *
 * Keyboard (APG listbox): one tab stop; Up/Down, Home/End, type-ahead; Enter or Space selects.
 *
 * @element dh-voice-picker
 *
 * @fires {Event} input - The user chose another voice.
 * @fires {Event} change - The user chose another voice.
 * @fires {CustomEvent<{item: VoiceItem}>} dh-select - A voice was chosen (also when it was already the value).
 *
 * @csspart search - The search box.
 * @csspart filters - The provider, language and gender filters.
 * @csspart note - The streaming note ("Streaming avatars support only the … voices").
 * @csspart listbox - The scrolling list.
 * @csspart group - A language's header in the list (not an option).
 * @csspart option - One voice.
 * @csspart status - Loading and empty messages.
 * @csspart error - The error message and its retry button.
 *
 * @cssprop [--dh-voice-picker-height=320px] - Height of the list.
 * @cssprop [--dh-picker-accent=#2563eb] - Selection and focus colour.
 * @cssprop [--dh-picker-radius=10px] - Corner radius.
 * @cssprop [--dh-picker-border=1px solid …] - Borders.
 * @cssprop [--dh-picker-font=system-ui, sans-serif] - Font.
 * @cssprop [--dh-picker-error-color=#b91c1c] - Error text.
 */
export class DhVoicePicker extends DhFormControl<VoiceItem> {
  static override styles = [pickerStyles, styles];

  protected readonly requiredMessage = 'Please choose a voice.';

  @query('[role="listbox"]') private _listbox?: (HTMLElement & VirtualizerHostElement) | null;
  @query('input[type="search"]') private _search?: HTMLInputElement | null;

  /** The voices for the current filters (the last answer; kept while the next one loads). */
  @state() private _loaded?: Loaded;
  /** Index of the active option (aria-activedescendant), among the options. */
  @state() private _active = 0;
  /** The search text, once the user pauses typing. */
  @state() private _q = '';
  /** The listbox has keyboard focus (aria-activedescendant is only set then). */
  @state() private _focused = false;

  /** Only this provider's voices (e.g. `azure`); empty for all. Ignored with `streaming`. */
  @property() provider = '';
  /** Only this locale (`en-GB`), or every locale of a language (`en`); empty for all. */
  @property() locale = '';
  /** `FEMALE`, `MALE`, or empty for all. */
  @property() gender: '' | 'MALE' | 'FEMALE' = '';
  /** Only the voices a streaming head can use (the streaming TTS provider's, as the proxy knows it). */
  @property({ type: Boolean }) streaming = false;
  /** Accessible name of the list. */
  @property() label = 'Voice';

  private _seen: Seen = { providers: new Set(), languages: new Map() };
  private _searchTimer?: ReturnType<typeof setTimeout>;
  private _typed = '';
  private _typedAt = 0;
  /** Set in willUpdate, done in updated: scroll the active option into view (so it is rendered). */
  private _reveal: 'no' | 'now' | 'after-layout' = 'no';

  protected get validationAnchor(): HTMLElement | null {
    return this._listbox ?? this._search ?? null;
  }

  private _task = new Task(this, {
    // The task's signal aborts the request a newer one supersedes, and Task drops a superseded
    // answer: a stale list never replaces a newer one.
    task: async ([endpoint, provider, locale, gender, streaming, q], { signal }) => {
      const list = await requestJson(endpoint, '/voices', voicesListSchema, {
        // The proxy knows the streaming provider (DH_STREAMING_TTS_PROVIDER): ask it, don't guess.
        query: streaming ? { streaming: 'true', locale, gender, q } : { provider, locale, gender, q },
        signal,
        headers: this.headers,
        credentials: this.credentials,
      });
      return toLoaded(list.items, list.streamingProvider);
    },
    args: () => [this.endpoint, this.provider, this.locale, this.gender, this.streaming, this._q] as const,
    // Only called for the newest run.
    onComplete: (loaded) => {
      this._remember(loaded.items);
      this._loaded = loaded;
    },
    onError: () => (this._loaded = undefined),
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this._searchTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('endpoint')) this._seen = { providers: new Set(), languages: new Map() };
    const loaded = this._loaded;
    if (changed.has('_loaded' as keyof DhVoicePicker) && loaded) {
      // A new list: the selected voice if it is in it, else the first one.
      this._active = loaded.indexOf.get(this.value) ?? 0;
      this._reveal = 'after-layout';
    } else if (changed.has('value') && loaded) {
      const index = loaded.indexOf.get(this.value);
      if (index !== undefined) {
        this._active = index;
        if (this._reveal === 'no') this._reveal = 'now';
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // The listbox (the validation bubble's anchor) comes and goes with the states.
    if (changed.has('_loaded' as keyof DhVoicePicker)) this.syncForm();
    if (this._reveal !== 'no') {
      void this._scrollToActive(this._reveal === 'after-layout');
      this._reveal = 'no';
    }
  }

  /** Adds the providers and languages of a list to the filter selects' options. */
  private _remember(items: VoiceItem[]): void {
    for (const v of items) {
      this._seen.providers.add(v.provider);
      const tag = subtag(v.locale);
      const lang = this._seen.languages.get(tag) ?? { name: v.language, locales: new Set<string>() };
      lang.locales.add(v.locale);
      this._seen.languages.set(tag, lang);
    }
  }

  /**
   * Scrolls the active option into view, so that the option aria-activedescendant names is in the
   * DOM. After a new list, the virtualizer takes its items a little after the render: wait for it.
   */
  private async _scrollToActive(afterLayout: boolean): Promise<void> {
    const box = this._listbox;
    const virtualizer = box?.[virtualizerRef];
    if (!box || !virtualizer) return;
    if (afterLayout) {
      try {
        await virtualizer.layoutComplete;
      } catch {
        return; // disconnected meanwhile
      }
    }
    const loaded = this._loaded;
    if (!loaded || this._listbox !== box) return;
    const option = box.querySelector<HTMLElement>(`#option-${this._active}`);
    if (option) {
      // In the DOM: scroll the list only. (Element.scrollIntoView would scroll the page as well,
      // and setting `value` from code must not move the page.) A group's first option brings its
      // header along.
      const header = option.previousElementSibling?.classList.contains('group') ? option.previousElementSibling : option;
      const view = box.getBoundingClientRect();
      const top = view.top + box.clientTop;
      const bottom = top + box.clientHeight;
      const first = header.getBoundingClientRect().top;
      const last = option.getBoundingClientRect().bottom;
      if (first < top) box.scrollTop -= top - first;
      else if (last > bottom) box.scrollTop += last - bottom;
      return;
    }
    // Virtualised away: the virtualizer scrolls its own box to the row (it pins its layout there).
    const row = this._active === 0 ? 0 : loaded.rowOf[this._active];
    if (row !== undefined) virtualizer.element(row)?.scrollIntoView({ block: 'nearest' });
  }

  private _moveTo(index: number): void {
    const count = this._loaded?.items.length ?? 0;
    if (!count) return;
    this._active = Math.max(0, Math.min(count - 1, index));
    void this._scrollToActive(false);
  }

  private _choose(index: number): void {
    const voice = this._loaded?.items[index];
    if (!voice || this.isDisabled) return;
    this._active = index;
    // The value is the voiceId, never the display name (spec: ttsVoice takes the id).
    this.select(voice.voiceId, voice);
  }

  /** Type-ahead: the next option whose name starts with what was typed in the last half second. */
  private _typeAhead(key: string, now: number): void {
    const loaded = this._loaded;
    if (!loaded) return;
    if (now - this._typedAt > TYPEAHEAD_MS) this._typed = '';
    this._typedAt = now;
    this._typed += fold(key);
    // The same letter again and again cycles through the names that start with it.
    const sameLetter = [...this._typed].every((c) => c === this._typed[0]);
    const needle = sameLetter ? this._typed[0]! : this._typed;
    // A longer prefix may still match the active option; a new letter starts after it.
    const from = needle.length === 1 ? this._active + 1 : this._active;
    const n = loaded.items.length;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      if (loaded.folded[i]!.startsWith(needle)) {
        this._moveTo(i);
        return;
      }
    }
  }

  private _onListKeydown = (e: KeyboardEvent): void => {
    const count = this._loaded?.items.length ?? 0;
    if (!count || this.isDisabled) return;
    const typing = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
    // Space selects, unless it is part of a name being typed (APG listbox, type-ahead).
    if (typing && (e.key !== ' ' || (this._typed && e.timeStamp - this._typedAt <= TYPEAHEAD_MS))) {
      e.preventDefault();
      this._typeAhead(e.key, e.timeStamp);
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
        this._moveTo(this._active + 1);
        break;
      case 'ArrowUp':
        this._moveTo(this._active - 1);
        break;
      case 'Home':
        this._moveTo(0);
        break;
      case 'End':
        this._moveTo(count - 1);
        break;
      case 'Enter':
      case ' ':
        this._choose(this._active);
        break;
      default:
        return;
    }
    // The listbox scrolls by itself through the active option, not by the browser's default.
    e.preventDefault();
  };

  private _onListFocus = (): void => {
    this._focused = true;
    // The user may have scrolled the active option out of the DOM: bring it back before it is named.
    void this._scrollToActive(false);
  };
  private _onListBlur = (): void => {
    this._focused = false;
  };

  private _onOptionClick = (e: Event): void => {
    const index = Number((e.currentTarget as HTMLElement).dataset.index);
    this._choose(index);
  };

  private _onSearch = (e: Event): void => {
    const q = (e.target as HTMLInputElement).value.trim();
    clearTimeout(this._searchTimer);
    this._searchTimer = setTimeout(() => (this._q = q), SEARCH_DEBOUNCE_MS);
  };

  private _onProvider = (e: Event): void => {
    this.provider = (e.target as HTMLSelectElement).value;
  };
  private _onLocale = (e: Event): void => {
    this.locale = (e.target as HTMLSelectElement).value;
  };
  private _onGender = (e: Event): void => {
    this.gender = (e.target as HTMLSelectElement).value as DhVoicePicker['gender'];
  };

  private _onClearFilters = (): void => {
    clearTimeout(this._searchTimer);
    if (this._search) this._search.value = '';
    this._q = '';
    this.provider = '';
    this.locale = '';
    this.gender = '';
  };

  private _onRetry = (): void => void this._task.run();

  protected override render() {
    return html`
      ${this.renderControls()}
      ${this._task.render({
        initial: () => this.renderStatus('Loading voices…'),
        pending: () => (this._loaded?.items.length ? this.renderList(this._loaded, true) : this.renderStatus('Loading voices…')),
        complete: (loaded) => (loaded.items.length ? this.renderList(loaded, false) : this.renderEmpty()),
        error: (err) => this.renderError(err),
      })}
    `;
  }

  private renderControls() {
    const disabled = this.isDisabled;
    const providers = [...this._seen.providers].sort();
    if (this.provider && !providers.includes(this.provider)) providers.push(this.provider);
    const languages = [...this._seen.languages].sort((a, b) => a[1].name.localeCompare(b[1].name));
    const localeValues = languages.flatMap(([tag, l]) => [tag, ...l.locales]);
    const streamingProvider = this._loaded?.streamingProvider;
    return html`
      <div class="search">
        <label>Search
          <input part="search" type="search" placeholder="Name, language or provider" autocomplete="off" @input=${this._onSearch} ?disabled=${disabled} />
        </label>
      </div>
      <div class="filters" part="filters">
        ${this.streaming
          ? nothing
          : html`<label>Provider
              <select @change=${this._onProvider} ?disabled=${disabled}>
                <option value="" .selected=${!this.provider}>All providers</option>
                ${providers.map((p) => html`<option value=${p} .selected=${p === this.provider}>${p}</option>`)}
              </select>
            </label>`}
        <label>Language
          <select @change=${this._onLocale} ?disabled=${disabled}>
            <option value="" .selected=${!this.locale}>All languages</option>
            ${languages.map(([tag, l]) => {
              const locales = [...l.locales].sort();
              // A language with several locales offers them all together and one by one.
              return html`<option value=${tag} .selected=${tag === this.locale}>${l.name}${locales.length > 1 ? ' (all)' : ''}</option>
                ${locales.length > 1
                  ? locales.map((loc) => html`<option value=${loc} .selected=${loc === this.locale}>${l.name} (${loc})</option>`)
                  : nothing}`;
            })}
            ${this.locale && !localeValues.includes(this.locale)
              ? html`<option value=${this.locale} .selected=${true}>${this.locale}</option>`
              : nothing}
          </select>
        </label>
        <label>Gender
          <select @change=${this._onGender} ?disabled=${disabled}>
            <option value="" .selected=${!this.gender}>All</option>
            <option value="FEMALE" .selected=${this.gender === 'FEMALE'}>Female</option>
            <option value="MALE" .selected=${this.gender === 'MALE'}>Male</option>
          </select>
        </label>
      </div>
      ${this.streaming && streamingProvider
        ? html`<p class="note" part="note">Streaming avatars support only the ${streamingProvider} voices.</p>`
        : nothing}
    `;
  }

  private renderStatus(text: string) {
    return html`<p class="state" part="status" role="status">${text}</p>`;
  }

  /** Says which filters left nothing, so the user knows what to widen. */
  private renderEmpty() {
    const language = this._seen.languages.get(subtag(this.locale));
    const filters = [
      this._q && `“${this._q}”`,
      !this.streaming && this.provider && `the provider ${this.provider}`,
      this.locale && `the language ${language ? (this.locale.includes('-') ? `${language.name} (${this.locale})` : language.name) : this.locale}`,
      this.gender && (this.gender === 'FEMALE' ? 'female voices' : 'male voices'),
    ].filter(Boolean);
    const where = this.streaming && this._loaded ? ` among the ${this._loaded.streamingProvider} voices (streaming avatars)` : '';
    return html`<p class="state" part="status" role="status">
      ${filters.length
        ? html`No voice matches ${filters.join(' and ')}${where}. Widen the search or the filters.
            <button type="button" @click=${this._onClearFilters}>Clear filters</button>`
        : `No voice is available${where}.`}
    </p>`;
  }

  private renderError(err: unknown) {
    const message = err instanceof Error ? err.message : 'The voices could not be loaded.';
    return html`<p class="state error" part="error" role="alert">
      ${message}<button type="button" @click=${this._onRetry}>Try again</button>
    </p>`;
  }

  private renderList(loaded: Loaded, busy: boolean) {
    const disabled = this.isDisabled;
    return html`<div
      class="listbox"
      part="listbox"
      role="listbox"
      aria-label=${this.label}
      aria-busy=${busy ? 'true' : 'false'}
      aria-disabled=${disabled ? 'true' : 'false'}
      aria-required=${this.required ? 'true' : 'false'}
      aria-activedescendant=${
        // Only while focused: the active option is then scrolled into view, so it is in the DOM.
        // Unfocused (say below the fold) the virtualizer may render no option at all, and the
        // reference would point at nothing.
        this._focused && !disabled ? `option-${this._active}` : nothing
      }
      tabindex=${disabled ? -1 : 0}
      @keydown=${this._onListKeydown}
      @focus=${this._onListFocus}
      @blur=${this._onListBlur}
    >
      ${virtualize({
        items: loaded.rows,
        scroller: true,
        layout: LAYOUT,
        renderItem: (row: Row) => ('group' in row ? this.renderGroup(row.group) : this.renderOption(loaded, row.option)),
      })}
    </div>`;
  }

  private renderGroup(language: string) {
    // A visual header only: not an option, so never counted in the set (aria-hidden); each
    // option says its language itself.
    return html`<div class="group" part="group" role="presentation" aria-hidden="true">${language}</div>`;
  }

  private renderOption(loaded: Loaded, index: number) {
    const voice = loaded.items[index]!;
    const selected = voice.voiceId === this.value;
    return html`<div
      class="option ${index === this._active ? 'active' : ''}"
      part="option"
      role="option"
      id="option-${index}"
      data-index=${index}
      aria-selected=${selected ? 'true' : 'false'}
      aria-setsize=${loaded.items.length}
      aria-posinset=${index + 1}
      @click=${this._onOptionClick}
    >
      <span class="text">
        <span class="name">${voice.displayName}</span>
        <span class="meta">${voice.language} · ${voice.locale} · ${genderLabel(voice.gender)} · ${voice.provider}</span>
      </span>
      ${selected ? html`<span class="check" aria-hidden="true">✓</span>` : nothing}
    </div>`;
  }
}

// Defined only in a browser: importing the module in Node (SSR, tests) must not throw.
if (!isServer && !customElements.get('dh-voice-picker')) customElements.define('dh-voice-picker', DhVoicePicker);

declare global {
  interface HTMLElementTagNameMap {
    'dh-voice-picker': DhVoicePicker;
  }
  // 'dh-select' goes in HTMLElementEventMap once, in shared/events.ts: both pickers fire it.
}
