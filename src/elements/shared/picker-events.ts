import type { DhSelectEvent } from './events.js';

/** The events of a picker: `dh-select` carries the chosen item. */
export type PickerEventMap<Item> = Omit<HTMLElementEventMap, 'dh-select'> & {
  'dh-select': DhSelectEvent<Item>;
};
