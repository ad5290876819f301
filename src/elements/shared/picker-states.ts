import type { PagedList } from './paged-list.js';
import type { PickerMessages } from './picker-messages.js';

/**
 * A grid cell's or a list option's place in its list: its item, or none until its page arrives;
 * whether it is the chosen one; whether its page failed ("Not loaded": the error below the items
 * says why and offers "Try again"); its state classes, and the placeholder's words.
 */
export function slotOf<Item>(
  list: PagedList<Item>,
  index: number,
  active: number,
  chosen: (item: Item) => boolean,
  m: PickerMessages,
) {
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
export const genderLabel = (g: string, m: PickerMessages) =>
  g === 'FEMALE' ? m.female : g === 'MALE' ? m.male : g;
