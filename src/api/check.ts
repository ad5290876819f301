/**
 * Checks of the proxy's answers in the browser, in a few hundred bytes: zod/mini would add about
 * 7 kB gzip to every element, more than a picker's whole budget allows. Each check has zod's
 * `safeParse`, so `requestJson` takes either; an answer passes through unchanged when it matches.
 * What a person or the platform sends is still parsed with zod, at the proxy's edge
 * (api/requests.ts, platform/schemas.ts).
 */

/** Anything with zod's safeParse: a check from here, or a zod schema. */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export interface Check<T> extends Schema<T> {
  is(input: unknown): input is T;
}

/** The type a check accepts. */
export type Infer<C> = C extends Schema<infer T> ? T : never;

function check<T>(is: (input: unknown) => boolean): Check<T> {
  return {
    is: is as (input: unknown) => input is T,
    safeParse: (input) => (is(input) ? { success: true, data: input as T } : { success: false }),
  };
}

export const string = /* @__PURE__ */ check<string>((v) => typeof v === 'string');
export const number = /* @__PURE__ */ check<number>(
  (v) => typeof v === 'number' && Number.isFinite(v),
);
export const boolean = /* @__PURE__ */ check<boolean>((v) => typeof v === 'boolean');

export function nullable<T>(inner: Check<T>): Check<T | null> {
  return check((v) => v === null || inner.is(v));
}

export function optional<T>(inner: Check<T>): Check<T | undefined> {
  return check((v) => v === undefined || inner.is(v));
}

export function array<T>(item: Check<T>): Check<T[]> {
  return check((v) => Array.isArray(v) && v.every(item.is));
}

export function oneOf<const T extends readonly string[]>(values: T): Check<T[number]> {
  return check((v) => values.includes(v as string));
}

export function object<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<{ [K in keyof S]: Infer<S[K]> }> {
  return check(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.keys(shape).every((k) => shape[k]!.is((v as Record<string, unknown>)[k])),
  );
}

/**
 * A page of a list the proxy pages: `items`, `page`, `take`, `total`, `pageCount`, `hasNextPage`,
 * and the list's own fields. No side effects: a bundler drops the pages an element does not use.
 */
/* @__NO_SIDE_EFFECTS__ */
export function page<T, S extends Record<string, Check<unknown>> = Record<never, never>>(
  item: Check<T>,
  extra?: S,
) {
  return object({
    items: array(item),
    page: number,
    take: number,
    total: number,
    pageCount: number,
    hasNextPage: boolean,
    ...(extra as S),
  });
}
