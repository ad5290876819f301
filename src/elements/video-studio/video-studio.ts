import { LitElement, html, isServer, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { Task, initialState } from '@lit/task';
import { z } from 'zod/mini';
import { ApiRequestError, requestJson } from '../../api/client.js';
import { videoRequestSchema, videosPageSchema, type VideoItem, type VideosPage } from '../../api/schemas.js';
import { emit, type DhErrorDetail } from '../shared/events.js';
import { styles } from './video-studio.styles.js';

/** The detail of `dh-video-requested`: the proxy accepted the request (202), production has started. */
export interface VideoRequestedDetail {
  headId: string;
  /** The text as sent (trimmed). */
  text: string;
}
/** The detail of `dh-video-ready`: the produced talk, as the talks list has it. */
export interface VideoReadyDetail {
  talk: VideoItem;
}

/** POST {endpoint}/heads/:id/videos answers 202 with this; the platform's own answer is "not shown". */
const acceptedSchema = z.object({ headId: z.string(), status: z.string() });

/** The most characters a video's text may have (the proxy's videoRequestSchema says the same). */
export const MAX_VIDEO_TEXT = 5000;
/** Polling: the first look after 1 s, then each wait 1.5 times longer, never more than 10 s. */
const FIRST_POLL_MS = 1000;
const POLL_GROWTH = 1.5;
const MAX_POLL_MS = 10_000;
/** Talks fetched to tell the new one from the others (it is newest, so it comes first in DESC). */
const BASELINE_TAKE = 50;
/** Network or server failures in a row while waiting before the element gives up (with a retry). */
const MAX_POLL_FAILURES = 3;
/** Screen readers hear the elapsed time this often, not every second (the visible timer is aria-hidden). */
const ANNOUNCE_EVERY_S = 15;
/** How long a video may take before the element stops waiting (the `timeout` property's default). */
const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** The proxy takes at most 100 talks per page. */
const MAX_PAGE_SIZE = 100;

/** One wait for a talk: what was there before the request, and the polling schedule. */
interface Wait {
  headId: string;
  text: string;
  /** Ids of the talks listed just before the request: the new talk is one that is not among them. */
  known: ReadonlySet<string>;
  startedAt: number;
  deadline: number;
  /** The next pause between two looks at the list (grows by POLL_GROWTH up to MAX_POLL_MS). */
  delay: number;
  /** Failed looks in a row. */
  failures: number;
}

/** Where a "Generate video" stands. */
type Job =
  | { phase: 'idle' }
  | { phase: 'sending'; headId: string; text: string; startedAt: number }
  | { phase: 'waiting'; wait: Wait }
  | { phase: 'ready'; talk: VideoItem }
  | { phase: 'cancelled' }
  | { phase: 'timeout'; wait: Wait; message: string }
  /** With `wait`, the request was accepted and only the waiting failed: a retry looks again instead of sending again. */
  | { phase: 'error'; error: DhErrorDetail; headId: string; text: string; wait?: Wait };

type Gallery = VideosPage & { headId: string };

const IDLE: Job = { phase: 'idle' };

/** Whitespace-insensitive text, to match a listed talk to the text that was sent. */
const normal = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

/** `1:05` for the visible timer. */
function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** `1 minute 5 seconds` for screen readers and messages. */
function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!m) return part(s, 'second');
  return s ? `${part(m, 'minute')} ${part(s, 'second')}` : part(m, 'minute');
}

/** `about 5 h 20 min` until the next midnight UTC, when the proxy's daily cap resets. */
function untilMidnightUtc(now = Date.now()): string {
  const d = new Date(now);
  const minutes = Math.max(1, Math.ceil((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now) / 60_000));
  const h = Math.floor(minutes / 60);
  return h ? `about ${h} h ${minutes % 60} min` : `about ${minutes} min`;
}

