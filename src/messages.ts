/**
 * `dh-kit/messages`: the page's own words for every element (docs/languages.md), and the
 * languages that ship with the kit. It defines no element; the elements read the same words (one
 * module, `elements/localized.js`), whichever entry loaded them.
 *
 * ```js
 * import { setMessages } from 'dh-kit/messages';
 * setMessages('de', { avatar: { talkTo: (name) => `Jetzt mit ${name} sprechen` } });
 * ```
 */
export {
  LOCALES,
  setMessages,
  type Catalogue,
  type Locale,
  type Overrides,
} from './elements/localized.js';
