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
import { storeList } from './store-list.js';

/** The store key of the added origins: a JSON array of origins, sorted. */
export const ADDED_ORIGINS_KEY = 'origins:added';
/** How long an instance answers from the list it read last. */
export const ORIGINS_FRESH_MS = 1_000;
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

export function pageOrigins(
  fixed: readonly string[],
  store: KeyValueStore,
  now: () => number = Date.now,
): PageOrigins {
  const added = storeList(
    store,
    ADDED_ORIGINS_KEY,
    (o): o is string => typeof o === 'string' && !originProblem(o),
  );
  let cached: { at: number; list: string[] } | undefined;
  const read = async () => {
    const list = await added.read();
    cached = { at: now(), list };
    return list;
  };
  const recent = async () =>
    cached && now() - cached.at < ORIGINS_FRESH_MS ? cached.list : read();

  const change = async (edit: (list: string[]) => string[]) => {
    cached = { at: now(), list: await added.change((list) => [...new Set(edit(list))].sort()) };
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
