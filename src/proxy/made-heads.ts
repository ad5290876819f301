/**
 * The heads made through this proxy (`POST /heads`), newest first, kept in the store so that a
 * back office lists them after a reload and on every instance (`GET /heads`, admin). The platform
 * itself has no list of heads (spec: GET /head/{id} only).
 */
import type { MadeHead } from '../api/answers.js';
import type { KeyValueStore } from './store.js';
import { storeList } from './store-list.js';

export const MADE_HEADS_KEY = 'heads:made';
/** The newest this many are kept. */
export const MADE_HEADS_KEPT = 500;

const isMadeHead = (item: unknown): item is MadeHead => {
  const h = item as Partial<MadeHead> | null;
  return (
    typeof h?.id === 'string' &&
    typeof h.name === 'string' &&
    typeof h.mode === 'string' &&
    typeof h.streaming === 'boolean' &&
    typeof h.createdAt === 'string'
  );
};

export function madeHeads(store: KeyValueStore) {
  const list = storeList(store, MADE_HEADS_KEY, isMadeHead);
  return {
    /** Newest first. */
    list: list.read,
    async add(head: MadeHead): Promise<void> {
      await list.change((heads) =>
        [head, ...heads.filter((h) => h.id !== head.id)].slice(0, MADE_HEADS_KEPT),
      );
    },
  };
}
