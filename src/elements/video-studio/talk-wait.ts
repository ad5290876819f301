/**
 * One "Generate video", from the request to the talk in the list: the proxy is asked, then the
 * head's talks list is looked at with a growing pause until the new talk is there, the time is
 * up, or the user stops waiting. The elapsed time ticks for the eyes; screen readers hear the
 * states and, now and then, the time.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ApiRequestError } from '../../api/client.js';
import type { VideoItem, VideosPage } from '../../api/answers.js';
import { emit, fail, type VideoRequestedDetail } from '../shared/events.js';
import {
  clock,
  duration,
  failure,
  failureText,
  toFailure,
  type Failure,
  type Words,
} from './wording.js';
import { realClock, type WaitClock } from './wait-clock.js';

export type { WaitClock } from './wait-clock.js';

/** Polling: the first look after 1 s, then each wait 1.5 times longer, never more than 10 s (docs/elements/dh-video-studio.md says so). */
const FIRST_POLL_MS = 1000;
const POLL_GROWTH = 1.5;
const MAX_POLL_MS = 10_000;
/** Talks fetched to tell the new one from the others (it is newest, so it comes first in DESC). */
const BASELINE_TAKE = 50;
/** Network or server failures in a row while waiting before the element gives up (with a retry). */
const MAX_POLL_FAILURES = 3;
/** Screen readers hear the elapsed time this often, not every second (the visible timer is aria-hidden). */
const ANNOUNCE_EVERY_S = 15;

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
  | { phase: 'timeout'; wait: Wait; failure: Failure }
  /** With `wait`, the request was accepted and only the waiting failed: a retry looks again instead of sending again. */
  | { phase: 'error'; failure: Failure; headId: string; text: string; wait?: Wait };

/** What the polite live region says, in the element's words (nothing: undefined). */
type Announcement = ((words: Words) => string) | undefined;

const IDLE: Job = { phase: 'idle' };

/** Whitespace-insensitive text, to match a listed talk to the text that was sent. */
const normal = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

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

/** What a {@link TalkWait} is given by the element. */
export interface TalkWaitOptions {
  /** One page of the head's talks, newest first. */
  list(
    headId: string,
    paging: { page: number; take: number },
    signal: AbortSignal,
  ): Promise<VideosPage>;
  /** Asks the proxy for a video of the text (it answers 202: production has started). */
  request(headId: string, text: string, signal: AbortSignal): Promise<void>;
  /** How long to wait for a video, in milliseconds (read when a wait starts). */
  timeoutMs(): number;
  /** The talk is in the list: the element plays it, lists it and tells the page. */
  onReady(talk: VideoItem): void;
  /** Focuses the element's text box (where focus goes when the button pressed is gone for good). */
  focusText(): void;
  /** The job failed: the element's older failures (a download, the player's) are stale now. */
  onFailure(): void;
}

/** Sends a text to be made into a video and waits for the talk: the job's state, timers and requests. */
export class TalkWait implements ReactiveController {
  /**
   * Test hook, not API: the clock and timers of the waits made from now on (each TalkWait takes
   * the one set when it is made). Tests set a manual clock to check the polling schedule and the
   * announcements over minutes without waiting for them, and put the real one back after.
   */
  static clock: WaitClock = realClock;

  readonly #clock = TalkWait.clock;
  #job: Job = IDLE;
  /** The clock while waiting (ticks each second: the visible timer). */
  #now = 0;
  /** What the polite live region says: states and, every ANNOUNCE_EVERY_S, the time elapsed. */
  #announcement: Announcement;
  /** Aborts the current job's requests (a cancel, a new head, disconnection). */
  #abort?: AbortController;
  #cancelPoll?: () => void;
  #stopTick?: () => void;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: TalkWaitOptions;

