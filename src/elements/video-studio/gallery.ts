/**
 * The studio's "Earlier videos": one page of the head's talks, newest first, with its states
 * (loading, empty, error with retry) and a Previous / "Page X of Y" / Next bar. Choosing one
 * hands it to the element, which plays it.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { Task, initialState } from '@lit/task';
import type { VideoItem, VideosPage } from '../../api/answers.js';
import { fail } from '../shared/events.js';
import { renderError, renderStatus } from '../shared/states.js';
import { failure, failureText, formatDate, formatWhen, toFailure, type Words } from './wording.js';

type Gallery = VideosPage & { headId: string };

/** A list that failed for another reason than the proxy's answer. */
const listFailed = failure('videos_failed', ({ m }) => m.listFailed);

/** What the gallery lists, read from the element on each update. */
export interface GallerySource {
  endpoint: string;
  /** Empty: no head, no gallery, no request. */
  headId: string;
  /** Talks per page (1–100). */
  take: number;
  /** What else makes two lists differ (the auth): a new value lists again. */
  auth: readonly unknown[];
}

/** What a {@link VideoGallery} is given by the element. */
export interface GalleryOptions {
  source(): GallerySource;
  list(
    endpoint: string,
    headId: string,
    paging: { page: number; take: number },
    signal: AbortSignal,
  ): Promise<VideosPage>;
  /** The talk in the player, marked in the list. */
  playingId(): string | undefined;
  /** A voice id as people read it. */
  voiceName(voiceId: string): string;
  /** The user chose a talk. */
  onSelect(talk: VideoItem): void;
}

/**
 * One page of a head's talks, with its paging; superseded requests are aborted, stale answers
 * dropped. Its Task is a controller of the element, so it lists again whenever what it lists changes.
 * It is a controller itself for its clock: "3 minutes ago" is said again every half minute while
 * the element is in the document and shows talks.
 */
export class VideoGallery implements ReactiveController {
  /** The page shown (1-based). */
  #page = 1;
  /** Bumped to list the talks again (a new video, `refresh()`). */
  #revision = 0;
  readonly #task: Task<readonly [string, string, number, number, number, ...unknown[]], Gallery>;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: GalleryOptions;

  #clock?: ReturnType<typeof setInterval>;

  constructor(host: ReactiveControllerHost & HTMLElement, options: GalleryOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
    this.#task = new Task(host, {
      // The signal aborts a request a newer one supersedes, and Task drops a superseded answer: a
      // stale page (of another head, say) never replaces a newer one.
      task: async ([endpoint, headId, page, take], { signal }) => {
        if (!headId) return initialState;
        const res = await this.#options.list(endpoint, headId, { page, take }, signal);
        const gallery: Gallery = { ...res, headId };
        return gallery;
      },
      args: () => {
        const { endpoint, headId, take, auth } = this.#options.source();
        return [endpoint, headId, this.#page, take, this.#revision, ...auth] as const;
      },
      // Only called for the newest run.
      onComplete: (gallery) => {
        // Fewer talks than before (another page size): show the last page rather than an empty one.
        if (gallery.pageCount > 0 && this.#page > gallery.pageCount)
          this.#setPage(gallery.pageCount);
      },
      onError: (err) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) {
          fail(this.#host, toFailure(err, listFailed).detail);
        }
      },
    });
  }

  hostConnected(): void {
    this.#clock = setInterval(
      () => this.#task.value?.items.length && this.#host.requestUpdate(),
      30_000,
    );
  }

  hostDisconnected(): void {
    clearInterval(this.#clock);
  }

  /** Back to the first page (another head, another page size, a new video at the top). */
  firstPage(): void {
    this.#setPage(1);
  }

  /** Lists the talks again. */
  refresh(): void {
    this.#revision++;
    this.#host.requestUpdate();
  }

  #setPage(page: number): void {
    this.#page = page;
    this.#host.requestUpdate();
  }

  /** Try again: the button goes away with the error, so focus waits on the section's heading. */
  #onRetry = (): void => {
    this.#host.shadowRoot?.querySelector<HTMLElement>('#gallery-title')?.focus();
    void this.#task.run();
  };

  #onSelect = (e: Event): void => {
    const id = (e.currentTarget as HTMLElement).dataset.id;
    const talk = this.#task.value?.items.find((t) => t.id === id);
    if (talk) this.#options.onSelect(talk);
  };

  // The pager's buttons are aria-disabled at the ends, not disabled: a disabled button drops the
  // keyboard focus that just pressed it (to the page's body).
  #onPrevious = (): void => {
    if (this.#page > 1) this.#setPage(this.#page - 1);
  };
  #onNext = (): void => {
    const count = this.#task.value?.pageCount ?? 1;
    if (this.#page < count) this.#setPage(this.#page + 1);
  };

  /** The section, in the element's words. */
  render(words: Words) {
    const { m } = words;
    const { headId } = this.#options.source();
    if (!headId) return nothing;
    const body = this.#task.render({
      initial: () => nothing,
      pending: () => {
        const shown = this.#task.value;
        // Another page of the same head: keep the list (busy) instead of a flash of "Loading".
        return shown && shown.headId === headId && shown.items.length
          ? this.#renderItems(shown, true, words)
          : renderStatus(m.loading);
      },
      complete: (gallery) =>
        gallery.items.length ? this.#renderItems(gallery, false, words) : renderStatus(m.empty),
      error: (err) =>
        renderError(
          failureText(toFailure(err, listFailed), words),
          words.shared.tryAgain,
          this.#onRetry,
        ),
    });
    return html`<section class="gallery" part="gallery" aria-labelledby="gallery-title">
      <h3 id="gallery-title" tabindex="-1">${m.earlier}</h3>
      ${body}
    </section>`;
  }

  #renderItems(gallery: Gallery, busy: boolean, { m, locale }: Words) {
    const playing = this.#options.playingId();
    // Each item shows a still of its video (the media fragment picks a frame); its text says what it is.
    return html`<ul class="items" aria-busy=${busy}>
        ${gallery.items.map(
          (talk) => html`<li>
            <button
              class="item"
              part="item"
              type="button"
              data-id=${talk.id}
              aria-current=${talk.id === playing}
              @click=${this.#onSelect}
            >
              <video src=${talk.url ? `${talk.url}#t=0.5` : nothing} preload="metadata" muted playsinline aria-hidden="true" tabindex="-1"></video>
              <span class="said">${talk.text}</span>
              <span class="meta">${this.#options.voiceName(talk.voice)} · <time datetime=${talk.createdAt} title=${formatDate(talk.createdAt, locale)}>${formatWhen(talk.createdAt, locale)}</time></span>
            </button>
          </li>`,
        )}
      </ul>
      ${
        gallery.pageCount > 1
          ? html`<nav class="pager" part="pager" aria-label=${m.pages}>
            <button type="button" @click=${this.#onPrevious} aria-disabled=${this.#page <= 1}>${m.previous}</button>
            <span class="page">${m.page(gallery.page, gallery.pageCount)}</span>
            <button type="button" @click=${this.#onNext} aria-disabled=${this.#page >= gallery.pageCount}>${m.next}</button>
          </nav>`
          : nothing
      }`;
  }
}
