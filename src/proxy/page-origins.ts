/**
 * The page origins whose pages may call the proxy (CORS) and frame its refusal pages: the fixed
 * list of DH_ALLOWED_ORIGINS, and the origins an admin adds at run time (`POST /dh/origins`,
 * `dh-kit origins add`, the head form's embed panel), kept in the proxy's store so that every
 * instance sharing it (Redis, Workers KV) answers the same, with no restart.
 *
 * An instance reads the added list from the store at most once a second (a cross-origin request
 * costs no store read of its own), and at once after it changed the list itself.
 */
import type { KeyValueStore } from './store.js';

/** The store key of the added origins: a JSON array of origins, sorted. */
export const ADDED_ORIGINS_KEY = 'origins:added';
/** How long an instance answers from the list it read last. */
export const ORIGINS_FRESH_MS = 1_000;
/** The store wants a lifetime for every key: the added list lives until it is changed. */
const KEEP_MS = 100 * 365 * 24 * 3600e3;
/** Added origins at most (a list a back office reads whole; POST /origins refuses more). */
export const MAX_ADDED_ORIGINS = 500;

/**
 * Why `value` is not a page origin as a browser sends it (`https://shop.example`,
 * `http://127.0.0.1:9911`: scheme, host and port, nothing after), or undefined when it is one.
 */
export function originProblem(value: string): string | undefined {
  if (value === '*') return '"*" is not allowed: list each site by its origin';
  const parsed = URL.canParse(value) ? new URL(value) : undefined;
  if (!parsed || !/^https?:$/.test(parsed.protocol))
    return `"${value}" is not an origin such as https://shop.example (http or https, a host, an optional port)`;
  if (parsed.origin !== value)
    return `"${value}" is not a bare origin: write ${parsed.origin} (scheme, host and port, nothing after)`;
  return undefined;
}

export interface PageOrigins {
  /** DH_ALLOWED_ORIGINS: fixed at start. */
  readonly fixed: readonly string[];
  /** The origins added at run time, read from the store now. */
  added(): Promise<string[]>;
  /** Whether a page of `origin` may call the proxy: fixed or added (the added list at most a second old). */
  allows(origin: string): Promise<boolean>;
  /** Every allowed origin, fixed first (the added list at most a second old). */
  all(): Promise<string[]>;
  /** Adds `origin` (a valid origin: originProblem); false when it was allowed already. */
  add(origin: string): Promise<boolean>;
  /** Removes an added origin; false when it was not added (a fixed one cannot be removed here). */
  remove(origin: string): Promise<boolean>;
}

function parseList(raw: string | undefined): string[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    // Tolerant: a value another version wrote keeps its good entries.
    return Array.isArray(list)
      ? list.filter((o): o is string => typeof o === 'string' && !originProblem(o))
      : [];
  } catch {
    return [];
  }
}

export function pageOrigins(
  fixed: readonly string[],
  store: KeyValueStore,
  now: () => number = Date.now,
): PageOrigins {
  let cached: { at: number; list: string[] } | undefined;
  const read = async () => {
    const list = parseList(await store.get(ADDED_ORIGINS_KEY));
    cached = { at: now(), list };
    return list;
  };
  const recent = async () =>
    cached && now() - cached.at < ORIGINS_FRESH_MS ? cached.list : read();

  /**
   * Changes the list in the store. The store has no compare-and-set: the list is written, read
   * back and written again while another instance's write overtook this one (an admin's action,
   * rare), a few times at most.
   */
  const change = async (edit: (list: string[]) => string[]): Promise<void> => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const next = [...new Set(edit(await read()))].sort();
      await store.set(ADDED_ORIGINS_KEY, JSON.stringify(next), KEEP_MS);
      const written = await read();
      if (JSON.stringify(written) === JSON.stringify(next)) return;
    }
  };

  return {
    fixed,
    added: read,
    allows: async (origin) =>
      fixed.includes(origin) || (origin !== '' && (await recent()).includes(origin)),
    all: async () => [...new Set([...fixed, ...(await recent())])],
    async add(origin) {
      if (fixed.includes(origin) || (await read()).includes(origin)) return false;
      await change((list) => [...list, origin]);
      return true;
    },
    async remove(origin) {
      if (!(await read()).includes(origin)) return false;
      await change((list) => list.filter((o) => o !== origin));
      return true;
    },
  };
}
