/**
 * What a locale's messages need to read naturally: numbers, plurals, lists and dates in that
 * locale, through `Intl` (nothing to ship). elements/localized.ts gives each locale module its
 * locale's formats when it loads; the English messages beside each element use `formats('en')`.
 */
export function formats(locale: string) {
  const number = new Intl.NumberFormat(locale);
  const rules = new Intl.PluralRules(locale);
  return {
    /** `1234` → `1,234` (en), `1.234` (de). */
    n: (value: number): string => number.format(value),
    /**
     * The plural form of the locale's rules (`one`, `few`, `many`, `other`…), `#` replaced by the
     * formatted number: `plural(n, { one: '# face', other: '# faces' })`.
     */
    plural: (
      value: number,
      forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
    ): string => (forms[rules.select(value)] ?? forms.other).replace('#', number.format(value)),
    /** `a, b and c` in the locale's words. */
    list: (items: string[]): string =>
      new Intl.ListFormat(locale, { type: 'conjunction' }).format(items),
    /** A date and time, short (`25/11/2026, 14:05`). */
    date: (value: Date | number): string =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(value),
  };
}

/** What a locale module is given: its locale's formats. */
export type Formats = ReturnType<typeof formats>;
