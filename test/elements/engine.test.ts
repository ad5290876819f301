/**
 * The run's engine is the one the launcher says: a launcher that silently fell back to
 * another browser would pass every other test while testing nothing new. The test server knows
 * which launcher opened this page (`engine-expected`); the page knows what it runs in.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { engineOf } from '../../scripts/engine-of.mjs';

describe('the engine', () => {
  it('is the one its launcher names (navigator.userAgent)', async () => {
    const expected = await executeServerCommand<string, undefined>('engine-expected');
    expect(['chromium', 'firefox', 'webkit']).to.include(expected);
    expect(engineOf(navigator.userAgent), navigator.userAgent).to.equal(expected);
  });
});
