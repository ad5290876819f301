/**
 * Classic WebDriver's names for things, in one place for every test that drives WebKit through it:
 * the element tests' server commands (test/elements/commands.mjs, test/support/frame-commands.mjs)
 * and the driver layer they share with the cross-engine stage (test/support/drivers.mjs); typed
 * by webdriver-keys.d.mts.
 * Plain JavaScript: web-test-runner loads its configuration, and what it imports, without tsx.
 */

/** WebDriver's element reference key (https://w3c.github.io/webdriver/#elements). */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * Key names (Playwright's, which are the DOM's `KeyboardEvent.key`, and 'Space') as WebDriver's
 * code points (https://w3c.github.io/webdriver/#keyboard-actions, the same table as webdriverio's
 * `Key`). A one-character key ('a', ' ', '+') is sent as itself and needs no entry.
 */
export const WEBDRIVER_KEYS = Object.freeze({
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
  F2: '\uE032',
});
