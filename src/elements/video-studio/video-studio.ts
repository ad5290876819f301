import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { idSegment, mediaUrl } from '../../api/urls.js';
import {
  videoAcceptedSchema,
  videosPageSchema,
  type VideoItem,
  type VideosPage,
} from '../../api/answers.js';
import {
  MAX_PAGE_TAKE,
  MAX_VIDEO_TEXT,
  videoTextProblem,
  type VideoTextProblem,
} from '../../api/rules.js';
import {
  emit,
  fail,
  type DhErrorDetail,
  type VideoReadyDetail,
  type VideoRequestedDetail,
} from '../shared/events.js';
import {
  downloadFailed,
  failureText,
  toFailure,
  unplayable,
  type Failure,
  type Words,
} from './wording.js';
import { VideoGallery } from './gallery.js';
import { downloadUrl, renderPlayer, saveVideo } from './player.js';
import { TalkWait } from './talk-wait.js';
import { styles } from './video-studio.styles.js';
import { srOnly } from '../shared/sr-only.styles.js';
import { VoiceNames } from './voice-names.js';
import { define } from '../shared/define.js';
import {
  DEFAULT_ENDPOINT,
  ProxyEndpoint,
  headersKey,
  type EndpointHost,
} from '../shared/endpoint.js';
import { LocalizeController, LocalizedElement } from '../localized.js';
import { videoStudioMessages } from './messages.js';
import { sharedMessages } from '../shared/messages.js';

export type { VideoReadyDetail, VideoRequestedDetail };

