import type { VoiceItem } from '../../api/answers.js';
import { PagedList, type PagedListOptions } from '../shared/paged-list.js';
import { fold } from '../../api/rules.js';

/**
 * A row of the virtual list: a language's header (before the option `before`), or an option (its
 * index among the options; its voice may not be loaded yet).
 */
export type Row = { group: string; before: number } | { option: number };

const sameRows = (a: Row[], b: Row[]) =>
  a.length === b.length &&
  a.every((r, i) =>
    'group' in r ? 'group' in b[i]! && b[i].group === r.group : 'option' in b[i]!,
  );

/**
 * The voices for one set of filters, page by page (a {@link PagedList}), ready to render: the rows
 * of the listbox with a header before each language's run, and what the keyboard looks up.
 */
export class VoiceList extends PagedList<VoiceItem> {
  rows: Row[] = [];
  /** Row of each option (options and rows differ by the group headers). */
  rowOf: number[] = [];
  /** Option index by voiceId, of the loaded voices. */
  readonly indexOf = new Map<string, number>();
  /** Display names folded for type-ahead; undefined where the voice is not loaded. */
  readonly folded: (string | undefined)[];
  /**
   * The last page placed changed the rows (a header arrived or moved): the virtualizer lays them
   * out a frame later, where the same rows are re-rendered at once.
   */
  rowsMoved = false;

  constructor(
    options: PagedListOptions<VoiceItem>,
    /** The provider of the voices a streaming head can use, as the proxy knows it. */
    readonly streamingProvider: string,
  ) {
    super(options);
    this.folded = new Array<string | undefined>(this.total).fill(undefined);
    this.placed(0, options.first);
  }

  /** The first and last option among rows first..last (a header counts as the option after it). */
  optionsIn(first: number, last: number): [number, number] | undefined {
    if (last < 0) return undefined;
    const optionOf = (r: Row | undefined) => (r ? ('group' in r ? r.before : r.option) : -1);
    const a = optionOf(this.rows[Math.max(0, first)]);
    const b = optionOf(this.rows[Math.min(this.rows.length - 1, last)]);
    return a >= 0 && b >= 0 ? [a, b] : undefined;
  }

  /** Indexes a page's voices from `start` and rebuilds the rows. */
  protected override placed(start: number, voices: readonly VoiceItem[]): void {
    voices.forEach((v, k) => {
      const i = start + k;
      if (i >= this.total) return;
      this.folded[i] = fold(v.displayName);
      if (!this.indexOf.has(v.voiceId)) this.indexOf.set(v.voiceId, i);
    });
    const rows: Row[] = [];
    const rowOf: number[] = new Array<number>(this.total);
    let language: string | undefined;
    for (let i = 0; i < this.total; i++) {
      const v = this.items[i];
      // The proxy sorts by language, locale, name: a header opens each language's run. Only loaded
      // voices say their language: a header goes before the first loaded voice whose language
      // differs from the loaded voice before it (placeholders get none). A header may move up when
      // the page before it arrives.
      if (v && v.language !== language) rows.push({ group: (language = v.language), before: i });
      rowOf[i] = rows.length;
      rows.push({ option: i });
    }
    this.rowOf = rowOf;
    // The same array while the rows stay the same: the virtualizer then re-renders at once (a new
    // array makes it lay out again a frame later).
    this.rowsMoved = !sameRows(this.rows, rows);
    if (this.rowsMoved) this.rows = rows;
  }
}
