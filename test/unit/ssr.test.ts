/** Element modules import in Node (SSR, tests, build tools) without a DOM and without throwing. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('importing dh-avatar in Node does not throw and defines nothing', async () => {
  assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
  const mod = await import('../../src/elements/avatar/avatar.js');
  assert.equal(typeof mod.DhAvatar, 'function');
});

test("importing the avatar's parts in Node does not throw (nothing is made without a DOM)", async () => {
  for (const part of ['bubble-layout', 'consent', 'mic-hint', 'preconnect'])
    await import(`../../src/elements/avatar/${part}.js`);
});

test('importing the browser entry (every element) in Node does not throw', async () => {
  const mod = await import('../../src/index.js');
  for (const name of [
    'DhAvatar',
    'DhFacePicker',
    'DhVoicePicker',
    'DhHeadForm',
    'DhVideoStudio',
    'DhInsights',
    'requestJson',
  ] as const) {
    assert.equal(typeof mod[name], 'function', name);
  }
});
