import { html, type TemplateResult } from 'lit';

/** "Loading faces…", "No voice matches …", "No videos yet": said politely (role status). */
export function renderStatus(text: string | TemplateResult) {
  return html`<p class="state" part="status" role="status">${text}</p>`;
}

/** A list's first page failed: why, in the page's language, with "Try again". */
export function renderError(message: string, tryAgain: string, onRetry: () => void) {
  return html`<p class="state error" part="error" role="alert">${message}<button type="button" @click=${onRetry}>${tryAgain}</button></p>`;
}

/**
 * Later pages that failed (`Faces 61–120 could not be loaded.`): said once, below the grid or
 * list, which stays usable, with a retry that is a real button in the tab order. (A button inside
 * a gridcell of an aria-activedescendant grid is out of reach of its arrow keys, and a listbox may
 * hold only options; Enter on an item of a failed page retries too.)
 */
export function renderPageError(message: string, tryAgain: string, onRetry: () => void) {
  return html`<p class="page-error error" part="error" role="alert">
    ${message}
    <button type="button" @click=${onRetry}>${tryAgain}</button>
  </p>`;
}
