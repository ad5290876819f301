/**
 * The run's engine is the one the launcher says (issue 17): a launcher that silently fell back to
 * another browser would pass every other test while testing nothing new. The test server knows
 * which launcher opened this page (`engine-expected`); the page knows what it runs in.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';

/** The engine of a user agent string: Chromium's also says "Safari", WebKit's says "AppleWebKit" alone. */
function engineOf(userAgent: string): string {
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)) return 'chromium';
  if (/AppleWebKit\//.test(userAgent)) return 'webkit';
  return 'unknown';
}

describe('the engine', () => {
  it('is the one its launcher names (navigator.userAgent)', async () => {
    const expected = await executeServerCommand<string, undefined>('engine-expected');
    expect(['chromium', 'firefox', 'webkit']).to.include(expected);
    expect(engineOf(navigator.userAgent), navigator.userAgent).to.equal(expected);
  });
});
