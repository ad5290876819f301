import { html, isServer, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { Task, TaskStatus } from '@lit/task';
import { virtualize, virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { flow } from '@lit-labs/virtualizer/layouts/flow.js';
import { requestJson } from '../../api/client.js';
import { voicesListSchema, type VoiceItem, type VoicesList } from '../../api/schemas.js';
import type { DhSelectEvent } from '../shared/events.js';
import { DhFormControl } from '../shared/form-control.js';
import { pickerStyles } from '../shared/picker.styles.js';
import { styles } from './voice-picker.styles.js';

/**
 * A row of the virtual list: a language's header (before the option `before`), or an option (its
 * index among the options; its voice may not be loaded yet).
 */
type Row = { group: string; before: number } | { option: number };

/** The filters a list was asked with: its later pages are asked with the same. */
type Query = { endpoint: string; params: Record<string, string | boolean | undefined> };

/** The voices for one set of filters, page by page, ready to render. */
interface Loaded {
  query: Query;
  /** Every voice by position; undefined until its page arrives. */
  items: (VoiceItem | undefined)[];
  /** Every voice matching the filters, loaded or not (the length of `items`). */
  total: number;
  rows: Row[];
  /** Row of each option (options and rows differ by the group headers). */
  rowOf: number[];
  /** Option index by voiceId, of the loaded voices. */
  indexOf: Map<string, number>;
  /** Display names folded for type-ahead; undefined where the voice is not loaded. */
  folded: (string | undefined)[];
  streamingProvider: string;
  /** Pages of this list under way, by page number; aborted when the list is replaced. */
  pending: Map<number, AbortController>;
  /** Pages of this list that failed, with why: shown with "Try again", not asked again by scrolling. */
  failed: Map<number, unknown>;
}

/** What the filter selects offer: everything seen since the endpoint was set. */
interface Seen {
  providers: Set<string>;
  /** Language subtag (`en`) → its name and the locales seen of it. */
  languages: Map<string, { name: string; locales: Set<string> }>;
}

/** Voices asked of the proxy per request (its maximum is 500). */
const PAGE_SIZE = 100;
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

const sameRows = (a: Row[], b: Row[]) =>
  a.length === b.length && a.every((r, i) => ('group' in r ? 'group' in b[i]! && b[i].group === r.group : 'option' in b[i]!));

/** The first page of a list: every other position is a placeholder until its page arrives. */
function toLoaded(query: Query, first: VoicesList): Loaded {
  const loaded: Loaded = {
    query,
    items: new Array<VoiceItem | undefined>(first.total).fill(undefined),
    total: first.total,
    rows: [],
    rowOf: [],
    indexOf: new Map(),
    folded: new Array<string | undefined>(first.total).fill(undefined),
    streamingProvider: first.streamingProvider,
    pending: new Map(),
    failed: new Map(),
  };
  addPage(loaded, 0, first.items);
  return loaded;
}

/** Puts a page's voices in place from `start` and rebuilds the rows; true when the rows changed. */
function addPage(loaded: Loaded, start: number, voices: VoiceItem[]): boolean {
  voices.forEach((v, k) => {
    const i = start + k;
    if (i >= loaded.total) return;
    loaded.items[i] = v;
    loaded.folded[i] = fold(v.displayName);
    if (!loaded.indexOf.has(v.voiceId)) loaded.indexOf.set(v.voiceId, i);
  });
  const rows: Row[] = [];
  const rowOf: number[] = new Array<number>(loaded.total);
  let language: string | undefined;
  for (let i = 0; i < loaded.total; i++) {
    const v = loaded.items[i];
    // The proxy sorts by language, locale, name: a header opens each language's run. Only loaded
    // voices say their language: a header goes before the first loaded voice whose language
    // differs from the loaded voice before it (placeholders get none). A header may move up when
    // the page before it arrives.
    if (v && v.language !== language) rows.push({ group: (language = v.language), before: i });
    rowOf[i] = rows.length;
    rows.push({ option: i });
  }
  // The same array while the rows stay the same: the virtualizer then re-renders at once (a new
  // array makes it lay out again a frame later).
  loaded.rowOf = rowOf;
  if (sameRows(loaded.rows, rows)) return false;
  loaded.rows = rows;
  return true;
}

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
 * Keyboard (APG listbox): one tab stop; Up/Down, Home/End (also onto voices not loaded yet: their
 * page is fetched), type-ahead among the loaded voices; Enter or Space selects.
 *
 * @element dh-voice-picker
 *
 * @fires {Event} input - The user chose another voice.
 * @fires {Event} change - The user chose another voice.
 * @fires {DhSelectEvent<VoiceItem>} dh-select - A voice was chosen (also when it was already the value); `detail.item` is the whole voice.
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
export class DhVoicePicker extends DhFormControl<VoiceItem> {
  static override styles = [pickerStyles, styles];

  protected readonly requiredMessage = 'Please choose a voice.';

  @query('[role="listbox"]') private _listbox?: (HTMLElement & VirtualizerHostElement) | null;
  @query('input[type="search"]') private _search?: HTMLInputElement | null;

  /** The voices for the current filters (the last list; kept while the next one's first page loads). */
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
  /** The page the keyboard moved onto before it was loaded: scrolled to again when it arrives. */
  private _revealPage = 0;

  protected get validationAnchor(): HTMLElement | null {
    return this._listbox ?? this._search ?? null;
  }

  /** The first page for the current filters; later pages load as their rows come into view. */
  private _task = new Task(this, {
    // The task's signal aborts the request a newer one supersedes, and Task drops a superseded
    // answer: a stale list never replaces a newer one.
    task: async ([endpoint, provider, locale, gender, streaming, q], { signal }) => {
      // New filters: the pages still coming for the old ones are of no use.
      this._abortPages(this._loaded);
      // The proxy knows the streaming provider (DH_STREAMING_TTS_PROVIDER): ask it, don't guess.
      const params = streaming ? { streaming: 'true', locale, gender, q } : { provider, locale, gender, q };
      const query: Query = { endpoint, params };
      return toLoaded(query, await this._fetchPage(query, 1, signal));
    },
    args: () => [this.endpoint, this.provider, this.locale, this.gender, this.streaming, this._q] as const,
    // Only called for the newest run.
    onComplete: (loaded) => {
      this._abortPages(this._loaded);
      this._remember(loaded.items);
      this._loaded = loaded;
    },
    onError: () => {
      this._abortPages(this._loaded);
      this._loaded = undefined;
    },
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this._searchTimer);
    this._abortPages(this._loaded);
  }

  private _fetchPage(query: Query, page: number, signal: AbortSignal): Promise<VoicesList> {
    return requestJson(query.endpoint, '/voices', voicesListSchema, {
      query: { ...query.params, page, take: PAGE_SIZE },
      signal,
      headers: this.headers,
      credentials: this.credentials,
    });
  }

  /** Aborts the page requests of a list that is being replaced. */
  private _abortPages(loaded: Loaded | undefined): void {
    if (!loaded) return;
    for (const c of loaded.pending.values()) c.abort();
    loaded.pending.clear();
  }

  /**
   * Loads the pages behind options first..last, once each, with the filters of their list. A page
   * that failed waits for "Try again" (scrolling past it again does not hammer a failing proxy).
   */
  private _ensureOptions(first: number, last: number): void {
    const loaded = this._loaded;
    // While the first page of new filters loads, the old list waits (its pages were aborted).
    if (!loaded || this._task.status === TaskStatus.PENDING) return;
    const from = Math.floor(Math.max(0, first) / PAGE_SIZE) + 1;
    const to = Math.floor(Math.min(loaded.total - 1, last) / PAGE_SIZE) + 1;
    for (let page = from; page <= to; page++) {
      if (!loaded.failed.has(page)) this._loadPage(loaded, page);
    }
  }

  /** Fetches one page of a list, with the filters of that list, unless it is loaded or under way. */
  private _loadPage(loaded: Loaded, page: number): void {
    const start = (page - 1) * PAGE_SIZE;
    if (loaded.pending.has(page) || loaded.items[start] !== undefined) return;
    const abort = new AbortController();
    loaded.pending.set(page, abort);
    this._fetchPage(loaded.query, page, abort.signal)
      .then((res) => {
        // A stale answer (the filters changed meanwhile) never lands in a newer list.
        if (abort.signal.aborted || this._loaded !== loaded) return;
        const moved = addPage(loaded, start, res.items);
        this._remember(res.items);
        // The keyboard moved onto this page before it arrived: keep the active option in view
        // (a header the page brings may have pushed it down).
        if (this._revealPage === page) {
          this._revealPage = 0;
          // New rows are laid out a frame later; the same rows are re-rendered at once.
          if (Math.floor(this._active / PAGE_SIZE) + 1 === page) this._reveal = moved ? 'after-layout' : 'now';
        }
        this.requestUpdate();
      })
      .catch((err: unknown) => {
        if (abort.signal.aborted || this._loaded !== loaded) return;
        // Nothing is lost silently: the page says it failed, with a retry (DESIGN, principles).
        loaded.failed.set(page, err);
        this.requestUpdate();
      })
      .finally(() => {
        if (loaded.pending.get(page) === abort) loaded.pending.delete(page);
      });
  }

  /** "Try again" for the later pages that failed: asks each of them again. */
  private _onRetryPages = (): void => {
    const loaded = this._loaded;
    if (!loaded) return;
    // The button goes away with the error: keep the keyboard user on the list, not on <body>.
    if (this.shadowRoot?.activeElement?.matches('.page-error button')) this._listbox?.focus();
    const pages = [...loaded.failed.keys()];
    loaded.failed.clear();
    for (const page of pages) this._loadPage(loaded, page);
    this.requestUpdate();
  };

  /** Enter or Space on an option of a failed page asks that page again. */
  private _retryPageOf(index: number): boolean {
    const loaded = this._loaded;
    const page = Math.floor(index / PAGE_SIZE) + 1;
    if (!loaded?.failed.delete(page)) return false;
    this._revealPage = page;
    this._loadPage(loaded, page);
    this.requestUpdate();
    return true;
  }

  /** The virtualizer shows rows first..last: load the pages of the options among them. */
  private _onRange = (e: Event): void => {
    const { first, last } = e as Event & { first: number; last: number };
    const rows = this._loaded?.rows;
    if (!rows || last < 0) return;
    const optionOf = (r: Row | undefined) => (r ? ('group' in r ? r.before : r.option) : -1);
    const a = optionOf(rows[Math.max(0, first)]);
    const b = optionOf(rows[Math.min(rows.length - 1, last)]);
    if (a >= 0 && b >= 0) this._ensureOptions(a, b);
  };

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('endpoint')) this._seen = { providers: new Set(), languages: new Map() };
    const loaded = this._loaded;
    if (changed.has('_loaded' as keyof DhVoicePicker) && loaded) {
      // A new list: the selected voice if it is in it (its first page), else the first one.
      this._active = loaded.indexOf.get(this.value) ?? 0;
      this._revealPage = 0;
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

  /**
   * Adds the providers and languages of a page to the filter selects' options. They accumulate
   * over every page loaded since the endpoint was set (of any filters), so a select keeps offering
   * what the catalogue has once it was seen; with no filter set, the provider list is thus the
   * providers of the pages loaded so far (a provider whose voices are all on pages not yet
   * scrolled to appears when they load: the proxy has no list of providers).
   */
  private _remember(items: readonly (VoiceItem | undefined)[]): void {
    for (const v of items) {
      if (!v) continue;
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

  /**
   * Makes an option the active one and scrolls it into view. An option whose page is not loaded
   * yet is a placeholder: its page is fetched, and it is scrolled into view again when it arrives.
   */
  private _moveTo(index: number): void {
    const loaded = this._loaded;
    if (!loaded?.total) return;
    this._active = Math.max(0, Math.min(loaded.total - 1, index));
    if (loaded.items[this._active] === undefined) {
      this._revealPage = Math.floor(this._active / PAGE_SIZE) + 1;
      this._ensureOptions(this._active, this._active);
    }
    void this._scrollToActive(false);
  }

  private _choose(index: number): void {
    if (this.isDisabled || this._retryPageOf(index)) return;
    const voice = this._loaded?.items[index];
    if (!voice) return;
    this._active = index;
    // The value is the voiceId, never the display name (spec: ttsVoice takes the id).
    this.select(voice.voiceId, voice);
  }

  /**
   * Type-ahead: the next option whose name starts with what was typed in the last half second.
   * It searches the loaded voices only (placeholders have no name yet); the search box asks the
   * proxy across the whole catalogue.
   */
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
    const n = loaded.total;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      if (loaded.folded[i]?.startsWith(needle)) {
        this._moveTo(i);
        return;
      }
    }
  }

  private _onListKeydown = (e: KeyboardEvent): void => {
    const count = this._loaded?.total ?? 0;
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
        // Nothing on a placeholder (_choose needs a loaded voice).
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

  /**
   * A press on an option makes it the active one before the list takes focus: focus then reveals
   * the option under the pointer, not an earlier active option scrolled away (which would move
   * the list under the pointer between press and release, and the click would miss).
   */
  private _onListPointerdown = (e: PointerEvent): void => {
    const option = (e.target as Element).closest<HTMLElement>('[role="option"]');
    const index = option ? Number(option.dataset.index) : NaN;
    if (!Number.isNaN(index) && !this.isDisabled) this._active = index;
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
        pending: () => (this._loaded?.total ? this.renderList(this._loaded, true) : this.renderStatus('Loading voices…')),
        complete: (loaded) => (loaded.total ? [this.renderList(loaded, false), this.renderPageError(loaded)] : this.renderEmpty()),
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

  /**
   * Later pages that failed: said once, below the list, with a retry that is a real button in the
   * tab order (a listbox may hold only options: no button inside; Enter on an option of the
   * failed page retries too).
   */
  private renderPageError(loaded: Loaded) {
    if (!loaded.failed.size) return nothing;
    const pages = [...loaded.failed.keys()].sort((a, b) => a - b);
    const ranges = pages.map((p) => `${(p - 1) * PAGE_SIZE + 1}–${Math.min(loaded.total, p * PAGE_SIZE)}`);
    const which = ranges.length > 3 ? `${ranges.slice(0, 3).join(', ')} and ${ranges.length - 3} more pages` : ranges.join(', ');
    const err = loaded.failed.get(pages[pages.length - 1]!);
    const why = err instanceof Error ? ` ${err.message}` : '';
    return html`<p class="page-error error" part="error" role="alert">
      Voices ${which} could not be loaded.${why}
      <button type="button" @click=${this._onRetryPages}>Try again</button>
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
      @pointerdown=${this._onListPointerdown}
      @rangeChanged=${this._onRange}
    >
      ${virtualize({
        items: loaded.rows,
        scroller: true,
        layout: LAYOUT,
        // By option, not by row: a header arriving above keeps the options' DOM.
        keyFunction: (row: Row) => ('group' in row ? `group-${row.before}` : row.option),
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
    // A voice whose page is not loaded yet is a placeholder: an option all the same (disabled), so
    // the set's size and positions hold. One template for both: when the page lands, the option's
    // element stays (and stays where the virtualizer put it); only its content changes.
    const voice = loaded.items[index];
    const selected = !!voice && voice.voiceId === this.value;
    // Its page failed: "Not loaded" (the error below the list says why and offers "Try again").
    const failed = !voice && loaded.failed.has(Math.floor(index / PAGE_SIZE) + 1);
    return html`<div
      class="option ${voice ? '' : 'placeholder'} ${failed ? 'failed' : ''} ${index === this._active ? 'active' : ''}"
      part="option"
      role="option"
      id="option-${index}"
      data-index=${index}
      aria-disabled=${voice ? nothing : 'true'}
      aria-selected=${selected ? 'true' : 'false'}
      aria-setsize=${loaded.total}
      aria-posinset=${index + 1}
      @click=${this._onOptionClick}
    >
      <span class="text">
        <span class="name">${voice ? voice.displayName : failed ? 'Not loaded' : 'Loading…'}</span>
        ${voice
          ? html`<span class="meta">${voice.language} · ${voice.locale} · ${genderLabel(voice.gender)} · ${voice.provider}</span>`
          : // An empty meta line: a placeholder is as tall as the voice that replaces it.
            html`<span class="meta" aria-hidden="true">&nbsp;</span>`}
      </span>
      ${selected ? html`<span class="check" aria-hidden="true">✓</span>` : nothing}
    </div>`;
  }
}

// Defined only in a browser: importing the module in Node (SSR, tests) must not throw.
if (!isServer && !customElements.get('dh-voice-picker')) customElements.define('dh-voice-picker', DhVoicePicker);

/** The events of `<dh-voice-picker>`: `dh-select` carries a VoiceItem. */
export interface DhVoicePickerEventMap extends HTMLElementEventMap {
  'dh-select': DhSelectEvent<VoiceItem>;
}

// Typed listeners on the element itself: `picker.addEventListener('dh-select', (e) => e.detail.item.voiceId)`.
export interface DhVoicePicker {
  addEventListener<K extends keyof DhVoicePickerEventMap>(type: K, listener: (this: DhVoicePicker, ev: DhVoicePickerEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof DhVoicePickerEventMap>(type: K, listener: (this: DhVoicePicker, ev: DhVoicePickerEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'dh-voice-picker': DhVoicePicker;
  }
  // 'dh-select' goes in HTMLElementEventMap once, in shared/events.ts: both pickers fire it.
}
