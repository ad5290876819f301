/**
 * What an owner changes at run time (the allowed page origins, the heads made through the proxy,
 * the heads' session budgets) survives a restart of `dh-kit start` without a shared store: those keys of the proxy's store
 * are also written to a file (default .dh-kit/proxy.json) and read back at start. Everything else
 * in the store (rate-limit counters, caches, de-duplication) stays in memory, as before. With
 * DH_STORE (Redis) the store itself keeps them, for every instance.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ADDED_ORIGINS_KEY } from '../proxy/page-origins.js';
import { MADE_HEADS_KEY } from '../proxy/made-heads.js';
import { BUDGET_KEY_PREFIX } from '../proxy/session-budget.js';
import type { KeyValueStore } from '../proxy/store.js';

/** The keys kept in the file: these, and every head's session budget (`budget:<head>`). */
export const KEPT_KEYS = [ADDED_ORIGINS_KEY, MADE_HEADS_KEY];
const kept = (key: string) => KEPT_KEYS.includes(key) || key.startsWith(BUDGET_KEY_PREFIX);
/** The store wants a lifetime: these live until changed (as store-list.ts writes them). */
const KEEP_MS = 100 * 365 * 24 * 3600e3;

/**
 * `store` with the KEPT_KEYS read from `file` now and written to it after every change. A file
 * that cannot be read is set aside (`….corrupt-<time>`) with one line on `warn`.
 */
export async function keepLists(
  store: KeyValueStore,
  file: string,
  warn: (line: string) => void,
): Promise<KeyValueStore> {
  /** The kept keys the store holds (the budgets' are known as they come). */
  const keys = new Set(KEPT_KEYS);
  if (existsSync(file)) {
    try {
      const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (!data || typeof data !== 'object' || Array.isArray(data))
        throw new TypeError('not an object');
      for (const [key, value] of Object.entries(data)) {
        if (!kept(key) || typeof value !== 'string') continue;
        await store.set(key, value, KEEP_MS);
        keys.add(key);
      }
    } catch (err) {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      try {
        renameSync(file, aside);
      } catch {
        // Left where it is: the next write replaces it.
      }
      warn(
        `The proxy's kept lists ${file} could not be read (${(err as Error).message}): set aside as ${aside}; starting with none.`,
      );
    }
  }
  const write = async () => {
    const data: Record<string, string> = {};
    for (const key of keys) {
      const value = await store.get(key);
      if (value !== undefined) data[key] = value;
    }
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(data, null, 1)}\n`);
    renameSync(temporary, file);
  };
  return {
    get: (key) => store.get(key),
    add: (key, value, ttlMs) => store.add(key, value, ttlMs),
    increment: (key, ttlMs, by) => store.increment(key, ttlMs, by),
    ...(store.expiringSet ? { expiringSet: store.expiringSet.bind(store) } : {}),
    ...(store.tally ? { tally: store.tally.bind(store) } : {}),
    async set(key, value, ttlMs) {
      await store.set(key, value, ttlMs);
      if (kept(key)) {
        keys.add(key);
        try {
          await write();
        } catch (err) {
          warn(`The proxy's kept lists could not be written to ${file}: ${(err as Error).message}`);
        }
      }
    },
  };
}
