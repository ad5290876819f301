/**
 * Keys and media emulation that work in all three engines, through test/elements/commands.mjs
 * (`sendKeys({press: 'Control+End'})` is Playwright syntax: puppeteer and WebDriver reject it).
 */
import { executeServerCommand } from '@web/test-runner-commands';

/** Presses one key or a `Modifier+Key` combination ('Control+End', 'Shift+Tab', 'ArrowDown', ' '). */
export async function press(keys: string): Promise<void> {
  await executeServerCommand<boolean, { press: string }>('press-keys', { press: keys });
}

/**
 * Emulates `prefers-reduced-motion` where the engine's driver can (Chromium through Playwright);
 * answers whether it did, and why not.
 */
export function reducedMotion(reduce: boolean): Promise<{ emulated: boolean; why?: string }> {
  return executeServerCommand<{ emulated: boolean; why?: string }, { reduce: boolean }>(
    'reduced-motion',
    { reduce },
  );
}

/**
 * Runs `test` (create the element and check it) while the page prefers reduced motion.
 * Chromium: the real emulation, so the element's own `(prefers-reduced-motion: reduce)` query is
 * what is tested. Firefox (puppeteer has
 * media emulation only over CDP, which Firefox lacks) and WebKit (classic WebDriver has none):
 * `matchMedia` answers `matches: true` for that query while `test` runs. That checks that the
 * element asks the platform and obeys the answer, not that the engine's query matches.
 */
export async function withReducedMotion<T>(test: () => Promise<T>): Promise<T> {
  const { emulated } = await reducedMotion(true);
  const real = window.matchMedia;
  if (!emulated) {
    window.matchMedia = (query: string) => {
      if (!/prefers-reduced-motion\s*:\s*reduce/.test(query)) return real.call(window, query);
      // A query that never changes: nothing to listen to.
      const none = () => undefined;
      return {
        matches: true,
        media: query,
        onchange: null,
        addListener: none,
        removeListener: none,
        addEventListener: none,
        removeEventListener: none,
        dispatchEvent: () => false,
      };
    };
  }
  try {
    if (emulated && !matchMedia('(prefers-reduced-motion: reduce)').matches)
      throw new Error('reduced motion was emulated, but the page does not see it');
    return await test();
  } finally {
    window.matchMedia = real;
    if (emulated) await reducedMotion(false);
  }
}
