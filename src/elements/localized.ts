import {
  LitElement,
  isServer,
  type PropertyDeclarations,
  type ReactiveController,
  type ReactiveControllerHost,
} from 'lit';
import type { AvatarMessages } from './avatar/messages.js';
import type { FacePickerMessages } from './face-picker/messages.js';
import type { HeadFormMessages } from './head-form/messages.js';
import type { InsightsMessages } from './insights/messages.js';
import type { VideoStudioMessages } from './video-studio/messages.js';
import type { VoicePickerMessages } from './voice-picker/messages.js';
import type { SharedMessages } from './shared/messages.js';
import { formats, type Formats } from './shared/formats.js';

/**
 * The words of the kit's elements, in the page's language.
 *
 * One catalogue: each element's English messages live beside it (`messages.ts`, bundled with the
 * element, so English costs nothing extra) and every other locale is one module of
 * `elements/locales/`, which a page adds by importing it (`dh-kit/locales/de`: in any bundler, only
 * the languages it names), or, with `dh-kit/locales/auto` (the CDN bundle has it), fetched the
 * first time an element needs it. Each element has its
 * own locale, from its `locale` property, else its own or nearest ancestor's `lang`, else the
 * document's, else English; a change of any of these re-renders it, and a page can switch at will.
 *
 * Why not @lit/localize's runtime: its `msg()` has one locale for the whole page (elements of
 * two languages side by side cannot be), it can be configured once per page (a site's own Lit
 * app that localizes too would throw), its id hashing alone costs more than this file in the
 * avatar's budget, and it has no plurals. The catalogue keeps its model instead: one build for
 * every locale, a module per locale loaded at run time, messages as strings or functions of
 * their values (plurals, numbers, dates through `Intl`).
 */

/** Every section of the catalogue: one per element, and `shared` for what several say alike. */
export interface Catalogue {
  shared: SharedMessages;
  avatar: AvatarMessages;
  facePicker: FacePickerMessages;
  voicePicker: VoicePickerMessages;
  headForm: HeadFormMessages;
  videoStudio: VideoStudioMessages;
  insights: InsightsMessages;
}

/** A section's messages, any of them: what `setMessages` and an element's `messages` take. */
export type Overrides = { [S in keyof Catalogue]?: Partial<Catalogue[S]> };

/** The locales that ship with the kit (English is built in; a page adds the others, see above). */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ar', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

const loaded = new Map<string, Overrides>([['en', {}]]);
const overrides = new Map<string, Overrides>();
/** The elements on the page, each rendered again when a locale's messages change. */
const elements = new Set<ReactiveControllerHost>();
/** Bumped when any locale's messages change, so each element merges its section again. */
let version = 0;
let observer: MutationObserver | undefined;

/**
 * Overrides messages of a locale for every element of the page, or adds a locale of the site's
 * own (missing messages are English). Elements re-render at once.
 *
 * ```js
 * setMessages('de', { avatar: { talkTo: (name) => `Jetzt mit ${name} sprechen` } });
 * ```
 */
export function setMessages(locale: string, messages: Overrides): void {
  // The tag names the locale for `Intl` too (plurals, dates): one it cannot read would break every element showing it.
  try {
    Intl.getCanonicalLocales(locale);
  } catch {
    throw new RangeError(
      `dh-kit: setMessages("${locale}"): not a language tag; use one like "sv", "de-CH" or "pt-BR".`,
    );
  }
  const tag = locale.toLowerCase();
  const own = overrides.get(tag) ?? {};
  for (const [section, values] of Object.entries(messages))
    Object.assign(((own as Record<string, object>)[section] ??= {}), values);
  overrides.set(tag, own);
  relocalize();
}

/**
 * How the locales that ship arrive when no module of theirs was imported: `dh-kit/locales/auto`
 * (and the CDN bundle) sets it, through `loadLocales`, to fetch each the first time an element
 * shows it. It starts fetching a locale, and gives its module while it loads (undefined once it
 * has, or for a locale that does not ship). Made in `loadLocales`, so a page that imports its
 * languages does not carry the fetching.
 */
let loader: ((locale: string) => Promise<unknown> | undefined) | undefined;
/** Locales a page asked for without their module: told once each, in the console. */
const missing = new Set<string>();

/** A locale of the kit's, from its module (`dh-kit/locales/de`): its catalogue, given the locale's formats. */
export function addLocale(
  locale: Exclude<Locale, 'en'>,
  catalogue: (formats: Formats) => Catalogue,
): void {
  loaded.set(locale, catalogue(formats(locale)));
  relocalize();
}

/** Every locale of the kit's, each fetched the first time an element shows it (`dh-kit/locales/auto`). */
export function loadLocales(load: (locale: Exclude<Locale, 'en'>) => Promise<Catalogue>): void {
  const loading = new Map<string, Promise<unknown>>();
  loader = (locale) => {
    if (loaded.has(locale) || !(LOCALES as readonly string[]).includes(locale)) return;
    let p = loading.get(locale);
    if (!p) {
      // A failure leaves English (and says why in the console).
      p = load(locale as Exclude<Locale, 'en'>)
        .catch((err) => console.warn(`dh-kit: no "${locale}" messages`, err))
        .then((m) => {
          loaded.set(locale, m ?? {});
          version++;
        });
      loading.set(locale, p);
    }
    return p;
  };
  relocalize();
}

/**
 * The best locale for a `lang` tag that the page has: itself, else its language (`pt-BR` → `pt`),
 * else English. A locale of the kit's whose module the page did not import is English, said once
 * in the console with the import to add.
 */