  constructor(host: ReactiveControllerHost & HTMLElement, options: TalkWaitOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** A video is being asked for or waited for: nothing else is sent meanwhile. */
  get busy(): boolean {
    return this.#job.phase === 'sending' || this.#job.phase === 'waiting';
  }

  /** What the polite live region says now, in the element's words. */
  announcement(words: Words): string {
    return this.#announcement?.(words) ?? '';
  }

  hostConnected(): void {
    // Moved in the page while waiting: pick the wait up again.
    if (this.#job.phase === 'waiting') this.#startWaiting(this.#job.wait);
  }

  hostDisconnected(): void {
    this.#stopTimers();
    this.#abort?.abort();
    // A request on its way is lost with its signal; a wait is resumed on reconnection.
    if (this.#job.phase === 'sending') this.#set({ job: IDLE });
  }

  /** Asks for a video of `text` (already checked), then waits for it. */
  async send(headId: string, text: string): Promise<void> {
    this.#stopJob();
    const abort = (this.#abort = new AbortController());
    const startedAt = this.#clock.now();
    this.#set({
      job: { phase: 'sending', headId, text, startedAt },
      now: startedAt,
      announcement: ({ m }) => m.sending,
    });
    let known: Set<string>;
    try {
      // What is listed before the request: the new talk is the one that is not (the platform's
      // answer to text-to-video is "not shown", so it gives no id to wait for).
      const before = await this.#options.list(
        headId,
        { page: 1, take: BASELINE_TAKE },
        abort.signal,
      );
      known = new Set(before.items.map((t) => t.id));
      await this.#options.request(headId, text, abort.signal);
    } catch (err) {
      if (abort.signal.aborted) return;
      this.#fail(
        toFailure(
          err,
          failure('video_request_failed', ({ m }) => m.requestFailed),
        ),
        headId,
        text,
      );
      return;
    }
    if (abort.signal.aborted) return;
    emit<VideoRequestedDetail>(this.#host, 'dh-video-requested', { headId, text });
    const wait: Wait = {
      headId,
      text,
      known,
      startedAt,
      deadline: this.#clock.now() + this.#options.timeoutMs(),
      delay: FIRST_POLL_MS,
      failures: 0,
    };
    this.#set({ job: { phase: 'waiting', wait }, announcement: ({ m }) => m.producingStarted });
    this.#startWaiting(wait);
  }

  /** Stops waiting (the platform cannot be told to stop: it may still make the video). */
  cancel(): void {
    if (!this.busy) return;
    this.#stopJob();
    this.#set({ job: { phase: 'cancelled' }, announcement: ({ m }) => m.stoppedAnnouncement });
  }

  /** Forgets a failed job's error (a newer failure of another action shows instead). */
  clearError(): void {
    if (this.#job.phase === 'error') this.#set({ job: IDLE });
  }

  /** Forgets the job quietly (another head: a wait for the old head's video ends). */
  reset(): void {
    this.#stopJob();
    this.#set({ job: IDLE });
  }

  #set(changes: { job?: Job; now?: number; announcement?: Announcement | '' }): void {
    if (changes.job) this.#job = changes.job;
    if (changes.now !== undefined) this.#now = changes.now;
    if (changes.announcement !== undefined) this.#announcement = changes.announcement || undefined;
    this.#host.requestUpdate();
  }

  #startWaiting(wait: Wait): void {
    this.#stopTimers();
    this.#abort?.abort();
    this.#abort = new AbortController();
    this.#set({ now: this.#clock.now() });
    this.#stopTick = this.#clock.every(1000, () => {
      const now = this.#clock.now();
      const seconds = Math.floor((now - wait.startedAt) / 1000);
      const announce = seconds > 0 && seconds % ANNOUNCE_EVERY_S === 0;
      this.#set({
        now,
        announcement: announce
          ? ({ m, locale }) => m.stillProducing(duration(seconds, locale))
          : undefined,
      });
    });
    this.#schedulePoll(wait);
  }

  #schedulePoll(wait: Wait): void {
    const pause = Math.max(0, Math.min(wait.delay, wait.deadline - this.#clock.now()));
    this.#cancelPoll = this.#clock.after(pause, () => void this.#poll(wait));
  }

  async #poll(wait: Wait): Promise<void> {
    const abort = this.#abort;
    if (!abort || !this.#isWaitingFor(wait)) return;
    let page: VideosPage;
    try {
      page = await this.#options.list(wait.headId, { page: 1, take: BASELINE_TAKE }, abort.signal);
    } catch (err) {
      if (abort.signal.aborted || !this.#isWaitingFor(wait)) return;
      const permanent =
        err instanceof ApiRequestError &&
        err.status >= 400 &&
        err.status < 500 &&
        err.status !== 408 &&
        err.status !== 429;
      wait.failures++;
      if (permanent || wait.failures >= MAX_POLL_FAILURES) {
        this.#stopJob();
        this.#fail(
          toFailure(
            err,
            failure('video_poll_failed', ({ m }) => m.checkFailed),
          ),
          wait.headId,
          wait.text,
          wait,
        );
        return;
      }
      this.#next(wait);
      return;
    }
    if (abort.signal.aborted || !this.#isWaitingFor(wait)) return;
    wait.failures = 0;
    // Listed without its url, the video is still being made: keep waiting.
    const talk = findNewTalk(page.items, wait);
    if (talk?.url) {
      const keep = this.#stopHasFocus();
      this.#stopJob();
      this.#set({ job: { phase: 'ready', talk }, announcement: ({ m }) => m.ready });
      this.#options.onReady(talk);
      if (keep) void this.#focusAfterEnd('[part="video"]');
      return;
    }
    this.#next(wait);
  }

  /** The next look, a little later; or the end of the wait once its time is up. */
  #next(wait: Wait): void {
    const now = this.#clock.now();
    if (now >= wait.deadline) {
      this.#stopJob();
      const keep = this.#stopHasFocus();
      const waited = Math.floor((now - wait.startedAt) / 1000);
      const timedOut = failure('video_timeout', ({ m, locale }) =>
        m.timedOut(duration(waited, locale)),
      );
      // The message itself is a role="alert": the polite region says nothing more.
      this.#set({ job: { phase: 'timeout', wait, failure: timedOut }, announcement: '' });
      fail(this.#host, timedOut.detail);
      if (keep) void this.#focusAfterEnd('.job.error button');
      return;
    }
    wait.delay = Math.min(MAX_POLL_MS, wait.delay * POLL_GROWTH);
    this.#schedulePoll(wait);
  }

  #isWaitingFor(wait: Wait): boolean {
    return this.#job.phase === 'waiting' && this.#job.wait === wait && this.#host.isConnected;
  }

  #fail(failed: Failure, headId: string, text: string, wait?: Wait): void {
    const keep = this.#stopHasFocus();
    this.#options.onFailure();
    // The error itself is a role="alert": the polite region says nothing more.
    this.#set({ job: { phase: 'error', failure: failed, headId, text, wait }, announcement: '' });
    fail(this.#host, failed.detail);
    if (keep) void this.#focusAfterEnd('.job.error button');
  }

  /** The progress box's Stop waiting button, while there is one. */
  #stopButton(): HTMLButtonElement | null | undefined {
    return this.#host.shadowRoot?.querySelector<HTMLButtonElement>('[part="cancel"]');
  }

  /** Whether the keyboard is on Stop waiting, which goes away when the wait ends by itself. */
  #stopHasFocus(): boolean {
    const stop = this.#stopButton();
    return !!stop && this.#host.shadowRoot?.activeElement === stop;
  }

  /**
   * The wait ended by itself while the keyboard was on Stop waiting: focus goes on to what took
   * its place (the new video, or the message's button) rather than to the page's body.
   */
  async #focusAfterEnd(selector: string): Promise<void> {
    await this.#host.updateComplete;
    const next = this.#host.shadowRoot?.querySelector<HTMLElement>(selector);
    if (next) next.focus();
    else this.#options.focusText();
  }

  #stopTimers(): void {
    this.#cancelPoll?.();
    this.#stopTick?.();
    this.#cancelPoll = undefined;
    this.#stopTick = undefined;
  }

  /** Ends the current job's timers and requests. */
  #stopJob(): void {
    this.#stopTimers();
    this.#abort?.abort();
    this.#abort = undefined;
  }

  /** Waits again, for as long as `timeout` again, for the same request (no second video is asked for). */
  #resume(wait: Wait): void {
    const again: Wait = {
      ...wait,
      deadline: this.#clock.now() + this.#options.timeoutMs(),
      delay: FIRST_POLL_MS,
      failures: 0,
    };
    this.#set({ job: { phase: 'waiting', wait: again }, announcement: ({ m }) => m.waitingAgain });
    this.#startWaiting(again);
  }

  /**
   * The button just pressed (Stop waiting, Try again, Keep waiting) is gone with the box it was
   * in, and focus with it, to the page's body (WCAG 2.4.3): it goes to the new progress box's
   * Stop waiting if there is one, else to the text box.
   */
  async #moveFocus(): Promise<void> {
    await this.#host.updateComplete;
    const stop = this.#stopButton();
    if (stop?.isConnected) stop.focus();
    else this.#options.focusText();
  }

  #onCancel = (): void => {
    this.cancel();
    void this.#moveFocus();
  };

  #onRetry = (): void => {
    const job = this.#job;
    if (job.phase === 'timeout') this.#resume(job.wait);
    else if (job.phase === 'error') {
      if (job.wait) this.#resume(job.wait);
      else void this.send(job.headId, job.text);
    }
    void this.#moveFocus();
  };

  /** The progress box, or the note or error the job ended with, in the element's words. */
  render(words: Words) {
    const { m, locale } = words;
    const job = this.#job;
    switch (job.phase) {
      case 'sending':
      case 'waiting': {
        const startedAt = job.phase === 'sending' ? job.startedAt : job.wait.startedAt;
        const seconds = Math.max(0, Math.floor((this.#now - startedAt) / 1000));
        // The state is read once by the live region; the bar and the ticking clock are for the eyes.
        return html`<div class="job progress" part="progress">
          <span>${job.phase === 'sending' ? m.sending : m.producing}</span>
          <progress aria-hidden="true"></progress>
          <span class="elapsed" aria-hidden="true">${clock(seconds)}</span>
          <span class="sr-only">${m.elapsed(duration(seconds, locale))}</span>
          <button part="cancel" type="button" @click=${this.#onCancel}>${m.stop}</button>
        </div>`;
      }
      case 'cancelled':
        return html`<p class="job note" part="status">${m.stopped}</p>`;
      case 'timeout':
        return html`<div class="job note error" part="error" role="alert">
          ${failureText(job.failure, words)}
          <button type="button" @click=${this.#onRetry}>${m.keepWaiting}</button>
        </div>`;
      case 'error':
        return html`<div class="job note error" part="error" role="alert">
          ${failureText(job.failure, words)}
          ${
            job.failure.detail.code === 'video_cap_reached'
              ? nothing
              : html`<button type="button" @click=${this.#onRetry}>${words.shared.tryAgain}</button>`
          }
        </div>`;
      default:
        return nothing;
    }
  }
}
