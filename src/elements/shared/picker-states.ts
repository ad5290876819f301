import { html, nothing, type TemplateResult } from 'lit';
import type { PagedList } from './paged-list.js';
import type { PickerMessages } from './picker-messages.js';

/** "Loading faces…", "No voice matches …": said politely (role status). */
export function renderStatus(text: string | TemplateResult) {
  return html`<p class="state" part="status" role="status">${text}</p>`;
}

/** The first page failed: why (the proxy's message, in the page's language), with "Try again". */
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

/**
 * A grid cell's or a list option's place in its list: its item, or none until its page arrives;
 * whether it is the chosen one; whether its page failed ("Not loaded": the error below the items
 * says why and offers "Try again"); its state classes, and the placeholder's words.
 */
export function slotOf<Item>(list: PagedList<Item>, index: number, active: number, chosen: (item: Item) => boolean, m: PickerMessages) {
  const item = list.items[index];
  const failed = !item && list.isFailed(index);
  return {
    item,
    selected: !!item && chosen(item),
    failed,
    classes: `${item ? '' : 'placeholder'} ${failed ? 'failed' : ''} ${index === active ? 'active' : ''}`,
    placeholder: failed ? m.notLoaded : m.loading,
  };
}

/** FEMALE → Female (in the page's language); another value as it is. */
export const genderLabel = (g: string, m: PickerMessages) => (g === 'FEMALE' ? m.female : g === 'MALE' ? m.male : g);