export function matchLocale(tag: string | null | undefined): string {
  const t = (tag ?? '').toLowerCase();
  for (const c of [t, t.split('-')[0]!]) {
    const kit = (LOCALES as readonly string[]).includes(c);
    // (Told also when the site overrides some of its messages: the rest would be English.)
    if (kit && !loaded.has(c) && !loader && !missing.has(c) && !isServer) {
      missing.add(c);
      console.warn(
        `dh-kit: no "${c}" messages: import 'dh-kit/locales/${c}' (or 'dh-kit/locales/auto'); English until then.`,
      );
    }
    if (overrides.has(c) || loaded.has(c) || (loader && kit)) return c;
  }
  return 'en';
}

function relocalize(): void {
  version++;
  for (const el of elements) el.requestUpdate();
}

/** An element whose words a LocalizeController gives: the page may set its locale and its own messages. */
export interface LocalizedHost<S extends keyof Catalogue>
  extends ReactiveControllerHost,
    HTMLElement {
  /** The locale to show, over any `lang`; unset: from `lang`. */
  locale?: string;
  /** The element's own messages, over the locale's. */
  messages?: Partial<Catalogue[S]>;
}

/** Where an element's words come from: its section of the catalogue and its English. */
export interface LocalizeOptions<S extends keyof Catalogue> {
  section: S;
  english: Catalogue[S];
  /** The English words every element shares (the error texts): the avatar's are those it shows. */
  sharedEnglish: SharedMessages;
}

/**
 * An element's words in its locale: `m` (its section of the catalogue) and `shared`, merged from
 * its English, the locale's module, the site's `setMessages` and the element's own `messages`.
 * The locale is the host's `locale`, else the nearest `lang` (crossing shadow roots), else the
 * document's; the host renders again when any of them or the messages change.
 */
export class LocalizeController<S extends keyof Catalogue> implements ReactiveController {
  readonly #host: LocalizedHost<S>;
  readonly #options: LocalizeOptions<S>;
  #cache?: { key: string; own?: Partial<Catalogue[S]>; m: Catalogue[S]; shared: SharedMessages };

  constructor(host: LocalizedHost<S>, options: LocalizeOptions<S>) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    elements.add(this.#host);
    // Any `lang` that can change the element's locale, its own too: in the document, and in the
    // shadow root it may be in (the document's observer does not see inside one). One observer
    // for the page, filtered to that attribute.
    observer ??= new MutationObserver(relocalize);
    const options = { attributeFilter: ['lang'], subtree: true };
    observer.observe(document, options);
    observer.observe(this.#host.getRootNode(), options);
  }

  hostDisconnected(): void {
    elements.delete(this.#host);
  }

  /** The locale the element shows now. */
  get locale(): string {
    return matchLocale(this.languageTag);
  }

  /** The language of the element's place in the page: its `locale`, else the nearest `lang`, else the document's. */
  get languageTag(): string {
    let tag = this.#host.locale || null;
    for (
      let n: Element | null = this.#host;
      n && tag === null;
      n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null)
    )
      tag = n.getAttribute('lang');
    return tag ?? (isServer ? '' : document.documentElement.lang);
  }

  /** The element's messages, in its locale. */
  get m(): Catalogue[S] {
    return this.#merged().m;
  }

  /** The messages shared by every element (error texts), in the element's locale. */
  get shared(): SharedMessages {
    return this.#merged().shared;
  }

  #merged(): { m: Catalogue[S]; shared: SharedMessages } {
    const locale = this.locale;
    const key = `${locale} ${version}`;
    const { section, english, sharedEnglish } = this.#options;
    const own = this.#host.messages;
    if (this.#cache?.key !== key || this.#cache.own !== own) {
      const shipped = loaded.get(locale);
      const site = overrides.get(locale);
      this.#cache = {
        key,
        own,
        m: { ...english, ...shipped?.[section], ...site?.[section], ...own } as Catalogue[S],
        shared: { ...sharedEnglish, ...shipped?.shared, ...site?.shared },
      };
    }
    return this.#cache;
  }
}

/**
 * The base of every element of the kit: its `locale` and `messages` properties, and its words
 * through its LocalizeController (`this.m`, `this.shared`). What a controller cannot do is done
 * here: the first render waits for a locale that is still loading (one small module), so a German
 * page never flashes English.
 */
export abstract class LocalizedElement<
  S extends keyof Catalogue = keyof Catalogue,
> extends LitElement {
  static override properties: PropertyDeclarations = {
    locale: {},
    messages: { attribute: false },
  };

  /** The locale to show, over any `lang` (e.g. `de`, `pt-BR`); unset: from `lang`. */
  locale?: string;
  /** This element's own messages, over the locale's (property only). */
  messages?: Partial<Catalogue[S]>;

  /** The element's words. */
  protected abstract readonly localize: LocalizeController<S>;

  /** The locale this element shows now. */
  get currentLocale(): string {
    return this.localize.locale;
  }

  /** The messages of this element, in its locale. */
  protected get m(): Catalogue[S] {
    return this.localize.m;
  }

  /** The messages shared by every element (error texts), in this element's locale. */
  protected get shared(): SharedMessages {
    return this.localize.shared;
  }

  // biome-ignore lint/suspicious/noConfusingVoidType: Lit's own signature.
  protected override scheduleUpdate(): void | Promise<unknown> {
    // The locale's module while it loads (one small module): the first render waits for it.
    const pending = isServer ? undefined : loader?.(this.localize.locale);
    return pending ? pending.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }
}
