/**
 * The demo's language switcher: the page's `lang` (and `dir`) decides the elements' language, as
 * on any site. Imported first by each page's script, so the elements' first render is already in
 * the chosen language. The choice comes from `?lang=`, else the last one chosen, else English.
 */
import { LOCALES } from '../src/elements/localized.js';
// Every language, each fetched when chosen (dh-kit/locales/auto: Vite makes each a chunk).
import '../src/elements/locales/auto.js';

const KEY = 'dh-demo-lang';
const RTL = new Set(['ar']);

function apply(lang: string): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? 'rtl' : 'ltr';
}

const asked = new URLSearchParams(location.search).get('lang') ?? localStorage.getItem(KEY) ?? 'en';
const initial = (LOCALES as readonly string[]).includes(asked) ? asked : 'en';
apply(initial);

const select = document.getElementById('lang') as HTMLSelectElement | null;
if (select) {
  // Each language in its own words: a visitor finds theirs whatever the page shows now.
  for (const tag of LOCALES)
    select.add(
      new Option(
        new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag,
        tag,
        false,
        tag === initial,
      ),
    );
  select.addEventListener('change', () => {
    localStorage.setItem(KEY, select.value);
    apply(select.value);
  });
}
