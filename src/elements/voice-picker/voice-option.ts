import { html, nothing } from 'lit';
import { virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { genderLabel, slotOf } from '../shared/picker-states.js';
import type { PickerMessages } from '../shared/picker-messages.js';
import type { VoiceItem } from '../../api/answers.js';
import type { Row, VoiceList } from './voice-list.js';
import { unpin } from '../shared/unpin.js';
import { languageOf } from './voice-filters.js';

/** What an option shows of the picker: its value, its active option, and the click to choose. */
export interface RowState {
  value: string;
  active: number;
  onClick: (e: Event) => void;
  /** The picker's words, and the locale they are in (a voice's language is named in it). */
  m: PickerMessages;
  locale: string;
}

/** One row of the listbox: a language's header, or a voice (loaded or not). */
export function renderRow(list: VoiceList, row: Row, state: RowState) {
  return 'group' in row
    ? renderGroup(list.items[row.before]!, state.locale)
    : renderOption(list, row.option, state);
}

/** The header before `first`, the first voice of its language. */
function renderGroup(first: VoiceItem, locale: string) {
  // A visual header only: not an option, so never counted in the set (aria-hidden); each
  // option says its language itself.
  return html`<div class="group" part="group" role="presentation" aria-hidden="true">${languageOf(first.locale, first.language, locale)}</div>`;
}

function renderOption(
  list: VoiceList,
  index: number,
  { value, active, onClick, m, locale }: RowState,
) {
  // A voice whose page is not loaded yet is a placeholder: an option all the same (disabled), so
  // the set's size and positions hold. One template for both: when the page lands, the option's
  // element stays (and stays where the virtualizer put it); only its content changes.
  const {
    item: voice,
    selected,
    classes,
    placeholder,
  } = slotOf(list, index, active, (v) => v.voiceId === value, m);
  return html`<div
    class="option ${classes}"
    part="option"
    role="option"
    id="option-${index}"
    data-index=${index}
    aria-disabled=${voice ? nothing : 'true'}
    aria-selected=${selected}
    aria-setsize=${list.total}
    aria-posinset=${index + 1}
    @click=${onClick}
  >
    <span class="text">
      <span class="name">${voice ? voice.displayName : placeholder}</span>
      ${
        voice
          ? html`<span class="meta">${languageOf(voice.locale, voice.language, locale)} · ${voice.locale} · ${genderLabel(voice.gender, m)} · ${voice.provider}</span>`
          : // An empty meta line: a placeholder is as tall as the voice that replaces it.
            html`<span class="meta" aria-hidden="true">${'\u00a0'}</span>`
      }
    </span>
    ${selected ? html`<span class="check" aria-hidden="true">✓</span>` : nothing}
  </div>`;
}

/**
 * Scrolls the listbox, and only it, so that a rendered option is in view. (Element.scrollIntoView
 * would scroll the page as well, and setting `value` from code must not move the page.) A group's
 * first option brings its header along.
 */
export function scrollIntoList(box: HTMLElement, option: HTMLElement): void {
  const header = option.previousElementSibling?.classList.contains('group')
    ? option.previousElementSibling
    : option;
  const view = box.getBoundingClientRect();
  const top = view.top + box.clientTop;
  const bottom = top + box.clientHeight;
  const first = header.getBoundingClientRect().top;
  const last = option.getBoundingClientRect().bottom;
  if (first < top) box.scrollTop -= top - first;
  else if (last > bottom) box.scrollTop += last - bottom;
}

/**
 * Scrolls the active option into view, so that the option aria-activedescendant names is in the
 * DOM. After a new list, the virtualizer takes its items a little after the render: wait for it.
 * `current` reads the picker's state again after the wait (the list may have changed meanwhile).
 */
export async function scrollToActive(
  current: () => {
    box: (HTMLElement & VirtualizerHostElement) | null;
    loaded?: VoiceList | undefined;
    active: number;
  },
  afterLayout: boolean,
): Promise<void> {
  const { box } = current();
  const virtualizer = box?.[virtualizerRef];
  if (!box || !virtualizer) return;
  if (afterLayout) {
    // From the top, a scroll down while the first layout settles is the user's (the virtualizer
    // moves the box only to a pin, and there is none yet): it wins over this reveal. WebKit settles
    // late enough that a quick wheel was pulled back to the first voice.
    const fromTop = box.scrollTop === 0;
    try {
      await virtualizer.layoutComplete;
    } catch {
      return; // disconnected meanwhile
    }
    if (fromTop && box.scrollTop > 0) return;
  }
  const { box: now, loaded, active } = current();
  if (!loaded || now !== box) return;
  unpin(virtualizer);
  const option = box.querySelector<HTMLElement>(`#option-${active}`);
  if (option) {
    scrollIntoList(box, option);
    return;
  }
  // Virtualised away: the virtualizer scrolls its own box to the row (it pins its layout there).
  const row = active === 0 ? 0 : loaded.rowOf[active];
  if (row !== undefined) virtualizer.element(row)?.scrollIntoView({ block: 'nearest' });
}
