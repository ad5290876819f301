/** The proxy's catalogue cache and its store: TTLs, coalescing, failures not cached, atomic counters. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CoalescingCache } from '../../src/proxy/cache.js';
import { MemoryStore } from '../../src/proxy/store.js';

test('the catalogue cache keeps an answer for its TTL, then loads again', async () => {
  let now = 0;
  let loads = 0;
  const cache = new CoalescingCache<number>(1000, 10, () => now);
  const load = async () => ++loads;
  assert.equal((await cache.get('k', load)).value, 1);
  now = 999;
  assert.equal((await cache.get('k', load)).value, 1, 'still fresh');
  now = 1000;
  assert.equal((await cache.get('k', load)).value, 2, 'expired: loaded again');
});

test('concurrent misses share one load; a failed load is not cached', async () => {
  let loads = 0;
  const cache = new CoalescingCache<string>(1000);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const results = Array.from({ length: 50 }, () =>
    cache.get('k', async () => {
      loads++;
      await gate;
      return 'v';
    }),
  );
  release();
  assert.deepEqual(new Set((await Promise.all(results)).map((e) => e.value)), new Set(['v']));
  assert.equal(loads, 1);
  const failing = new CoalescingCache<string>(1000);
  await assert.rejects(failing.get('k', async () => Promise.reject(new Error('down'))));
  assert.equal((await failing.get('k', async () => 'up')).value, 'up');
});

test('the cache holds at most maxEntries, dropping the oldest', async () => {
  const cache = new CoalescingCache<number>(10_000, 2);
  let loads = 0;
  for (const k of ['a', 'b', 'c']) await cache.get(k, async () => ++loads);
  await cache.get('a', async () => ++loads);
  assert.equal(loads, 4, '"a" was dropped when "c" came');
});

test('the memory store: TTL, add-if-absent, atomic increments', async () => {
  let now = 0;
  const store = new MemoryStore(() => now);
  await store.set('x', '1', 100);
  assert.equal(await store.get('x'), '1');
  assert.equal(await store.add('x', '2', 100), false);
  now = 100;
  assert.equal(await store.get('x'), undefined, 'expired');
  assert.equal(await store.add('x', '2', 100), true);
  const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('n', 1000)));
  assert.deepEqual(counts.sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1));
  assert.equal(await store.increment('n', 1000, -1), 19);
});