/**
 * The new talk in a DESC list: one whose id was not listed before the request. The spec shows
 * no answer to text-to-video (no job id), so ids are all there is to go by. One whose text is
 * the text sent wins (another request for the same head, ours cancelled earlier or someone
 * else's, may finish meanwhile); a single new talk with other text is taken too (the platform
 * may reformat text); several new ones, none matching, are someone else's: keep waiting.
 */
function findNewTalk(items: readonly VideoItem[], wait: Wait): VideoItem | undefined {
  const fresh = items.filter((t) => !wait.known.has(t.id));
  const text = normal(wait.text);
  return fresh.find((t) => normal(t.text) === text) ?? (fresh.length === 1 ? fresh[0] : undefined);
}

/** A stable key for the `headers` property, so an equal object in a new identity does not refetch. */
function headersKey(headers: HeadersInit | undefined): string {
  if (!headers) return '';
  return JSON.stringify([...new Headers(headers)].sort(([a], [b]) => a.localeCompare(b)));
}

function toDetail(err: unknown, fallback: DhErrorDetail): DhErrorDetail {
  if (err instanceof ApiRequestError) {
    if (err.code === 'video_cap_reached') {
      return {
        code: err.code,
        message: `The daily limit of videos is reached: no more can be made today. It resets at midnight UTC, in ${untilMidnightUtc()}.`,
      };
    }
    return { code: err.code, message: err.message };
  }
  return fallback;
}

let dateFormat: Intl.DateTimeFormat | undefined;
/** A talk's date in the reader's locale (formatter made once, on first use). */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(date);
}