/** The attribute a page sets to choose the head: shown as code, never translated. */
const HEAD_ID = 'head-id';
/** How long a video may take before the element stops waiting (the `timeout` property's default). */
const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Text to video for a head, for a site's back office: a text box and a "Generate video" button;
 * visible progress while the platform produces the talk (the element looks at the head's talks
 * list with a growing pause, shows the time elapsed, and can stop waiting); then the mp4 plays
 * with controls and a download link that saves the file. Below, the head's earlier videos, newest
 * first, page by page: selecting one plays it. Voices read as their display names.
 *
 * It talks to the proxy's admin routes (`POST`/`GET {endpoint}/heads/:id/videos`,
 * `GET {endpoint}/heads/:id/videos/:talkId/download`) and its public `GET {endpoint}/voices`:
 * give it the site's own auth through the `headers` and `credentials` properties. The proxy's
 * daily cap (`DH_VIDEO_DAILY_CAP`) is shown as a plain message when reached.
 *
 * @element dh-video-studio
 *
 * @fires {VideoRequestedDetail} dh-video-requested - The proxy accepted a request; the platform is producing the video.
 * @fires {VideoReadyDetail} dh-video-ready - The requested video is in the talks list and plays in the player.
 * @fires {DhErrorDetail} dh-error - A request failed, the wait timed out (`video_timeout`), the gallery or a download (with `headers`) failed, or the player's mp4 would not play (`video_unplayable`); the element shows the message.
 *
 * @csspart form - The form around the text box and the button.
 * @csspart text - The text box.
 * @csspart generate - The "Generate video" button.
 * @csspart progress - The progress box shown while the video is produced.
 * @csspart cancel - The "Stop waiting" button.
 * @csspart player - The figure with the video, its text and the download link.
 * @csspart video - The player's `<video>`.
 * @csspart download - The download link (the proxy's download route).
 * @csspart gallery - The earlier videos section.
 * @csspart item - One earlier video (a button that plays it).
 * @csspart pager - The Previous / "Page X of Y" / Next bar.
 * @csspart error - An error message with its retry button (after a failed download, the link tries again; after an unplayable video, Try again loads it again).
 * @csspart status - Notes and gallery states (no head, loading, empty, stopped waiting, timed out).
 *
 * @cssprop [--dh-video-studio-accent=var(--dh-picker-accent, #2563eb)] - Button, focus and selection colour.
 * @cssprop [--dh-video-studio-radius=var(--dh-picker-radius, 10px)] - Corner radius.
 * @cssprop [--dh-video-studio-border=var(--dh-picker-border, 1px solid …)] - Borders.
 * @cssprop [--dh-video-studio-font=var(--dh-picker-font, system-ui, sans-serif)] - Font.
 * @cssprop [--dh-video-studio-error-color=var(--dh-picker-error-color, #b91c1c)] - Error text.
 * @cssprop [--dh-video-studio-aspect-ratio=4 / 5] - Shape of the player and the gallery's frames.
 * @cssprop [--dh-video-studio-player-max-height=480px] - Tallest the player gets.
 * @cssprop [--dh-video-studio-video-background=#111827] - Behind a video before its first frame.
 * @cssprop [--dh-video-studio-item-width=180px] - Narrowest gallery item before a column is dropped.
 * @cssprop [--dh-video-studio-text-height=6.5em] - Initial height of the text box.
 */
export class DhVideoStudio extends LocalizedElement<'videoStudio'> {
  static override styles = [srOnly, styles];
  protected readonly localize = new LocalizeController(this, {
    section: 'videoStudio',
    english: videoStudioMessages,
    sharedEnglish: sharedMessages,
  });

  static override properties: PropertyDeclarations = {
    headId: { attribute: 'head-id' },
    endpoint: {},
    headers: { attribute: false },
    credentials: { attribute: false },
    text: {},
    pageSize: { type: Number, attribute: 'page-size' },
    timeout: { type: Number },
    label: {},
    _playing: { state: true },
    _invalid: { state: true },
    _download: { state: true },
    _unplayable: { state: true },
  };

  readonly #proxy = new ProxyEndpoint(this);

  /** The request and the wait for a new video. */
  readonly #wait = new TalkWait(this, {
    list: (headId, paging, signal) => this.#list(this.endpoint, headId, paging, signal),
    request: async (headId, text, signal) =>
      void (await this.#proxy.requestJson(
        `/heads/${idSegment(headId)}/videos`,
        videoAcceptedSchema,
        {
          method: 'POST',
          body: { text },
          signal,
        },
      )),
    timeoutMs: () => this.#timeoutMs,
    focusText: () => this.#textarea?.focus(),
    onFailure: () => this.#clearOlderFailures(),
    onReady: (talk) => {
      this._playing = talk;
      // The gallery's first page now starts with it.
      this.#gallery.firstPage();
      this.#gallery.refresh();
      emit<VideoReadyDetail>(this, 'dh-video-ready', { talk });
    },
  });

  /** Earlier videos: one page of the head's talks, newest first. */
  readonly #gallery = new VideoGallery(this, {
    source: () => ({
      endpoint: this.endpoint,
      headId: this.headId,
      take: this.#take,
      auth: [headersKey(this.headers), this.credentials],
    }),
    list: (endpoint, headId, paging, signal) => this.#list(endpoint, headId, paging, signal),
    playingId: () => this._playing?.id,
    voiceName: (id) => this.#voices.name(id),
    onSelect: (talk) => void this.#play(talk),
  });

  /** Display names of the talks' voices. */
  readonly #voices = new VoiceNames(this, () => ({
    endpoint: this.endpoint,
    active: !!this.headId,
    ...this.#auth,
    headersKey: headersKey(this.headers),
  }));

  /** The site's own auth, for what does not go through the proxy's requests: a download, and the voices' names (public, sent alike). */
  get #auth(): Pick<EndpointHost, 'headers' | 'credentials'> {
    return this.#proxy.requestSettings;
  }

  get #form(): HTMLFormElement | null {
    return this.renderRoot?.querySelector('form') ?? null;
  }
  get #textarea(): HTMLTextAreaElement | null {
    return this.renderRoot?.querySelector('textarea') ?? null;
  }
  get #video(): HTMLVideoElement | null {
    return this.renderRoot?.querySelector('.player video') ?? null;
  }

  /** The talk in the player: the one just produced, or one chosen in the gallery. */
  private _playing?: VideoItem;
  /** Why the text cannot be sent (shown next to the field); empty when it can. */
  private _invalid: VideoTextProblem | '' = '';
  /** A download through fetch (with `headers`): the talk it is for, and how it went. */
  private _download?: { talkId: string; busy: boolean; error?: Failure };
  /** The id of the talk in the player whose mp4 the browser could not play. */
  private _unplayable?: string;

  /** The head whose videos are made and listed; without it the element says so and fetches nothing. */
  headId = '';
  /** Base URL of the proxy routes. */
  endpoint = DEFAULT_ENDPOINT;
  /** Extra request headers for the admin routes, e.g. `{authorization: 'Bearer …'}` (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
  /** The text the head will say (the text box's value). */
  text = '';
  /** Earlier videos per gallery page (1–100). */
  pageSize = 6;
  /** How long to wait for a video before giving up, in milliseconds. */
  timeout = DEFAULT_TIMEOUT_MS;
  /** Accessible name (and visible label) of the text box; default "Text the head will say", in the page's language. */
  label?: string;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another head: its own videos, its own gallery; a wait for the old head's video ends quietly.
    if (changed.has('headId')) {
      this.#wait.reset();
      this._playing = undefined;
      this._invalid = '';
      this.#clearOlderFailures();
      this.#gallery.firstPage();
    }
    if (changed.has('pageSize')) this.#gallery.firstPage();
  }

  /**
   * Sends `text` (default: the text box's) to be made into a video of the head, then waits for it
   * (`dh-video-ready`). Resolves once the proxy has accepted or refused the request. Nothing is
   * sent while a video is being made, without a head, or when the text is empty or too long (the
   * reason is then shown next to the field).
   */
  async generate(text: string = this.text): Promise<void> {
    if (this.#wait.busy) return;
    const headId = this.headId;
    if (!headId) return;
    const problem = videoTextProblem(text);
    if (problem) {
      this._invalid = problem;
      await this.updateComplete;
      this.#textarea?.focus();
      return;
    }
    this._invalid = '';
    await this.#wait.send(headId, text.trim());
  }

  /**
   * Stops waiting for the video being made. The platform cannot be told to stop: it may still
   * make it, and it then appears in the gallery.
   */
  cancel(): void {
    this.#wait.cancel();
  }

  /** Lists the head's videos again. */
  refresh(): void {
    this.#gallery.refresh();
  }

  /** `timeout`, or its default when it is not a positive number (a NaN deadline would never come). */
  get #timeoutMs(): number {
    const ms = Number(this.timeout);
    return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
  }

  get #take(): number {
    const n = Math.floor(Number(this.pageSize));
    return Number.isFinite(n) ? Math.min(MAX_PAGE_TAKE, Math.max(1, n)) : 6;
  }

  async #list(
    endpoint: string,
    headId: string,
    paging: { page: number; take: number },
    signal: AbortSignal,
  ): Promise<VideosPage> {
    const answer = await this.#proxy.requestJson(
      `/heads/${idSegment(headId)}/videos`,
      videosPageSchema,
      {
        endpoint,
        query: { order: 'DESC', ...paging },
        signal,
      },
    );
    // Only an http(s) mp4 is played (api/urls.ts): another URL leaves the talk's `url` empty, which the player reports as unplayable.
    return {
      ...answer,
      items: answer.items.map((talk) => ({ ...talk, url: mediaUrl(talk.url, endpoint) ?? '' })),
    };
  }

  /** Plays a talk chosen in the gallery. */
  async #play(talk: VideoItem): Promise<void> {
    // The job's own state (a wait, a note, an error) stays: choosing a video to watch ends none of them.
    this._playing = talk;
    await this.updateComplete;
    const video = this.#video;
    if (!video) return;
    video.scrollIntoView({ block: 'nearest' });
    // A click is a user gesture, so the browser lets it play with sound; if it refuses, the controls are there.
    video.play().catch(() => undefined);
  }

  /**
   * The player's `<video>` could not load or decode its source (a 404, an expired media URL, not
   * an mp4). Without this the player would sit there, blank and silent. (This and the other
   * listeners of the templates are methods, not arrow fields: Lit calls them on this element.)
   */
  #onVideoError(e: Event): void {
    const video = e.currentTarget as HTMLVideoElement;
    const talk = this._playing;
    // MEDIA_ERR_ABORTED is a load the page itself stopped (another source): nothing failed.
    if (!talk || video.error?.code === MediaError.MEDIA_ERR_ABORTED) return;
    this.#clearOlderFailures();
    this._unplayable = talk.id;
    fail(this, unplayable.detail);
  }

  /** A failure shows alone: the older ones of the other actions (the request, the download, the player) go. */
  #clearOlderFailures(): void {
    this._unplayable = undefined;
    if (this._download?.error) this._download = undefined;
    this.#wait.clearError();
  }

  /** Try again after an unplayable video: the same source, loaded afresh (the media URL may work now). */
  async #onVideoReload(): Promise<void> {
    this._unplayable = undefined;
    await this.updateComplete;
    const video = this.#video;
    if (!video) return;
    // The retry button is gone: focus goes to the video (it has controls) rather than the page's body.
    video.focus();
    video.load();
  }

  #onSubmit(e: SubmitEvent): void {
    e.preventDefault();
    void this.generate();
  }

  #onInput(e: Event): void {
    this.text = (e.target as HTMLTextAreaElement).value;
    if (this._invalid) this._invalid = '';
  }

  #onTextKeydown(e: KeyboardEvent): void {
    // Ctrl+Enter (Cmd+Enter on a Mac) sends, as in most editors; a plain Enter is a new line.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.isComposing) {
      e.preventDefault();
      this.#form?.requestSubmit();
    }
  }

  /**
   * The download link. With cookies (`credentials`) or open admin routes the plain link works: the
   * browser follows it and the proxy's content-disposition saves the file. The site's `headers`
   * cannot ride on a plain link, so with them the file is fetched with the headers and saved
   * from a blob (player.ts, saveVideo).
   */
  async #onDownload(e: MouseEvent): Promise<void> {
    const talk = this._playing;
    if (!this.headers || !talk || !this.headId) return;
    e.preventDefault();
    if (this._download?.talkId === talk.id && this._download.busy) return;
    const headId = this.headId;
    this._download = { talkId: talk.id, busy: true };
    try {
      await saveVideo(this.endpoint, headId, talk.id, this.#auth);
      if (this._download?.talkId === talk.id) this._download = undefined;
    } catch (err) {
      const failed = toFailure(err, downloadFailed);
      this.#clearOlderFailures();
      if (this._download?.talkId === talk.id)
        this._download = { talkId: talk.id, busy: false, error: failed };
      fail(this, failed.detail);
    }
  }

  /** The messages in the element's locale, as the renderers take them. */
  get #words(): Words {
    return { m: this.m, shared: this.shared, locale: this.currentLocale };
  }

  protected override render() {
    const words = this.#words;
    return html`
      ${this.headId ? nothing : this.#renderNoHead()}
      ${this.#renderForm()}
      <p class="sr-only" role="status" aria-live="polite">${this.#wait.announcement(words)}</p>
      ${this.#wait.render(words)} ${this.#renderPlayer(words)} ${this.#gallery.render(words)}
    `;
  }

  /** "No head is selected", with the attribute's name (code, not words) wherever the locale puts it. */
  #renderNoHead() {
    const [before, after = ''] = this.m.noHead('\u0000').split('\u0000');
    return html`<p class="state" part="status">${before}<code>${HEAD_ID}</code>${after}</p>`;
  }

  #renderForm() {
    const { m } = this;
    const busy = this.#wait.busy;
    const length = this.text.length;
    const describedBy = `count shortcut${this._invalid ? ' invalid' : ''}`;
    // The button is aria-disabled, not disabled: it keeps the focus that pressed it while the video is made.
    return html`<form part="form" novalidate @submit=${this.#onSubmit}>
      <label for="text">${this.label ?? m.label}</label>
      <textarea
        id="text"
        part="text"
        rows="4"
        maxlength=${MAX_VIDEO_TEXT}
        .value=${this.text}
        aria-invalid=${!!this._invalid}
        aria-describedby=${describedBy}
        @input=${this.#onInput}
        @keydown=${this.#onTextKeydown}
      ></textarea>
      <div class="field-info">
        ${
          this._invalid
            ? html`<span id="invalid" class="invalid">${this._invalid === 'textEmpty' ? m.textEmpty : m.textTooLong(MAX_VIDEO_TEXT)}</span>`
            : html`<span></span>`
        }
        <span id="count">${m.count(length, MAX_VIDEO_TEXT)}<span class="sr-only"> ${m.characters(MAX_VIDEO_TEXT)}</span></span>
      </div>
      <div class="actions">
        <button class="generate" part="generate" type="submit" aria-disabled=${busy || !this.headId}>${m.generate}</button>
        <span id="shortcut" class="hint">${m.shortcut}</span>
      </div>
    </form>`;
  }

  #renderPlayer(words: Words) {
    const talk = this._playing;
    if (!talk) return nothing;
    const download = this._download?.talkId === talk.id ? this._download : undefined;
    return renderPlayer(
      {
        talk,
        voice: this.#voices.name(talk.voice),
        downloadHref: downloadUrl(this.endpoint, this.headId, talk.id),
        downloadBusy: download?.busy ?? false,
        downloadError: download?.error && failureText(download.error, words),
        onDownload: this.#onDownload,
        unplayable: this._unplayable === talk.id,
        onVideoError: this.#onVideoError,
        onReload: this.#onVideoReload,
      },
      words,
    );
  }
}

// Until the next major version: configure, setMessages and LOCALES, from their one place.
export * from '../kit-functions.js';

define('dh-video-studio', DhVideoStudio);

declare global {
  interface HTMLElementTagNameMap {
    'dh-video-studio': DhVideoStudio;
  }
  interface GlobalEventHandlersEventMap {
    'dh-video-requested': CustomEvent<VideoRequestedDetail>;
    'dh-video-ready': CustomEvent<VideoReadyDetail>;
    'dh-error': CustomEvent<DhErrorDetail>;
  }
}
