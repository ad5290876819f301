/**
 * The element tests' `frame-*` server commands (`framePlugin` below says each one): a browser test
 * acts inside a cross-origin iframe of its page, which the page cannot reach into but the
 * browser's driver can, for each driver of test/support/wtr-browsers.mjs. Registered by
 * web-test-runner.config.mjs; a test calls them through test/elements/support.ts's `frameCommands`.
 */
import { elementId, PuppeteerDocument, WebDriverDocument, waitFor } from './drivers.mjs';
import { ELEMENT_KEY } from './webdriver-keys.mjs';

/**
 * `frame-*` commands act inside an iframe of the test page (a page cannot reach into another
 * origin's frame; the browser's driver can). payload: `{frame: <iframe selector>, selector:
 * <element selector in it>, text, key, state, props, script, timeout}`. Selectors pierce open
 * shadow roots at `>>>` (`dh-avatar >>> iframe`: test/deep-find.mjs, shared with test/engines).
 *
 *   frame-wait   waits for a visible (`state: 'attached'`: present) match that contains `text`
 *   frame-text   `{count, text, texts}`: the textContent of every match, now
 *   frame-fill   replaces the field's value by typing `text` (key events and input events)
 *   frame-click  clicks the first visible match
 *   frame-press  focuses the first match and presses `key` ('Enter', 'Escape', 'a', …)
 *   frame-eval   the value of the expression `script`, run in the frame's document
 *   frame-props  the DOM properties `props` of the first match
 *
 * Two implementations: Playwright's own locators (Chromium), and one over test/support/drivers.mjs,
 * the driver layer shared with test/engines, for puppeteer over WebDriver BiDi (Firefox) and
 * webdriverio over classic WebDriver (WebKit): finding, waiting, "visible" and "contains text"
 * mean the same in both, and as Playwright means them.
 */
export function framePlugin({ actionTimeoutMs }) {
  return {
    name: 'frame-commands',
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('frame-')) return undefined;
      const { frame, selector, timeout = actionTimeoutMs } = payload ?? {};
      if (!frame || !selector) throw new Error(`${command} needs {frame, selector}`);
      switch (session.browser.type) {
        case 'playwright':
          return playwrightFrameCommand(session.browser.getPage(session.id), command, {
            ...payload,
            timeout,
          });
        case 'puppeteer':
          return documentFrameCommand(
            new PuppeteerDocument(session.browser.getPage(session.id)),
            command,
            { ...payload, timeout },
          );
        case 'webdriver':
          return documentFrameCommand(webdriverTestPage(session.browser, session.id), command, {
            ...payload,
            timeout,
          });
        default:
          throw new Error(`${command}: no frame commands for a ${session.browser.type} launcher`);
      }
    },
  };
}

/** @param {import('playwright').Page} page */
async function playwrightFrameCommand(page, command, payload) {
  const { frame, selector, text, key, props = [], timeout } = payload;
  // Playwright's CSS pierces open shadow roots by itself: `a >>> b` is its `a b`.
  const pierce = (sel) => String(sel).split('>>>').join(' ');
  let locator = page.frameLocator(pierce(frame)).locator(pierce(selector));
  switch (command) {
    case 'frame-fill':
      await locator.first().fill(String(text ?? ''), { timeout });
      return true;
    case 'frame-click':
      await locator.first().click({ timeout });
      return true;
    case 'frame-press':
      await locator.first().press(String(key), { timeout });
      return true;
    case 'frame-text': {
      // Reads what is there now; `frame-wait` first when the text arrives later.
      const texts = await locator.allTextContents();
      return { count: texts.length, text: texts[0] ?? null, texts };
    }
    case 'frame-wait': {
      if (text !== undefined) locator = locator.filter({ hasText: String(text) });
      await locator.first().waitFor({ state: payload.state ?? 'visible', timeout });
      return true;
    }
    case 'frame-eval': {
      // Runs an expression in the frame's document (e.g. a top navigation the sandbox must stop).
      const handle = await page.locator(pierce(frame)).first().elementHandle({ timeout });
      const content = await handle?.contentFrame();
      if (!content) throw new Error(`${frame} has no document`);
      return content.evaluate(String(payload.script));
    }
    case 'frame-props': {
      // DOM properties of the first match, e.g. ['naturalWidth', 'readyState'].
      return locator
        .first()
        .evaluate((el, names) => Object.fromEntries(names.map((n) => [n, el[n]])), props, {
          timeout,
        });
    }
    default:
      return undefined;
  }
}

