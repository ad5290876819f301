/**
 * A small list kept whole under one key of the proxy's store (the allowed page origins, the heads
 * made through the proxy): read tolerantly, changed by an admin now and then. The store has no
 * compare-and-set, so a change is written, read back, and written again while another instance's
 * write overtook it, a few times at most.
 */
import type { KeyValueStore } from './store.js';

/** The store wants a lifetime for every key: a list lives until it is changed. */
const KEEP_MS = 100 * 365 * 24 * 3600e3;

export interface StoreList<T> {
  /** The list now, from the store: the items `keep` accepts (a value another version wrote keeps its good items). */
  read(): Promise<T[]>;
  /** Applies `edit` to the list now and writes the result. */
  change(edit: (list: T[]) => T[]): Promise<T[]>;
}

export function storeList<T>(
  store: KeyValueStore,
  key: string,
  keep: (item: unknown) => item is T,
): StoreList<T> {
  const read = async (): Promise<T[]> => {
    const raw = await store.get(key);
    if (!raw) return [];
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? list.filter(keep) : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    async change(edit) {
      let next: T[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        next = edit(await read());
        const text = JSON.stringify(next);
        await store.set(key, text, KEEP_MS);
        if (JSON.stringify(await read()) === text) break;
      }
      return next;
    },
  };
}
