/**
 * Plain-text tables for the CLI: columns padded with spaces so they line up in any terminal or
 * pager (tabs only line up by luck), headers in capitals, no borders, so `grep` and `cut -c`
 * still work. Scripts should use `--json` instead of parsing these.
 */
import { printable } from '../platform/printable.js';

/** Characters as a terminal counts them (code points, not UTF-16 units). */
const width = (text: string) => [...text].length;

/** Cuts a text to `max` characters, marking the cut with an ellipsis; newlines become spaces. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * The lines of a table: a header line, then one line per row. Every column but the last is padded
 * to its widest cell plus two spaces; the last is not, so no line ends in spaces.
 */
export function table(headers: readonly string[], rows: readonly (readonly unknown[])[]): string[] {
  const cells = [
    headers.map((h) => h.toUpperCase()),
    ...rows.map((row) => headers.map((_, i) => cellText(row[i]))),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((line) => width(line[i]!))));
  return cells.map((line) =>
    line
      .map((cell, i) =>
        i === line.length - 1 ? cell : cell + ' '.repeat(widths[i]! - width(cell) + 2),
      )
      .join('')
      .trimEnd(),
  );
}

/** Name/value lines for one record (`heads get`): the names padded to one width. */
export function details(pairs: readonly (readonly [string, unknown])[]): string[] {
  const nameWidth = Math.max(0, ...pairs.map(([name]) => width(name)));
  return pairs.map(([name, value]) =>
    `${name}${' '.repeat(nameWidth - width(name) + 2)}${cellText(value)}`.trimEnd(),
  );
}

/**
 * One line per cell: objects as compact JSON, nothing as an empty cell. A cell may hold what a
 * delivery or the platform sent (an event's session id): its control characters are shown as
 * escapes (`\x1b`, `\n`), never sent to the terminal, where they could clear the screen, set the
 * title or start a line of their own.
 */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  // JSON escapes C0 only: C1 (CSI 0x9b) and the bidi controls pass through it.
  if (typeof value === 'object') return printable(JSON.stringify(value));
  return printable(String(value)).replace(/\s+/g, ' ');
}
