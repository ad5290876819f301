/**
 * Tolerant readers of what the platform sends, where the spec leaves the details open: nulls and
 * missing labels, booleans as strings, numeric ids, and lists read item by item (a list with one
 * odd item keeps its good ones). Used by the platform schemas (schemas.ts).
 */
import { z } from 'zod';

/** A value the platform may send as null or leave out. */
export const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
/** A label the platform may send as null or leave out: read as "" (the item is still usable). */
export const label = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
/** A boolean the platform may send as a string ("true"/"false"). */
export const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/**
 * Items the kit cannot read are left out of a list and reported here, once per kind of item and
 * problem (default: a console warning). A list with one odd item keeps its good ones.
 */
export const droppedItems = {
  seen: new Set<string>(),
  report(what: string, problem: string): void {
    const key = `${what}\n${problem}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    console.warn(
      `[dh-kit] The platform sent ${what} this kit cannot read (${problem}); it is left out of the list.`,
    );
  },
};

/**
 * A list read item by item: the items that parse are kept, the others reported (droppedItems)
 * and left out. The list itself must still be an array.
 */
export function tolerantList<T extends z.ZodType>(item: T, what: string) {
  return z.array(z.unknown()).transform((items) => {
    const kept: z.output<T>[] = [];
    for (const raw of items) {
      const parsed = item.safeParse(raw);
      if (parsed.success) kept.push(parsed.data);
      else droppedItems.report(what, describeZodError(parsed.error));
    }
    return kept;
  });
}
/** Ids are strings in the spec; tolerate numbers so a stray numeric id never breaks a listing. */
export const idString = z.union([z.string().min(1), z.number()]).transform(String);

/** Names the first problems of a failed parse, field by field: `data[3].id: expected string`. */
export function describeZodError(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.reduce<string>(
      (acc, key) =>
        typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key),
      '',
    );
    // "expected string, received undefined" reads better as what it means.
    const message = /received undefined$/.test(issue.message) ? 'is required' : issue.message;
    return path ? `${path}: ${message}` : message;
  });
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return parts.join('; ') + more;
}
