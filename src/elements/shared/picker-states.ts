import { html, nothing, type TemplateResult } from 'lit';
import type { PagedList } from './paged-list.js';

/** "Loading faces…", "No voice matches …": said politely (role status). */
export function renderStatus(text: string | TemplateResult) {
  return html`<p class="state" part="status" role="status">${text}</p>`;
}

/** The first page failed: the proxy's message (or `fallback`), with "Try again". */
export function renderError(err: unknown, fallback: string, onRetry: () => void) {
  const message = err instanceof Error ? err.message : fallback;
  return html`<p class="state error" part="error" role="alert">${message}<button type="button" @click=${onRetry}>Try again</button></p>`;
}

/**
 * Later pages that failed (`Faces 61–120 could not be loaded.`): said once, below the grid or
 * list, which stays usable, with a retry that is a real button in the tab order. (A button inside
 * a gridcell of an aria-activedescendant grid is out of reach of its arrow keys, and a listbox may
 * hold only options; Enter on an item of a failed page retries too.)
 */
export function renderPageError<Item>(list: PagedList<Item>, noun: string, onRetry: () => void) {
  if (!list.failedCount) return nothing;
  return html`<p class="page-error error" part="error" role="alert">
    ${list.failedText(noun)}
    <button type="button" @click=${onRetry}>Try again</button>
  </p>`;
}

/**
 * A grid cell's or a list option's place in its list: its item, or none until its page arrives;
 * whether it is the chosen one; whether its page failed ("Not loaded": the error below the items
 * says why and offers "Try again"); its state classes, and the placeholder's words.
 */
export function slotOf<Item>(list: PagedList<Item>, index: number, active: number, chosen: (item: Item) => boolean) {
  const item = list.items[index];
  const failed = !item && list.isFailed(index);
  return {
    item,
    selected: !!item && chosen(item),
    failed,
    classes: `${item ? '' : 'placeholder'} ${failed ? 'failed' : ''} ${index === active ? 'active' : ''}`,
    placeholder: failed ? 'Not loaded' : 'Loading…',
  };
}

/** FEMALE → Female; another value as it is. */
export const genderLabel = (g: string) => (g === 'FEMALE' ? 'Female' : g === 'MALE' ? 'Male' : g);
