import { html, nothing } from 'lit';
import type { VoiceItem } from '../../api/answers.js';
import type { VoicePickerMessages } from './messages.js';
import { baseLanguage, languageName } from '../shared/language-name.js';

/**
 * What the filter selects offer: the providers and languages of every page loaded since the
 * endpoint was set (of any filters), so a select keeps offering what the catalogue has once it was
 * seen. With no filter set, the provider list is thus the providers of the pages loaded so far (a
 * provider whose voices are all on pages not yet scrolled to appears when they load: the proxy has
 * no list of providers).
 */
export class SeenVoices {
  readonly providers = new Set<string>();
  /** Language subtag (`en`) → its name and the locales seen of it. */
  readonly languages = new Map<string, { name: string; locales: Set<string> }>();

  /** Adds the providers and languages of a page. */
  remember(items: readonly (VoiceItem | undefined)[]): void {
    for (const v of items) {
      if (!v) continue;
      this.providers.add(v.provider);
      const tag = baseLanguage(v.locale);
      const lang = this.languages.get(tag) ?? { name: v.language, locales: new Set<string>() };
      lang.locales.add(v.locale);
      this.languages.set(tag, lang);
    }
  }

  /** The language of a locale or of a language subtag (`en-GB`, `en`), once seen. */
  languageOf(locale: string): { name: string; locales: Set<string> } | undefined {
    return this.languages.get(baseLanguage(locale));
  }
}

/** The filters as they stand, and what the controls call when the user changes one. */
export interface VoiceFilters {
  provider: string;
  locale: string;
  gender: string;
  streaming: boolean;
  disabled: boolean;
  /** Known once a list has loaded: the streaming note names it. */
  streamingProvider?: string;
  onSearch: (e: Event) => void;
  onProvider: (e: Event) => void;
  onLocale: (e: Event) => void;
  onGender: (e: Event) => void;
  /** The picker's words, and the locale they are in. */
  m: VoicePickerMessages;
  uiLocale: string;
}

/**
 * A locale the voices have not named yet (`de-AT`, set as the filter before any voice of it was
 * seen), named in the page's language by the browser: `German (Austria)`; the code if it cannot.
 */
const nameOf = (locale: string, uiLocale: string): string =>
  languageName(locale, uiLocale) ?? locale;

/**
 * A voice's language (from its locale, `en-GB` → `en`) as the page reads it: the browser's name
 * for it in the picker's locale (`Englisch` on a German page), else the platform's own name for it
 * (English, as the platform writes it).
 */
export const languageOf = (locale: string, platformName: string, uiLocale: string): string =>
  languageName(baseLanguage(locale), uiLocale) ?? platformName;

/** The filters that are set, said so the user knows what to widen: `the provider azure`, `female voices`. */
export function describeFilters(
  seen: SeenVoices,
  f: Pick<VoiceFilters, 'provider' | 'locale' | 'gender' | 'streaming' | 'm' | 'uiLocale'> & {
    q: string;
  },
): string[] {
  const { m } = f;
  const language = seen.languageOf(f.locale);
  const name = language && languageOf(f.locale, language.name, f.uiLocale);
  return [
    f.q && m.byText(f.q),
    !f.streaming && f.provider && m.byProvider(f.provider),
    f.locale &&
      m.byLanguage(
        name
          ? f.locale.includes('-')
            ? `${name} (${f.locale})`
            : name
          : nameOf(f.locale, f.uiLocale),
      ),
    f.gender && (f.gender === 'FEMALE' ? m.femaleVoices : m.maleVoices),
  ].filter((s): s is string => !!s);
}

/** The search box, the provider, language and gender selects, and the streaming note. */
export function renderVoiceFilters(seen: SeenVoices, f: VoiceFilters) {
  const providers = [...seen.providers].sort();
  if (f.provider && !providers.includes(f.provider)) providers.push(f.provider);
  const languages = [...seen.languages]
    .map(
      ([tag, l]) =>
        [tag, { name: languageOf(tag, l.name, f.uiLocale), locales: l.locales }] as const,
    )
    .sort((a, b) => a[1].name.localeCompare(b[1].name, f.uiLocale));
  const localeValues = languages.flatMap(([tag, l]) => [tag, ...l.locales]);
  const { m } = f;
  return html`
    <div class="search">
      <label>${m.search}
        <input part="search" type="search" placeholder=${m.searchHint} autocomplete="off" @input=${f.onSearch} ?disabled=${f.disabled} />
      </label>
    </div>
    <div class="filters" part="filters">
      ${
        f.streaming
          ? nothing
          : html`<label>${m.provider}
            <select @change=${f.onProvider} ?disabled=${f.disabled}>
              <option value="" .selected=${!f.provider}>${m.allProviders}</option>
              ${providers.map((p) => html`<option value=${p} .selected=${p === f.provider}>${p}</option>`)}
            </select>
          </label>`
      }
      <label>${m.language}
        <select @change=${f.onLocale} ?disabled=${f.disabled}>
          <option value="" .selected=${!f.locale}>${m.allLanguages}</option>
          ${languages.map(([tag, l]) => {
            const locales = [...l.locales].sort();
            // A language with several locales offers them all together and one by one.
            return html`<option value=${tag} .selected=${tag === f.locale}>${locales.length > 1 ? m.allLocales(l.name) : l.name}</option>
              ${
                locales.length > 1
                  ? locales.map(
                      (loc) =>
                        html`<option value=${loc} .selected=${loc === f.locale}>${l.name} (${loc})</option>`,
                    )
                  : nothing
              }`;
          })}
          ${
            f.locale && !localeValues.includes(f.locale)
              ? html`<option value=${f.locale} .selected=${true}>${nameOf(f.locale, f.uiLocale)}</option>`
              : nothing
          }
        </select>
      </label>
      <label>${m.gender}
        <select @change=${f.onGender} ?disabled=${f.disabled}>
          <option value="" .selected=${!f.gender}>${m.allGenders}</option>
          <option value="FEMALE" .selected=${f.gender === 'FEMALE'}>${m.female}</option>
          <option value="MALE" .selected=${f.gender === 'MALE'}>${m.male}</option>
        </select>
      </label>
    </div>
    ${
      f.streaming
        ? // Shown before the provider is known too: the list below does not move when it is (CLS).
          html`<p class="note" part="note">${m.streamingNote(f.streamingProvider)}</p>`
        : nothing
    }
  `;
}
