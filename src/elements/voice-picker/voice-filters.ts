import { html, nothing } from 'lit';
import type { VoiceItem } from '../../api/answers.js';

/** The language subtag of a locale (`en-GB` → `en`). */
const subtag = (locale: string) => locale.split('-')[0]!.toLowerCase();

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
      const tag = subtag(v.locale);
      const lang = this.languages.get(tag) ?? { name: v.language, locales: new Set<string>() };
      lang.locales.add(v.locale);
      this.languages.set(tag, lang);
    }
  }

  /** The language of a locale or of a language subtag (`en-GB`, `en`), once seen. */
  languageOf(locale: string): { name: string; locales: Set<string> } | undefined {
    return this.languages.get(subtag(locale));
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
}

/** The filters that are set, said so the user knows what to widen: `the provider azure`, `female voices`. */
export function describeFilters(seen: SeenVoices, f: Pick<VoiceFilters, 'provider' | 'locale' | 'gender' | 'streaming'> & { q: string }): string[] {
  const language = seen.languageOf(f.locale);
  return [
    f.q && `“${f.q}”`,
    !f.streaming && f.provider && `the provider ${f.provider}`,
    f.locale && `the language ${language ? (f.locale.includes('-') ? `${language.name} (${f.locale})` : language.name) : f.locale}`,
    f.gender && (f.gender === 'FEMALE' ? 'female voices' : 'male voices'),
  ].filter((s): s is string => !!s);
}

/** The search box, the provider, language and gender selects, and the streaming note. */
export function renderVoiceFilters(seen: SeenVoices, f: VoiceFilters) {
  const providers = [...seen.providers].sort();
  if (f.provider && !providers.includes(f.provider)) providers.push(f.provider);
  const languages = [...seen.languages].sort((a, b) => a[1].name.localeCompare(b[1].name));
  const localeValues = languages.flatMap(([tag, l]) => [tag, ...l.locales]);
  return html`
    <div class="search">
      <label>Search
        <input part="search" type="search" placeholder="Name, language or provider" autocomplete="off" @input=${f.onSearch} ?disabled=${f.disabled} />
      </label>
    </div>
    <div class="filters" part="filters">
      ${f.streaming
        ? nothing
        : html`<label>Provider
            <select @change=${f.onProvider} ?disabled=${f.disabled}>
              <option value="" .selected=${!f.provider}>All providers</option>
              ${providers.map((p) => html`<option value=${p} .selected=${p === f.provider}>${p}</option>`)}
            </select>
          </label>`}
      <label>Language
        <select @change=${f.onLocale} ?disabled=${f.disabled}>
          <option value="" .selected=${!f.locale}>All languages</option>
          ${languages.map(([tag, l]) => {
            const locales = [...l.locales].sort();
            // A language with several locales offers them all together and one by one.
            return html`<option value=${tag} .selected=${tag === f.locale}>${l.name}${locales.length > 1 ? ' (all)' : ''}</option>
              ${locales.length > 1
                ? locales.map((loc) => html`<option value=${loc} .selected=${loc === f.locale}>${l.name} (${loc})</option>`)
                : nothing}`;
          })}
          ${f.locale && !localeValues.includes(f.locale)
            ? html`<option value=${f.locale} .selected=${true}>${f.locale}</option>`
            : nothing}
        </select>
      </label>
      <label>Gender
        <select @change=${f.onGender} ?disabled=${f.disabled}>
          <option value="" .selected=${!f.gender}>All</option>
          <option value="FEMALE" .selected=${f.gender === 'FEMALE'}>Female</option>
          <option value="MALE" .selected=${f.gender === 'MALE'}>Male</option>
        </select>
      </label>
    </div>
    ${f.streaming
      ? // Shown before the provider is known too: the list below does not move when it is (CLS).
        html`<p class="note" part="note">Streaming avatars support only the ${f.streamingProvider ?? 'streaming provider’s'} voices.</p>`
      : nothing}
  `;
}
