/**
 * The element tests' `frame-*` server commands (`framePlugin` below says each one): a browser test
 * acts inside a cross-origin iframe of its page, which the page cannot reach into but the
 * browser's driver can. One adapter per driver of test/support/wtr-browsers.mjs. Registered by
 * web-test-runner.config.mjs; a test calls them through test/elements/support.ts's `inFrame`.
 */
import { findAllDeep } from '../deep-find.mjs';
import { ELEMENT_KEY, WEBDRIVER_KEYS } from './webdriver-keys.mjs';

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
 * One implementation per driver: Playwright (Chromium), puppeteer over WebDriver BiDi (Firefox),
 * webdriverio over classic WebDriver (WebKit). The last two share `inDocument` for finding,
 * waiting and reading, so "visible" and "contains text" mean the same in both.
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
          return puppeteerFrameCommand(session.browser.getPage(session.id), command, {
            ...payload,
            timeout,
          });
        case 'webdriver':
          return webdriverFrameCommand(session.browser, session.id, command, {
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

/**
 * Runs in the page or frame: puppeteer and webdriverio send its source (`inPage`, with
 * test/deep-find.mjs's `findAllDeep` for the selector), so it uses nothing else from outside. `op`: 'element' (the first match, or null), 'ready' (is there a match in `state`?),
 * 'text', 'props' (`arg.props` of the first match), 'clear' (empties the first match's value,
 * with an input event, as a user selecting it all and deleting would).
 * `arg`: `{state: 'visible' | 'attached', text, props}`; `text` matches as Playwright's `hasText`:
 * a case-insensitive substring of the whitespace-normalised textContent.
 */
/** inDocument as the drivers send it: one function, with findAllDeep inside. */
const inPage = new Function(
  'op',
  'selector',
  'arg',
  `const findAllDeep = ${findAllDeep}; return (${inDocument})(op, selector, arg);`,
);

function inDocument(op, selector, arg = {}) {
  let matches = findAllDeep(selector);
  const norm = (s) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  if (arg.text !== undefined && arg.text !== null)
    matches = matches.filter((el) => norm(el.textContent).includes(norm(arg.text)));
  // Visible as Playwright means it: a non-empty box and not visibility: hidden.
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  if (arg.state === 'visible') matches = matches.filter(visible);
  switch (op) {
    case 'element':
      return matches[0] ?? null;
    case 'ready':
      return matches.length > 0;
    case 'text': {
      const texts = matches.map((el) => el.textContent ?? '');
      return { count: texts.length, text: texts[0] ?? null, texts };
    }
    case 'props':
      return matches[0]
        ? Object.fromEntries((arg.props ?? []).map((n) => [n, matches[0][n]]))
        : null;
    case 'clear': {
      const el = matches[0];
      if (!el) return false;
      el.focus();
      if (el.value) {
        el.value = '';
        el.dispatchEvent(
          new InputEvent('input', {
            bubbles: true,
            composed: true,
            inputType: 'deleteContentBackward',
          }),
        );
      }
      return true;
    }
    default:
      throw new Error(`inDocument: unknown op ${op}`);
  }
}

/**
 * Calls `attempt` until it returns something other than undefined, or the time is up. Errors
 * count as "not yet" (the frame may be navigating, or not there yet); the last one is reported.
 */
async function retry(what, timeout, attempt) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not done after ${timeout} ms${last ? ` (${last.message?.split('\n')[0]})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Describes a command for error messages. */
const describeCommand = (command, { frame, selector, text, state }) =>
  `${command} ${JSON.stringify(selector)}${text !== undefined ? ` with text ${JSON.stringify(text)}` : ''}${state ? ` (${state})` : ''} in ${JSON.stringify(frame)}`;

/** puppeteer (Firefox over WebDriver BiDi). @param {import('puppeteer-core').Page} page */
async function puppeteerFrameCommand(page, command, payload) {
  const { frame, selector, text, key, props = [], timeout, state = 'visible' } = payload;
  const what = describeCommand(command, payload);
  /** The frame's document, or undefined while the iframe is missing or has none. */
  const content = async () => {
    const handle = await page.evaluateHandle(inPage, 'element', frame, {});
    const iframe = handle.asElement();
    if (!iframe) {
      await handle.dispose();
      return undefined;
    }
    try {
      return (await iframe.contentFrame()) ?? undefined;
    } finally {
      await iframe.dispose();
    }
  };
  /** Runs `inDocument` in the frame until it answers something. */
  const inFrame = (op, arg, done = (v) => v) =>
    retry(what, timeout, async () => {
      const doc = await content();
      if (!doc) return undefined;
      const value = await doc.evaluate(inPage, op, selector, arg);
      return done(value) ? value : undefined;
    });
  /** The first visible match, as an element handle in the frame. */
  const element = () =>
    retry(what, timeout, async () => {
      const doc = await content();
      const handle =
        doc && (await doc.evaluateHandle(inPage, 'element', selector, { state: 'visible' }));
      const el = handle?.asElement();
      if (!el) await handle?.dispose();
      return el ?? undefined;
    });
  switch (command) {
    case 'frame-wait':
      try {
        await inFrame('ready', { state, text });
      } catch (error) {
        throw new Error(
          `${error.message}; it reads ${JSON.stringify((await inFrame('text', {}, () => true).catch(() => undefined))?.texts)}`,
        );
      }
      return true;
    case 'frame-text':
      return inFrame('text', {}, () => true);
    case 'frame-props':
      return inFrame('props', { props }, (v) => v !== null);
    case 'frame-eval':
      return retry(what, timeout, async () => {
        const doc = await content();
        // An expression string: puppeteer evaluates it as one (undefined comes back as null).
        return doc ? ((await doc.evaluate(String(payload.script))) ?? null) : undefined;
      });
    case 'frame-click': {
      const el = await element();
      await el.click();
      await el.dispose();
      return true;
    }
    case 'frame-fill': {
      // Real key presses (keydown, beforeinput, input, keyup per character), as a user types.
      await inFrame('clear', { state: 'visible' }, (v) => v === true);
      const el = await element();
      await el.type(String(text ?? ''));
      await el.dispose();
      return true;
    }
    case 'frame-press': {
      const el = await element();
      await el.press(String(key));
      await el.dispose();
      return true;
    }
    default:
      return undefined;
  }
}

/**
 * webdriverio over classic WebDriver (WebKit): the launcher's `driver` is the one session; commands
 * act in the "current browsing context", so each attempt switches into the iframe and always back
 * to the top, on errors too, or wtr's own commands (results, sendKeys) would run in the frame.
 */
async function webdriverFrameCommand(launcher, sessionId, command, payload) {
  const { frame, selector, text, key, props = [], timeout, state = 'visible' } = payload;
  const what = describeCommand(command, payload);
  /** @type {WebdriverIO.Browser} */
  const driver = launcher.driver;
  if (!driver) throw new Error(`${command}: the WebDriver session is not started`);
  const ref = (value) =>
    (value && typeof value === 'object' && (value[ELEMENT_KEY] ?? value.elementId)) || undefined;
  const script = (fn) => `return (${fn}).apply(null, arguments)`;
  // switchFrame, not the deprecated switchToFrame: on classic WebDriver it sends the same command.
  const top = () => driver.switchFrame(null);
  /** Makes the test page the current browsing context; returns the iframe's element id, if it is there. */
  const toTestPage = async () => {
    await top();
    // With concurrency > 1, wtr runs each test page in an iframe of its own (IFrameManager).
    const testFrame = launcher.driverManager?.getFrameId?.(sessionId);
    if (testFrame)
      await driver.switchFrame({
        [ELEMENT_KEY]: ref(
          await driver.executeScript('return document.getElementById(arguments[0])', [testFrame]),
        ),
      });
    return ref(await driver.executeScript(script(inPage), ['element', frame, {}]));
  };
  /**
   * Runs `act(iframe)` with the iframe's document as the current browsing context, or returns
   * undefined when it is not there yet; the top is current again afterwards, whatever happened.
   */
  const inFrame = async (act) => {
    try {
      const iframe = await toTestPage();
      if (!iframe) return undefined;
      await driver.switchFrame({ [ELEMENT_KEY]: iframe });
      return await act(iframe);
    } finally {
      await top().catch(() => undefined);
    }
  };
  const run = (op, arg) => driver.executeScript(script(inPage), [op, selector, arg]);
  const until = (act) => retry(what, timeout, () => inFrame(act));
  /**
   * Scrolls the element into the viewport, then `act(elementId)`. WebKit's Element Click scrolls
   * only the frame's own document: a field low in a tall cross-origin frame stays below the fold
   * of the test page and the click lands on nothing (Playwright scrolls every ancestor frame).
   */
  const withElement = (act) =>
    until(async (iframe) => {
      const el = ref(await run('element', { state: 'visible' }));
      if (!el) return undefined;
      const [x, y] = await driver.executeScript(
        `const el = arguments[0];
         el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
         const box = el.getBoundingClientRect();
         return [box.left + box.width / 2, box.top + box.height / 2];`,
        [{ [ELEMENT_KEY]: el }],
      );
      await toTestPage();
      await driver.executeScript(
        `const frame = arguments[0];
         const box = frame.getBoundingClientRect();
         const x = box.left + frame.clientLeft + arguments[1];
         const y = box.top + frame.clientTop + arguments[2];
         if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) scrollBy(x - innerWidth / 2, y - innerHeight / 2);`,
        [{ [ELEMENT_KEY]: iframe }, x, y],
      );
      await driver.switchFrame({ [ELEMENT_KEY]: iframe });
      await act(el);
      return true;
    });
  /** Clicks the element unless it has focus already (a click on a focused field could move its caret or toggle it). */
  const focusByClick = async (el) => {
    const focused = await driver.executeScript(
      'return document.hasFocus() && document.activeElement === arguments[0]',
      [{ [ELEMENT_KEY]: el }],
    );
    if (!focused) await driver.elementClick(el);
  };
  switch (command) {
    case 'frame-wait':
      try {
        return await until(async () => ((await run('ready', { state, text })) ? true : undefined));
      } catch (error) {
        throw new Error(
          `${error.message}; it reads ${JSON.stringify((await inFrame(() => run('text', {})).catch(() => undefined))?.texts)}`,
        );
      }
    case 'frame-text':
      return until(() => run('text', {}));
    case 'frame-props':
      return until(async () => (await run('props', { props })) ?? undefined);
    case 'frame-eval':
      return until(
        async () => (await driver.executeScript(`return (${payload.script})`, [])) ?? null,
      );
    case 'frame-click':
      return withElement((el) => driver.elementClick(el));
    case 'frame-fill':
      // Element Send Keys types each character: keydown, input and keyup, as a user types. The
      // click first puts focus in the field as a user would: WebKit does not let a cross-origin
      // frame take focus without a user gesture, and Send Keys then fails "Element is not focusable".
      return withElement(async (el) => {
        await focusByClick(el);
        await run('clear', { state: 'visible' });
        await driver.elementSendKeys(el, String(text ?? ''));
      });
    case 'frame-press':
      return withElement(async (el) => {
        await focusByClick(el);
        await driver.elementSendKeys(el, WEBDRIVER_KEYS[key] ?? String(key));
      });
    default:
      return undefined;
  }
}
