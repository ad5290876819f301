/**
 * The studio's player: the talk's mp4 with controls, its text, voice and date, and a download
 * link that saves the file. The platform's media server is another origin, where a link's
 * `download` attribute is ignored (the mp4 would open instead), so the link points at the
 * proxy's download route, which answers `content-disposition: attachment`.
 */
import { html, nothing } from 'lit';
import { request, routeUrl } from '../../api/client.js';
import type { VideoItem } from '../../api/answers.js';
import { ID_PATTERN } from '../../api/rules.js';
import { idSegment } from '../../api/urls.js';
import { formatDate, type Words } from './wording.js';

const downloadPath = (headId: string, talkId: string) =>
  `/heads/${idSegment(headId)}/videos/${idSegment(talkId, 'talk id')}/download`;

/**
 * `{endpoint}/heads/:id/videos/:talkId/download`: the proxy's route that answers the mp4 as an
 * attachment; undefined (no link) for an id that could not be in a path.
 */
export function downloadUrl(endpoint: string, headId: string, talkId: string): string | undefined {
  return ID_PATTERN.test(headId) && ID_PATTERN.test(talkId)
    ? routeUrl(endpoint, downloadPath(headId, talkId))
    : undefined;
}

/**
 * Downloads through fetch, for a site whose auth is a header: a plain link cannot send headers,
 * so the file is fetched with them, held as a blob and saved through an object URL and a
 * programmatic click on a `download` link (same-origin for the browser, so the name is kept).
 * The video is in memory meanwhile: talks are short clips. With cookies (`credentials`) or open
 * admin routes, the element uses the plain link instead and the browser streams the file.
 */
export async function saveVideo(
  endpoint: string,
  headId: string,
  talkId: string,
  init: { headers?: HeadersInit; credentials?: RequestCredentials },
): Promise<void> {
  // The site's headers go only where request() allows them (api/urls.ts).
  const res = await request(endpoint, downloadPath(headId, talkId), init);
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  // The proxy's name for it (after the head and the text: proxy/file-names.ts), in its ASCII spelling.
  link.download =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'video.mp4';
  link.click();
  // Revoked later, not at once: the browser reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export interface PlayerView {
  talk: VideoItem;
  /** The voice as people read it. */
  voice: string;
  /** The proxy's download route for the talk (its content-disposition names the file). */
  downloadHref: string | undefined;
  /** A download through fetch is under way. */
  downloadBusy: boolean;
  /** Why the last download of this talk failed, if it did. */
  downloadError?: string;
  onDownload(e: MouseEvent): void;
  /** The browser could not play the talk's mp4 (its `<video>` fired `error`): a message and a retry are shown. */
  unplayable: boolean;
  onVideoError(e: Event): void;
  /** Loads the source again. */
  onReload(): void;
}

/** The player, in the element's words. */
export function renderPlayer(view: PlayerView, { m, shared, locale }: Words) {
  const { talk } = view;
  return html`<figure class="player" part="player">
    <video
      part="video"
      src=${talk.url || nothing}
      controls
      preload="metadata"
      playsinline
      aria-describedby="playing-text"
      @error=${view.onVideoError}
    ></video>
    ${
      view.unplayable || !talk.url
        ? html`<p class="video-error error" part="error" role="alert">
          ${m.unplayable}
          <button type="button" @click=${view.onReload}>${shared.tryAgain}</button>
        </p>`
        : nothing
    }
    <figcaption>
      <p id="playing-text" class="said">${talk.text}</p>
      <span class="meta">${view.voice} · <time datetime=${talk.createdAt}>${formatDate(talk.createdAt, locale)}</time></span>
    </figcaption>
    <a class="download" part="download" href=${view.downloadHref ?? nothing} download aria-busy=${view.downloadBusy} @click=${view.onDownload}>${m.download}</a>
    ${view.downloadError ? html`<p class="download-error error" part="error" role="alert">${view.downloadError}</p>` : nothing}
  </figure>`;
}
