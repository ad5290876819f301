/** Languages' names in the page's words, through `Intl.DisplayNames` (nothing to ship). */

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A language's name in a locale's words (`es` → `Spanisch`, `en-US` → `Englisch (Vereinigte
 * Staaten)` in `de`), or undefined for what is not a language tag or has no name there.
 */
export function languageName(tag: string, locale: string): string | undefined {
  try {
    let names = displayNames.get(locale);
    if (!names)
      displayNames.set(
        locale,
        (names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' })),
      );
    return names.of(tag);
  } catch {
    return undefined;
  }
}

/** The language of a tag, whatever its region (`es-ES` → `es`, `en-GB` → `en`). */
export const baseLanguage = (tag: string): string => tag.split('-')[0]!.toLowerCase();
