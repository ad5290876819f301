import { fold } from './voice-list.js';

/** Keys typed within this time add up to one type-ahead search (APG listbox). */
const TYPEAHEAD_MS = 500;

/**
 * Type-ahead (APG listbox): what was typed in the last half second, and the next option whose name
 * starts with it. It searches the loaded names only (placeholders have no name yet); the search box
 * asks the proxy across the whole catalogue.
 */
export class TypeAhead {
  #typed = '';
  #typedAt = 0;

  /** A Space pressed now is part of a name being typed, not "select". */
  continues(now: number): boolean {
    return !!this.#typed && now - this.#typedAt <= TYPEAHEAD_MS;
  }

  /** Adds a key typed at `now`; the option it finds after `active` among `names` (folded), if any. */
  find(key: string, now: number, active: number, names: readonly (string | undefined)[]): number | undefined {
    if (now - this.#typedAt > TYPEAHEAD_MS) this.#typed = '';
    this.#typedAt = now;
    this.#typed += fold(key);
    // The same letter again and again cycles through the names that start with it.
    const sameLetter = [...this.#typed].every((c) => c === this.#typed[0]);
    const needle = sameLetter ? this.#typed[0]! : this.#typed;
    // A longer prefix may still match the active option; a new letter starts after it.
    const from = needle.length === 1 ? active + 1 : active;
    const n = names.length;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      if (names[i]?.startsWith(needle)) return i;
    }
    return undefined;
  }
}
