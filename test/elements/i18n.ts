/**
 * What the localization tests of every element share: the words a person can see or hear in an
 * element (text, accessible names and descriptions, placeholders, titles, live regions — through
 * every shadow root), and the English words of the catalogue that a locale must have replaced.
 */
import type { Catalogue } from '../../src/elements/localized.js';
import { sharedMessages } from '../../src/elements/shared/messages.js';
// The language tests switch languages at will: every locale is fetched when shown, as on a page with dh-kit/locales/auto.
import '../../src/elements/locales/auto.js';

/** The attributes whose values a person reads or hears. */
const SPOKEN = [
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
];

/** Every text of `root` a person can read or hear: text nodes and spoken attributes, in every shadow root below it. */
export function spokenText(root: Element | ShadowRoot): string[] {
  const out: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (!parent || !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(parent.tagName))
        out.push(node.textContent ?? '');
      return;
    }
    if (node instanceof Element) {
      for (const a of SPOKEN) if (node.hasAttribute(a)) out.push(node.getAttribute(a)!);
      // A native control's own words (an <input type=file>'s button is the browser's, not ours).
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return out.map((t) => t.trim()).filter(Boolean);
}

/** The words of a text: letters only, lowercased, three letters or more. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/** Every word a section's messages can produce (functions are called with sample values). */
export function catalogueWords(messages: object): Set<string> {
  const words = new Set<string>();
  for (const value of Object.values(messages)) {
    const texts =
      typeof value === 'function'
        ? [0, 1, 2, 5, 21].flatMap((n) => {
            try {
              return [
                String((value as (...a: unknown[]) => unknown)(n, n, n)),
                String((value as (...a: unknown[]) => unknown)()),
              ];
            } catch {
              return [];
            }
          })
        : typeof value === 'string'
          ? [value]
          : value && typeof value === 'object'
            ? [...catalogueWords(value)]
            : [];
    for (const t of texts) for (const w of wordsOf(t)) words.add(w);
  }
  return words;
}

/** A shipped locale's whole catalogue, as the kit loads it. */
export async function catalogue(locale: string): Promise<Catalogue> {
  const { load } = await import('../../src/elements/locales/index.js');
  return load(locale as Parameters<typeof load>[0]);
}

/**
 * The English words found in `root` for a locale: words of the English section (and the shared
 * one) that the locale's own messages never use, so a word both languages share ("video") is not
 * counted. `allowed` are words of the data (a head's or a voice's name, the platform's labels).
 */
export async function englishLeft<S extends keyof Catalogue>(
  root: Element | ShadowRoot,
  section: S,
  english: Catalogue[S],
  locale: string,
  allowed: string[] = [],
): Promise<string[]> {
  const target = await catalogue(locale);
  const theirs = new Set([...catalogueWords(target[section]), ...catalogueWords(target.shared)]);
  const ours = new Set([...catalogueWords(english), ...catalogueWords(sharedMessages)]);
  const skip = new Set(allowed.flatMap(wordsOf));
  return [...new Set(spokenText(root).flatMap(wordsOf))].filter(
    (w) => ours.has(w) && !theirs.has(w) && !skip.has(w),
  );
}
