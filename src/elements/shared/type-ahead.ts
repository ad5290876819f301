import { fold } from '../../api/rules.js';

/** Keys typed within this time add up to one type-ahead search (APG listbox and grid). */
const TYPEAHEAD_MS = 500;

/**
 * Type-ahead (APG listbox, and the face grid likewise): what was typed in the last half second,
 * and the next item whose name starts with it. It searches the loaded names only (placeholders
 * have no name yet); the search box asks the proxy across the whole catalogue.
 */
export class TypeAhead {
  #typed = '';
  #typedAt = 0;

  /**
   * A key of the list or grid: when it is part of a type-ahead search (a printable key; Space only
   * while a name is being typed, else it selects), the item it finds (undefined: none) after
   * `active` among `count` items, whose folded names `nameAt` gives; null when it is not.
   */
  key(
    e: KeyboardEvent,
    active: number,
    count: number,
    nameAt: (i: number) => string | undefined,
  ): number | undefined | null {
    const typing = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (!typing || (e.key === ' ' && !this.#continues(e.timeStamp))) return null;
    return this.#find(e.key, e.timeStamp, active, count, nameAt);
  }

  #continues(now: number): boolean {
    return !!this.#typed && now - this.#typedAt <= TYPEAHEAD_MS;
  }

  #find(
    key: string,
    now: number,
    active: number,
    n: number,
    nameAt: (i: number) => string | undefined,
  ): number | undefined {
    if (now - this.#typedAt > TYPEAHEAD_MS) this.#typed = '';
    this.#typedAt = now;
    this.#typed += fold(key);
    // The same letter again and again cycles through the names that start with it.
    const sameLetter = [...this.#typed].every((c) => c === this.#typed[0]);
    const needle = sameLetter ? this.#typed[0]! : this.#typed;
    // A longer prefix may still match the active item; a new letter starts after it.
    const from = needle.length === 1 ? active + 1 : active;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      if (nameAt(i)?.startsWith(needle)) return i;
    }
    return undefined;
  }
}
