/**
 * No words written into the elements' templates: every text a person reads or hears comes from
 * the message catalogue (elements/<element>/messages.ts and elements/locales/), so a German page
 * gets German. This reads each element source's `html` templates, static parts only, and finds
 * letters in their text or in the static value of an attribute that is read or spoken.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = new URL('../../src/elements/', import.meta.url).pathname;
const SPOKEN =
  /\s(?:aria-label|aria-description|aria-valuetext|aria-roledescription|title|placeholder|alt|label)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"'=]+))/g;

/** The element sources: everything but the catalogue itself and the styles. */
function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'locales' ? [] : sources(path);
    return d.name.endsWith('.ts') && !/(^messages|\.styles)\.ts$|-messages\.ts$/.test(d.name)
      ? [path]
      : [];
  });
}

/**
 * The static parts of every html`…` template in a source (nested templates apart), each as the
 * template's text with `\0` where an expression was.
 */
export function templates(code: string): string[] {
  const found: string[] = [];
  let i = 0;
  // Reads a template literal starting after its backtick; returns its static text and the index after it.
  const literal = (start: number, keep: boolean): number => {
    let text = '';
    let j = start;
    while (j < code.length && code[j] !== '`') {
      if (code[j] === '\\') {
        text += code.slice(j, j + 2);
        j += 2;
      } else if (code[j] === '$' && code[j + 1] === '{') {
        text += '\0';
        j = expression(j + 2);
      } else text += code[j++];
    }
    if (keep) found.push(text);
    return j + 1;
  };
  // Skips an expression up to its closing brace, reading the templates nested in it.
  const expression = (start: number): number => {
    let depth = 0;
    let j = start;
    while (j < code.length) {
      const c = code[j]!;
      if (c === '`') j = literal(j + 1, /\bhtml\s*$/.test(code.slice(Math.max(0, j - 10), j)));
      else if (c === '"' || c === "'") {
        const end = code.indexOf(c, j + 1);
        j = end < 0 ? code.length : end + 1;
      } else if (c === '{') depth++, j++;
      else if (c === '}') {
        if (depth === 0) return j + 1;
        depth--;
        j++;
      } else j++;
    }
    return j;
  };
  while ((i = code.indexOf('html`', i)) >= 0) i = literal(i + 5, true);
  return found;
}

/** Words in a template's static text or spoken attributes. */
export function wordsIn(template: string): string[] {
  const words: string[] = [];
  const html = template.replace(/<!--[\s\S]*?-->/g, '').replace(/&[a-z]+;|&#\w+;/gi, ' ');
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    for (const m of tag.matchAll(SPOKEN)) {
      const value = m[1] ?? m[2] ?? m[3] ?? '';
      if (/\p{L}/u.test(value)) words.push(value);
    }
  }
  for (const text of html.split(/<[^>]*>/))
    if (/\p{L}/u.test(text)) words.push(text.replace(/\0/g, '…').trim());
  return words;
}

describe('the element templates', () => {
  it('the scanner finds text, spoken attributes and nested templates', () => {
    const code =
      'html`<p class="a">${x ? html`<b title="Close">x</b>` : nothing}Hello ${n}</p><i aria-label=${l}></i>`';
    assert.deepEqual(templates(code).flatMap(wordsIn), ['Close', 'x', '…Hello …']);
  });

  it('have no words of their own: every text comes from the catalogue', () => {
    const files = sources();
    assert.ok(files.length >= 20, `found ${files.length} element sources`);
    const found = files.flatMap((file) =>
      templates(readFileSync(file, 'utf8'))
        .flatMap(wordsIn)
        .map((w) => `${relative(ROOT, file)}: ${w}`),
    );
    assert.deepEqual(found, []);
  });
});
