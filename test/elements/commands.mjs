/**
 * Server commands for the element tests that @web/test-runner-commands cannot give in every engine
 * (register `keysPlugin()` in web-test-runner.config.mjs; the browser side is test/elements/keys.ts).
 *
 *   press-keys      {press: 'Control+End'} or one key ('Tab', 'ArrowDown', ' ', 'a'): modifiers
 *                   held down, the key pressed, the modifiers released, as a user does.
 *                   `sendKeys({press})` takes Playwright's `Mod+Key` syntax only in Playwright:
 *                   puppeteer answers "Unknown key", and the webdriver path types the string
 *                   character by character (and has no down/up to hold a modifier).
 *   reduced-motion  {reduce: boolean} → {emulated: boolean, why?: string}: emulates
 *                   `prefers-reduced-motion` where the driver can; `emulated: false` says the
 *                   engine's driver has no such emulation (the test then checks what it honestly can).
 *
 * Launchers: Playwright (Chromium) `session.browser.type === 'playwright'`, puppeteer-core over
 * WebDriver BiDi (Firefox) `'puppeteer'`, webdriverio over classic WebDriver (WebKit) `'webdriver'`.
 */

import { WEBDRIVER_KEYS } from '../support/webdriver-keys.mjs';

/** 'Control+Shift+End' → ['Control', 'Shift', 'End']; a lone '+' is a key of its own. */
function parseKeys(press) {
  if (typeof press !== 'string' || !press)
    throw new Error(`press-keys: give {press: 'Control+End'}, got ${JSON.stringify(press)}`);
  if (press.length === 1) return [press];
  const keys = press.split('+');
  // 'Control++' (Control and the plus key) splits into ['Control', '', ''].
  if (press.endsWith('++')) keys.splice(-2, 2, '+');
  for (const key of keys) {
    if (key.length > 1 && !(key in WEBDRIVER_KEYS))
      throw new Error(`press-keys: unknown key "${key}" in "${press}"`);
  }
  return keys;
}

async function pressKeys(session, press) {
  const keys = parseKeys(press);
  const browser = session.browser;
  switch (browser.type) {
    case 'playwright':
      await browser.getPage(session.id).keyboard.press(press);
      return true;
    case 'puppeteer': {
      const { keyboard } = browser.getPage(session.id);
      const modifiers = keys.slice(0, -1);
      for (const key of modifiers) await keyboard.down(key);
      try {
        await keyboard.press(keys.at(-1));
      } finally {
        for (const key of modifiers.reverse()) await keyboard.up(key);
      }
      return true;
    }
    case 'webdriver': {
      if (!browser.driverManager)
        throw new Error('press-keys: the WebDriver session is not started');
      const values = keys.map((k) => (k.length === 1 ? k : WEBDRIVER_KEYS[k]));
      const actions = [
        ...values.map((value) => ({ type: 'keyDown', value })),
        ...values.reverse().map((value) => ({ type: 'keyUp', value })),
      ];
      // The manager acts on this session's page (or its iframe, with concurrency > 1).
      await browser.driverManager.performActions(session.id, [
        { type: 'key', id: 'dh-keyboard', actions },
      ]);
      return true;
    }
    default:
      throw new Error(`press-keys: no keyboard for browser type ${browser.type}`);
  }
}

async function reducedMotion(session, reduce) {
  const browser = session.browser;
  const value = reduce ? 'reduce' : 'no-preference';
  switch (browser.type) {
    case 'playwright':
      await browser.getPage(session.id).emulateMedia({ reducedMotion: value });
      return { emulated: true };
    case 'puppeteer':
      try {
        await browser
          .getPage(session.id)
          .emulateMediaFeatures([{ name: 'prefers-reduced-motion', value }]);
        return { emulated: true };
      } catch (error) {
        // Over WebDriver BiDi (Firefox) puppeteer has this only through CDP, which Firefox lacks.
        return { emulated: false, why: `puppeteer over WebDriver BiDi: ${error.message}` };
      }
    default:
      // Classic WebDriver has no media emulation (https://w3c.github.io/webdriver/).
      return { emulated: false, why: `${browser.type}: no media feature emulation` };
  }
}

/** The plugin: `plugins: [..., keysPlugin()]`. */
export function keysPlugin() {
  return {
    name: 'dh-keys',
    async executeCommand({ command, payload, session }) {
      if (command === 'press-keys') return pressKeys(session, payload?.press);
      if (command === 'reduced-motion') return reducedMotion(session, !!payload?.reduce);
      return undefined;
    },
  };
}
