/** The proxy's catalogue cache and its store: TTLs, coalescing, failures not cached, atomic counters. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CoalescingCache } from '../../src/proxy/cache.js';
import { memoryStore } from '../../src/proxy/shared-store.js';

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

test('the memory store drops expired entries every 5 s (unstorage keeps them otherwise) and never a live one', async () => {
  let now = 1_000_000;
  const store = memoryStore(() => now);
  for (let i = 0; i < 50; i++) await store.set(`old:${i}`, 'x', 1000);
  await store.increment('rate:client', 60_000);
  await store.set('fresh', 'y', 60_000);
  now += 4000;
  await store.add('event:a', '1', 60_000);
  assert.equal((await store.storage.getKeys()).length, 53, 'not yet: at most one sweep in 5 s');
  now += 2000;
  // This write sweeps: the 50 expired entries go, the live ones stay.
  await store.increment('rate:client', 60_000);
  assert.deepEqual((await store.storage.getKeys()).sort(), ['event:a', 'fresh', 'rate:client']);
  assert.equal(await store.increment('rate:client', 60_000), 3);
  assert.equal(await store.get('fresh'), 'y');
});
