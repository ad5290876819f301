/**
 * What the README promises in text that could go stale without a test noticing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('the README starts with the two commands a newcomer types', () => {
  const start = readme.slice(0, 1500);
  assert.match(start, /npm install && npm start/);
  assert.match(start, /npm test/);
});

test("the README's embed code holds no integrity value of its own: a real one goes stale with the next bundle, and the browser refuses the script", () => {
  assert.deepEqual(readme.match(/sha384-[A-Za-z0-9+/]{40,}={0,2}/g) ?? [], []);
  assert.deepEqual(readme.match(/dh-kit\.[0-9a-f]{12}\.js/g) ?? [], [], 'nor a versioned bundle name');
});