/** Describes a command for error messages. */
const describeCommand = (command, { frame, selector, text, state }) =>
  `${command} ${JSON.stringify(selector)}${text !== undefined ? ` with text ${JSON.stringify(text)}` : ''}${state ? ` (${state})` : ''} in ${JSON.stringify(frame)}`;

/**
 * webdriverio over classic WebDriver (WebKit): the launcher's `driver` is the one session. The test
 * page is the top document, or, with concurrency > 1, an iframe of its own that web-test-runner
 * makes for it (IFrameManager): entering it is switching to the top, then into that iframe.
 */
function webdriverTestPage(launcher, sessionId) {
  /** @type {WebdriverIO.Browser} */
  const driver = launcher.driver;
  if (!driver) throw new Error('frame commands: the WebDriver session is not started');
  return new WebDriverDocument(driver, {
    enter: async () => {
      await driver.switchFrame(null);
      const testFrame = launcher.driverManager?.getFrameId?.(sessionId);
      if (!testFrame) return;
      const found = await driver.executeScript('return document.getElementById(arguments[0])', [
        testFrame,
      ]);
      await driver.switchFrame({ [ELEMENT_KEY]: elementId(found) });
    },
  });
}

/**
 * puppeteer (Firefox over WebDriver BiDi) and webdriverio (WebKit over classic WebDriver), through
 * test/support/drivers.mjs: `page` is the test page's document. Each attempt finds the iframe and
 * acts in its document; until the time is up, a missing iframe or element is "not yet".
 */
async function documentFrameCommand(page, command, payload) {
  const { frame, selector, text, key, props = [], timeout, state = 'visible' } = payload;
  const what = describeCommand(command, payload);
  /** `act(doc)` in the frame's document until it answers something other than undefined. */
  const until = (act) =>
    waitFor(
      what,
      () => page.frame(frame, act),
      timeout,
      (v) => v !== undefined,
    );
  /** `act(doc, el)` on the first visible match, brought into view; true. */
  const withElement = (act) =>
    until((doc) => doc.withElement(selector, { state: 'visible' }, (el) => act(doc, el)));
  switch (command) {
    case 'frame-wait':
      try {
        return await until(async (doc) =>
          (await doc.query('ready', selector, { state, text })) ? true : undefined,
        );
      } catch (error) {
        const now = await page
          .frame(frame, (doc) => doc.query('text', selector))
          .catch(() => undefined);
        throw new Error(`${error.message}; it reads ${JSON.stringify(now?.texts)}`);
      }
    case 'frame-text':
      return until((doc) => doc.query('text', selector));
    case 'frame-props':
      return until(async (doc) => (await doc.query('props', selector, { props })) ?? undefined);
    case 'frame-eval':
      // An expression string, run in the frame's document (undefined comes back as null).
      return until(async (doc) => (await doc.evaluateExpression(String(payload.script))) ?? null);
    case 'frame-click':
      return withElement((doc, el) => doc.click(el));
    case 'frame-fill':
      // Replaces the value by typing: real key presses (keydown, input, keyup per character).
      return withElement((doc, el) => doc.fill(el, selector, String(text ?? '')));
    case 'frame-press':
      return withElement((doc, el) => doc.press(el, String(key)));
    default:
      return undefined;
  }
}
