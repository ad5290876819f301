/**
 * Instances sharing the platform token through the store (src/platform/token.ts): of the instances
 * that find none, one logs in and the others wait for its token. A moment's trouble in the store
 * (a connection still opening) is not the store down: the waiting instance asks again, and only a
 * few failures in a row make it log in for itself.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BearerToken, type SharedTokenStore } from '../../src/platform/token.js';

/**
 * A store in memory shared by the instances; `failNext` makes that many of the next calls throw
 * (`failNextReads`: of the next reads only), counted in `failed`.
 */
function sharedStore() {
  const values = new Map<string, string>();
  const state = { failNext: 0, failNextReads: 0, reads: 0, failed: 0 };
  const maybeFail = (read = false) => {
    if (read) state.reads++;
    if (state.failNext > 0 || (read && state.failNextReads > 0)) {
      if (state.failNext > 0) state.failNext--;
      else state.failNextReads--;
      state.failed++;
      throw new Error('connection is not open yet');
    }
  };
  const store: SharedTokenStore = {
    async get(key) {
      maybeFail(true);
      return values.get(key);
    },
    async set(key, value) {
      maybeFail();
      values.set(key, value);
    },
    async add(key, value) {
      maybeFail();
      if (values.has(key)) return false;
      values.set(key, value);
      return true;
    },
  };
  return { store, state };
}

/** Resolves once `condition` holds; fails naming `what` after 5 s. */
async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, `within 5 s: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the platform token shared by instances', () => {
  test("AUTH-5 an instance waiting for another one's login rides out one failed read of the store: one login for both", async () => {
    const { store, state } = sharedStore();
    let logins = 0;
    let finishLogin: (token: string) => void = () => undefined;
    const slowLogin = () => {
      logins++;
      return new Promise<string>((resolve) => (finishLogin = resolve));
    };
    const token = (login: () => Promise<string>) =>
      new BearerToken({
        login,
        lifetimeMs: 3_600_000,
        refreshMarginMs: undefined,
        now: Date.now,
        shared: store,
      });
    const first = token(slowLogin).get(undefined);
    await until(() => logins === 1, 'the first instance logs in');
    // The first instance holds the lock and is logging in; the second waits for its token.
    const second = token(async () => {
      logins++;
      return 'second-token';
    }).get(undefined);
    const readsBefore = state.reads;
    await until(() => state.reads > readsBefore + 1, 'the second instance reads the store');
    state.failNextReads = 1;
    await until(() => state.failed === 1, 'one of its reads fails');
    finishLogin('first-token');
    assert.deepEqual(await Promise.all([first, second]), ['first-token', 'first-token']);
    assert.equal(logins, 1, 'one login for both instances');
  });

  test('a store that keeps failing is down: the waiting instance logs in for itself, soon', async () => {
    const { store, state } = sharedStore();
    state.failNext = 1_000;
    const started = Date.now();
    const token = new BearerToken({
      login: async () => 'own-token',
      lifetimeMs: 3_600_000,
      refreshMarginMs: undefined,
      now: Date.now,
      shared: store,
    });
    assert.equal(await token.get(undefined), 'own-token');
    assert.ok(Date.now() - started < 5_000, 'it did not wait out the ten seconds');
  });
});