/**
 * Text to video for a head, for a site's back office: a text box and a "Generate video" button;
 * visible progress while the platform produces the talk (the element looks at the head's talks
 * list with a growing pause, shows the time elapsed, and can stop waiting); then the mp4 plays
 * with controls and a download link. Below, the head's earlier videos, newest first, page by
 * page: selecting one plays it.
 *
 * It talks only to the proxy's admin routes (`POST`/`GET {endpoint}/heads/:id/videos`): give it
 * the site's own auth through the `headers` and `credentials` properties. The proxy's daily cap
 * (`DH_VIDEO_DAILY_CAP`) is shown as a plain message when reached.
 *
 * @element dh-video-studio
 *
 * @fires {CustomEvent<{headId: string, text: string}>} dh-video-requested - The proxy accepted a request; the platform is producing the video.
 * @fires {CustomEvent<{talk: VideoItem}>} dh-video-ready - The requested video is in the talks list and plays in the player.
 * @fires {CustomEvent<{code: string, message: string}>} dh-error - A request failed, the wait timed out (`video_timeout`), or the gallery could not be loaded; the element shows the message.
 *
 * @csspart form - The form around the text box and the button.
 * @csspart text - The text box.
 * @csspart generate - The "Generate video" button.
 * @csspart progress - The progress box shown while the video is produced.
 * @csspart cancel - The "Stop waiting" button.
 * @csspart player - The figure with the video, its text and the download link.
 * @csspart video - The player's `<video>`.
 * @csspart download - The download link.
 * @csspart gallery - The earlier videos section.
 * @csspart item - One earlier video (a button that plays it).
 * @csspart pager - The Previous / "Page X of Y" / Next bar.
 * @csspart error - An error message with its retry button.
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
export class DhVideoStudio extends LitElement {
  static override styles = styles;

  @query('form') private _form?: HTMLFormElement | null;
  @query('textarea') private _textarea?: HTMLTextAreaElement | null;
  @query('.player video') private _video?: HTMLVideoElement | null;

  @state() private _job: Job = IDLE;
  /** The talk in the player: the one just produced, or one chosen in the gallery. */
  @state() private _playing?: VideoItem;
  /** Why the text cannot be sent, shown next to the field; empty when it can. */
  @state() private _invalid = '';
  /** The clock while waiting (ticks each second: the visible timer). */
  @state() private _now = 0;
  /** What the polite live region says: states and, every ANNOUNCE_EVERY_S, the time elapsed. */
  @state() private _announcement = '';
  /** The gallery page shown (1-based). */
  @state() private _page = 1;
  /** Bumped to list the talks again (a new video, `refresh()`). */
  @state() private _revision = 0;

  /** The head whose videos are made and listed; without it the element says so and fetches nothing. */
  @property({ attribute: 'head-id' }) headId = '';
  /** Base URL of the proxy routes. */
  @property() endpoint = '/dh';
  /** Extra request headers for the admin routes, e.g. `{authorization: 'Bearer …'}` (property only). */
  @property({ attribute: false }) headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  @property({ attribute: false }) credentials?: RequestCredentials;
  /** The text the head will say (the text box's value). */
  @property() text = '';
  /** Earlier videos per gallery page (1–100). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 6;
  /** How long to wait for a video before giving up, in milliseconds. */
  @property({ type: Number }) timeout = DEFAULT_TIMEOUT_MS;
  /** Accessible name (and visible label) of the text box. */
  @property() label = 'Text the head will say';

  /** Aborts the current job's requests (a cancel, a new head, disconnection). */
  private _abort?: AbortController;
  private _pollTimer?: ReturnType<typeof setTimeout>;
  private _tickTimer?: ReturnType<typeof setInterval>;

  /** The gallery: one page of the head's talks, newest first. */
  private _gallery = new Task(this, {
    // The signal aborts a request a newer one supersedes, and Task drops a superseded answer: a
    // stale page (of another head, say) never replaces a newer one.
    task: async ([endpoint, headId, page, take], { signal }) => {
      if (!headId) return initialState;
      const res = await this._list(endpoint, headId, { page, take }, signal);
      const gallery: Gallery = { ...res, headId };
      return gallery;
    },
    args: () => [this.endpoint, this.headId, this._page, this._take, headersKey(this.headers), this.credentials, this._revision] as const,
    // Only called for the newest run.
    onComplete: (gallery) => {
      // Fewer talks than before (another page size): show the last page rather than an empty one.
      if (gallery.pageCount > 0 && this._page > gallery.pageCount) this._page = gallery.pageCount;
    },
    onError: (err) => {
      if (!(err instanceof DOMException && err.name === 'AbortError')) {
        emit(this, 'dh-error', toDetail(err, { code: 'videos_failed', message: 'The videos could not be loaded.' }));
      }
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page while waiting: pick the wait up again.
    if (this._job.phase === 'waiting') this._startWaiting(this._job.wait);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._stopTimers();
    this._abort?.abort();
    // A request on its way is lost with its signal; a wait is resumed on reconnection.
    if (this._job.phase === 'sending') this._job = IDLE;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another head: its own videos, its own gallery; a wait for the old head's video ends quietly.
    if (changed.has('headId')) {
      this._stopJob();
      this._job = IDLE;
      this._playing = undefined;
      this._invalid = '';
      this._page = 1;
    }
    if (changed.has('pageSize')) this._page = 1;
  }

  /**
   * Sends `text` (default: the text box's) to be made into a video of the head, then waits for it
   * (`dh-video-ready`). Resolves once the proxy has accepted or refused the request. Nothing is
   * sent while a video is being made, without a head, or when the text is empty or too long (the
   * reason is then shown next to the field).
   */
  async generate(text: string = this.text): Promise<void> {
    if (this._busy) return;
    const headId = this.headId;
    if (!headId) return;
    const checked = videoRequestSchema.safeParse({ text });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'check the text';
      this._invalid = `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
      await this.updateComplete;
      this._textarea?.focus();
      return;
    }
    this._invalid = '';
    await this._send(headId, checked.data.text);
  }

  /**
   * Stops waiting for the video being made. The platform cannot be told to stop: it may still
   * make it, and it then appears in the gallery.
   */
  cancel(): void {
    if (!this._busy) return;
    this._stopJob();
    this._job = { phase: 'cancelled' };
    this._announcement = 'Stopped waiting for the video.';
  }

  /** Lists the head's videos again. */
  refresh(): void {
    this._revision++;
  }

  private get _busy(): boolean {
    return this._job.phase === 'sending' || this._job.phase === 'waiting';
  }

  /** `timeout`, or its default when it is not a positive number (a NaN deadline would never come). */
  private get _timeoutMs(): number {
    const ms = Number(this.timeout);
    return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
  }

  private get _take(): number {
    const n = Math.floor(Number(this.pageSize));
    return Number.isFinite(n) ? Math.min(MAX_PAGE_SIZE, Math.max(1, n)) : 6;
  }

  private _list(endpoint: string, headId: string, paging: { page: number; take: number }, signal: AbortSignal): Promise<VideosPage> {
    return requestJson(endpoint, `/heads/${encodeURIComponent(headId)}/videos`, videosPageSchema, {
      query: { order: 'DESC', ...paging },
      signal,
      headers: this.headers,
      credentials: this.credentials,
    });
  }

  private async _send(headId: string, text: string): Promise<void> {
    this._stopJob();
    const abort = (this._abort = new AbortController());
    const startedAt = Date.now();
    this._job = { phase: 'sending', headId, text, startedAt };
    this._now = startedAt;
    this._announcement = 'Sending the text…';
    let known: Set<string>;
    try {
      // What is listed before the request: the new talk is the one that is not (the platform's
      // answer to text-to-video is "not shown", so it gives no id to wait for).
      const before = await this._list(this.endpoint, headId, { page: 1, take: BASELINE_TAKE }, abort.signal);
      known = new Set(before.items.map((t) => t.id));
      await requestJson(this.endpoint, `/heads/${encodeURIComponent(headId)}/videos`, acceptedSchema, {
        method: 'POST',
        body: { text },
        signal: abort.signal,
        headers: this.headers,
        credentials: this.credentials,
      });
    } catch (err) {
      if (abort.signal.aborted) return;
      this._fail(toDetail(err, { code: 'video_request_failed', message: 'The video could not be requested.' }), headId, text);
      return;
    }
    if (abort.signal.aborted) return;
    emit<VideoRequestedDetail>(this, 'dh-video-requested', { headId, text });
    const wait: Wait = { headId, text, known, startedAt, deadline: Date.now() + this._timeoutMs, delay: FIRST_POLL_MS, failures: 0 };
    this._job = { phase: 'waiting', wait };
    this._announcement = 'Producing the video. This can take a few minutes.';
    this._startWaiting(wait);
  }

  private _startWaiting(wait: Wait): void {
    this._stopTimers();
    this._abort?.abort();
    this._abort = new AbortController();
    this._now = Date.now();
    this._tickTimer = setInterval(() => {
      this._now = Date.now();
      const seconds = Math.floor((this._now - wait.startedAt) / 1000);
      if (seconds > 0 && seconds % ANNOUNCE_EVERY_S === 0) this._announcement = `Still producing the video: ${duration(seconds)} so far.`;
    }, 1000);
    this._schedulePoll(wait);
  }

  private _schedulePoll(wait: Wait): void {
    const pause = Math.max(0, Math.min(wait.delay, wait.deadline - Date.now()));
    this._pollTimer = setTimeout(() => void this._poll(wait), pause);
  }

  private async _poll(wait: Wait): Promise<void> {
    const abort = this._abort;
    if (!abort || !this._isWaitingFor(wait)) return;
    let page: VideosPage;
    try {
      page = await this._list(this.endpoint, wait.headId, { page: 1, take: BASELINE_TAKE }, abort.signal);
    } catch (err) {
      if (abort.signal.aborted || !this._isWaitingFor(wait)) return;
      const permanent = err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
      wait.failures++;
      if (permanent || wait.failures >= MAX_POLL_FAILURES) {
        this._stopJob();
        this._fail(toDetail(err, { code: 'video_poll_failed', message: 'The video could not be checked.' }), wait.headId, wait.text, wait);
        return;
      }
      this._next(wait);
      return;
    }
    if (abort.signal.aborted || !this._isWaitingFor(wait)) return;
    wait.failures = 0;
    const talk = findNewTalk(page.items, wait);
    if (talk) {
      this._stopJob();
      this._job = { phase: 'ready', talk };
      this._playing = talk;
      this._announcement = 'The video is ready.';
      // The gallery's first page now starts with it.
      this._page = 1;
      this._revision++;
      emit<VideoReadyDetail>(this, 'dh-video-ready', { talk });
      return;
    }
    this._next(wait);
  }

  /** The next look, a little later; or the end of the wait once its time is up. */
  private _next(wait: Wait): void {
    if (Date.now() >= wait.deadline) {
      this._stopJob();
      const waited = duration(Math.floor((Date.now() - wait.startedAt) / 1000));
      const message = `No video after ${waited}. The platform may still be making it: it will then appear among the earlier videos.`;
      this._job = { phase: 'timeout', wait, message };
      // The message itself is a role="alert": the polite region says nothing more.
      this._announcement = '';
      emit<DhErrorDetail>(this, 'dh-error', { code: 'video_timeout', message });
      return;
    }
    wait.delay = Math.min(MAX_POLL_MS, wait.delay * POLL_GROWTH);
    this._schedulePoll(wait);
  }

  private _isWaitingFor(wait: Wait): boolean {
    return this._job.phase === 'waiting' && this._job.wait === wait && this.isConnected;
  }

  private _fail(error: DhErrorDetail, headId: string, text: string, wait?: Wait): void {
    this._job = { phase: 'error', error, headId, text, wait };
    // The error itself is a role="alert": the polite region says nothing more.
    this._announcement = '';
    emit<DhErrorDetail>(this, 'dh-error', error);
  }

  private _stopTimers(): void {
    clearTimeout(this._pollTimer);
    clearInterval(this._tickTimer);
    this._pollTimer = undefined;
    this._tickTimer = undefined;
  }

  /** Ends the current job's timers and requests. */
  private _stopJob(): void {
    this._stopTimers();
    this._abort?.abort();
    this._abort = undefined;
  }

  /** Waits again, for as long as `timeout` again, for the same request (no second video is asked for). */
  private _resume(wait: Wait): void {
    const again: Wait = { ...wait, deadline: Date.now() + this._timeoutMs, delay: FIRST_POLL_MS, failures: 0 };
    this._job = { phase: 'waiting', wait: again };
    this._announcement = 'Waiting for the video again.';
    this._startWaiting(again);
  }

  private _onSubmit = (e: SubmitEvent): void => {
    e.preventDefault();
    void this.generate();
  };

  private _onInput = (e: Event): void => {
    this.text = (e.target as HTMLTextAreaElement).value;
    if (this._invalid) this._invalid = '';
  };

  private _onTextKeydown = (e: KeyboardEvent): void => {
    // Ctrl+Enter (Cmd+Enter on a Mac) sends, as in most editors; a plain Enter is a new line.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.isComposing) {
      e.preventDefault();
      this._form?.requestSubmit();
    }
  };

  private _onCancel = (): void => this.cancel();

  private _onRetry = (): void => {
    const job = this._job;
    if (job.phase === 'timeout') this._resume(job.wait);
    else if (job.phase === 'error') {
      if (job.wait) this._resume(job.wait);
      else void this._send(job.headId, job.text);
    }
  };

  private _onGalleryRetry = (): void => void this._gallery.run();

  private _onSelect = async (e: Event): Promise<void> => {
    const id = (e.currentTarget as HTMLElement).dataset.id;
    const talk = this._gallery.value?.items.find((t) => t.id === id);
    if (!talk) return;
    // The job's own state (a wait, a note, an error) stays: choosing a video to watch ends none of them.
    this._playing = talk;
    await this.updateComplete;
    const video = this._video;
    if (!video) return;
    video.scrollIntoView({ block: 'nearest' });
    // A click is a user gesture, so the browser lets it play with sound; if it refuses, the controls are there.
    video.play().catch(() => undefined);
  };

  // The pager's buttons are aria-disabled at the ends, not disabled: a disabled button drops the
  // keyboard focus that just pressed it (to the page's body).
  private _onPrevious = (): void => {
    if (this._page > 1) this._page--;
  };
  private _onNext = (): void => {
    const count = this._gallery.value?.pageCount ?? 1;
    if (this._page < count) this._page++;
  };

  protected override render() {
    return html`
      ${this.headId
        ? nothing
        : html`<p class="state" part="status">No head is selected: set <code>head-id</code> to make and list its videos.</p>`}
      ${this.renderForm()}
      <p class="sr-only" role="status" aria-live="polite">${this._announcement}</p>
      ${this.renderJob()} ${this.renderPlayer()} ${this.renderGallery()}
    `;
  }

  private renderForm() {
    const busy = this._busy;
    const length = this.text.length;
    const describedBy = ['count', 'shortcut', ...(this._invalid ? ['invalid'] : [])].join(' ');
    return html`<form part="form" novalidate @submit=${this._onSubmit}>
      <label for="text">${this.label}</label>
      <textarea
        id="text"
        part="text"
        rows="4"
        maxlength=${MAX_VIDEO_TEXT}
        .value=${this.text}
        aria-invalid=${this._invalid ? 'true' : 'false'}
        aria-describedby=${describedBy}
        @input=${this._onInput}
        @keydown=${this._onTextKeydown}
      ></textarea>
      <div class="field-info">
        ${this._invalid ? html`<span id="invalid" class="invalid">${this._invalid}</span>` : html`<span></span>`}
        <span id="count">${length} / ${MAX_VIDEO_TEXT}<span class="sr-only"> characters</span></span>
      </div>
      <div class="actions">
        <!-- aria-disabled, not disabled: the button keeps the focus that pressed it while the video is made. -->
        <button class="generate" part="generate" type="submit" aria-disabled=${busy || !this.headId ? 'true' : 'false'}>Generate video</button>
        <span id="shortcut" class="hint">Ctrl+Enter (⌘+Enter) sends.</span>
      </div>
    </form>`;
  }

  private renderJob() {
    const job = this._job;
    switch (job.phase) {
      case 'sending':
      case 'waiting': {
        const startedAt = job.phase === 'sending' ? job.startedAt : job.wait.startedAt;
        const seconds = Math.max(0, Math.floor((this._now - startedAt) / 1000));
        return html`<div class="job progress" part="progress">
          <span>${job.phase === 'sending' ? 'Sending the text…' : 'Producing the video…'}</span>
          <!-- Read once as a state by the live region; the bar and the ticking clock are for the eyes. -->
          <progress aria-hidden="true"></progress>
          <span class="elapsed" aria-hidden="true">${clock(seconds)}</span>
          <span class="sr-only">${duration(seconds)} elapsed</span>
          <button part="cancel" type="button" @click=${this._onCancel}>Stop waiting</button>
        </div>`;
      }
      case 'cancelled':
        return html`<p class="job note" part="status">
          Stopped waiting. The platform may still make this video: it will then appear among the earlier videos.
        </p>`;
      case 'timeout':
        return html`<div class="job note error" part="error" role="alert">
          ${job.message}
          <button type="button" @click=${this._onRetry}>Keep waiting</button>
        </div>`;
      case 'error':
        return html`<div class="job note error" part="error" role="alert">
          ${job.error.message}
          ${job.error.code === 'video_cap_reached'
            ? nothing
            : html`<button type="button" @click=${this._onRetry}>Try again</button>`}
        </div>`;
      default:
        return nothing;
    }
  }

  private renderPlayer() {
    const talk = this._playing;
    if (!talk) return nothing;
    return html`<figure class="player" part="player">
      <video part="video" src=${talk.url} controls preload="metadata" playsinline aria-describedby="playing-text"></video>
      <figcaption>
        <p id="playing-text" class="said">${talk.text}</p>
        <span class="meta">${talk.voice} · <time datetime=${talk.createdAt}>${formatDate(talk.createdAt)}</time></span>
      </figcaption>
      <a class="download" part="download" href=${talk.url} download=${`video-${talk.id}.mp4`}>Download the video (mp4)</a>
    </figure>`;
  }

  private renderGallery() {
    if (!this.headId) return nothing;
    const body = this._gallery.render({
      initial: () => nothing,
      pending: () => {
        const shown = this._gallery.value;
        // Another page of the same head: keep the list (busy) instead of a flash of "Loading".
        return shown && shown.headId === this.headId && shown.items.length
          ? this.renderItems(shown, true)
          : html`<p class="state" part="status" role="status">Loading videos…</p>`;
      },
      complete: (gallery) =>
        gallery.items.length
          ? this.renderItems(gallery, false)
          : html`<p class="state" part="status" role="status">No videos yet. Type a text above and press Generate video.</p>`,
      error: (err) => html`<div class="state error" part="error" role="alert">
        ${err instanceof ApiRequestError ? err.message : 'The videos could not be loaded.'}
        <button type="button" @click=${this._onGalleryRetry}>Try again</button>
      </div>`,
    });
    return html`<section class="gallery" part="gallery" aria-labelledby="gallery-title">
      <h3 id="gallery-title">Earlier videos</h3>
      ${body}
    </section>`;
  }

  private renderItems(gallery: Gallery, busy: boolean) {
    return html`<ul class="items" aria-busy=${busy ? 'true' : 'false'}>
        ${gallery.items.map(
          (talk) => html`<li>
            <button
              class="item"
              part="item"
              type="button"
              data-id=${talk.id}
              aria-current=${talk.id === this._playing?.id ? 'true' : 'false'}
              @click=${this._onSelect}
            >
              <!-- A still of the video (the media fragment picks a frame); the text says what it is. -->
              <video src=${`${talk.url}#t=0.5`} preload="metadata" muted playsinline aria-hidden="true" tabindex="-1"></video>
              <span class="said">${talk.text}</span>
              <span class="meta">${talk.voice} · <time datetime=${talk.createdAt}>${formatDate(talk.createdAt)}</time></span>
            </button>
          </li>`,
        )}
      </ul>
      ${gallery.pageCount > 1
        ? html`<nav class="pager" part="pager" aria-label="Pages of earlier videos">
            <button type="button" @click=${this._onPrevious} aria-disabled=${this._page <= 1 ? 'true' : 'false'}>Previous</button>
            <span class="page">Page ${gallery.page} of ${gallery.pageCount}</span>
            <button type="button" @click=${this._onNext} aria-disabled=${this._page >= gallery.pageCount ? 'true' : 'false'}>Next</button>
          </nav>`
        : nothing}`;
  }
}

// Defined only in a browser, and only once: importing the module in Node (SSR, tests) must not
// throw, nor may a page that loads the element twice (the CDN bundle and the package). Lit's
// @customElement decorator defines unconditionally, so the kit's elements register this way.
if (!isServer && !customElements.get('dh-video-studio')) customElements.define('dh-video-studio', DhVideoStudio);

declare global {
  interface HTMLElementTagNameMap {
    'dh-video-studio': DhVideoStudio;
  }
  interface HTMLElementEventMap {
    'dh-video-requested': CustomEvent<VideoRequestedDetail>;
    'dh-video-ready': CustomEvent<VideoReadyDetail>;
    'dh-error': CustomEvent<DhErrorDetail>;
  }
}
