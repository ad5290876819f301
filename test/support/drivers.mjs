/**
 * The one driver layer over puppeteer-core (Firefox over WebDriver BiDi; Chromium over CDP) and
 * webdriverio (WebKit over classic WebDriver), shared by the element tests' `frame-*` commands
 * (test/support/frame-commands.mjs) and the cross-engine stage (test/engines/driver.ts). Typed by
 * drivers.d.mts. Plain JavaScript: web-test-runner loads its configuration, and what it imports,
 * without tsx.
 *
 * A "document" is one page's or frame's document, as a driver reaches it: `PuppeteerDocument` (a
 * puppeteer Page or Frame) and `WebDriverDocument` (the current browsing context of a webdriverio
 * session) answer the same operations: run a script, find an element, click, type, fill, press a
 * key, act inside one of its iframes (`frame`, another origin's too). Finding, waiting, "visible"
 * and "contains text" are written once, here, so they mean the same for every driver and test.
 *
 * Selectors: CSS steps joined by `>>>` (test/deep-find.mjs), searched through open shadow roots.
 * Everything runs in the page as a script string (`pageScript`), never as a function the driver
 * serialises itself: tsx compiles test/engines with esbuild's keepNames, which puts `__name(…)`
 * calls in a function's source that the page does not have (puppeteer: "__name is not defined").
 */
import { findAllDeep } from '../deep-find.mjs';
import { ELEMENT_KEY, WEBDRIVER_KEYS } from './webdriver-keys.mjs';

/** How long a wait may take by default: with room for a machine three times slower. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Resolves with `predicate`'s first value that `accept`s (by default: the first truthy one).
 * Errors count as "not yet" (a frame may be navigating, or not there yet); the last one is reported.
 * An error marked `final` (an action that ran and failed: see `withElement`) ends the wait at once.
 */
export async function waitFor(
  what,
  predicate,
  timeout = DEFAULT_TIMEOUT_MS,
  accept = (value) => Boolean(value),
) {
  const deadline = Date.now() + timeout;
  let last;
  let lastValue;
  for (;;) {
    try {
      const value = await predicate();
      if (accept(value)) return value;
      lastValue = value;
      last = undefined;
    } catch (error) {
      if (error?.final) throw error;
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last
        ? `: ${String(last.message ?? last).split('\n')[0]}`
        : ` (last value ${JSON.stringify(lastValue)})`;
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${why}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// In the page: these functions are sent as source (`pageScript`'s prelude) and use nothing else.

/** Visible as Playwright means it: a non-empty box and not `visibility: hidden`. */
function isVisible(el) {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/** The element's whitespace-normalised textContent. */
function normalisedText(el) {
  return String(el.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The in-page query of every driver. `op`: 'element' (the match, or null), 'ready' (is there a
 * match?), 'text' (`{count, text, texts}`: every match's textContent), 'props' (`arg.props` of the
 * match), 'clear' (empties the match's value, with an input event, as a user selecting it all and
 * deleting would). `arg`: `{state: 'visible' | 'attached', text, nth, props}`: `state: 'visible'`
 * keeps the visible matches, `text` the ones that contain it as Playwright's `hasText` does (a
 * case-insensitive substring of the whitespace-normalised textContent); "the match" is the `nth`
 * (default the first) of those left.
 */
function inDocument(op, selector, arg = {}) {
  const norm = (s) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  let matches = findAllDeep(selector);
  if (arg.text !== undefined && arg.text !== null)
    matches = matches.filter((el) => norm(el.textContent).includes(norm(arg.text)));
  if (arg.state === 'visible') matches = matches.filter(isVisible);
  const match = matches[arg.nth ?? 0] ?? null;
  switch (op) {
    case 'element':
      return match;
    case 'ready':
      return matches.length > 0;
    case 'text': {
      const texts = matches.map((el) => el.textContent ?? '');
      return { count: texts.length, text: texts[0] ?? null, texts };
    }
    case 'props':
      return match ? Object.fromEntries((arg.props ?? []).map((n) => [n, match[n]])) : null;
    case 'clear': {
      if (!match) return false;
      match.focus();
      if (match.value) {
        match.value = '';
        match.dispatchEvent(
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

/** What every page script has: a `__name` that does nothing (see the header) and the functions above. */
const PRELUDE = [
  'var __name = function (f) { return f; };',
  `var findAllDeep = ${findAllDeep};`,
  `var isVisible = ${isVisible};`,
  `var normalisedText = ${normalisedText};`,
  `var inDocument = ${inDocument};`,
  'var __dhFind = function (s, n) { return findAllDeep(s)[n] || null; };',
  '',
].join('\n');

/**
 * A script body for WebDriver's Execute Script (and, as `new Function(body)`, for puppeteer): the
 * prelude, then `fn` applied to the arguments. With `onElement`, arguments[0] and [1] are a
 * selector and an index, and `fn` gets the element (it throws when nothing matches).
 */
function pageScript(fn, onElement = false) {
  if (!onElement) return `${PRELUDE}return (${fn}).apply(null, arguments);`;
  return `${PRELUDE}var el = __dhFind(arguments[0], arguments[1]);
if (!el) throw new Error('no element matches ' + arguments[0] + (arguments[1] ? ' [' + arguments[1] + ']' : ''));
return (${fn}).apply(null, [el].concat(Array.prototype.slice.call(arguments, 2)));`;
}

const QUERY = pageScript(inDocument);

/** What both documents share: scripts, queries, and acting on an element once found. */
class DriverDocument {
  evaluate(fn, ...args) {
    return this.run(pageScript(fn), args);
  }

  evaluateOn(selector, nth, fn, ...args) {
    return this.run(pageScript(fn, true), [selector, nth, ...args]);
  }

  /** `inDocument(op, selector, arg)`, in this document. */
  query(op, selector, arg = {}) {
    return this.run(QUERY, [op, selector, arg]);
  }

  /**
   * Whether a failed action may be tried again in a wait: not by default, since a click that ran
   * and threw may have submitted a form (a second try would submit twice), and an error should
   * show at once. WebDriverDocument says yes, see there.
   */
  retriesActions = false;

  /**
   * `act(el)` on the match of `selector` (`arg` as `inDocument`'s), brought into view, then true;
   * undefined when nothing matches. An error of `act` is `final` unless `retriesActions`.
   */
  async withElement(selector, arg, act) {
    const el = await this.element(selector, arg);
    if (el === undefined) return undefined;
    try {
      await this.reveal(el);
      try {
        await act(el);
      } catch (error) {
        if (!this.retriesActions && error && typeof error === 'object') error.final = true;
        throw error;
      }
      return true;
    } finally {
      // The handle's release is housekeeping: its failure is not the action's.
      await Promise.resolve(this.release(el)).catch(() => undefined);
    }
  }
}

/** A puppeteer Page or Frame's document. */
export class PuppeteerDocument extends DriverDocument {
  /** @param {import('puppeteer-core').Page | import('puppeteer-core').Frame} target */
  constructor(target) {
    super();
    this.target = target;
  }

  /** Runs a `pageScript` body, as a function (puppeteer passes the arguments). */
  run(body, args) {
    return this.target.evaluate(new Function(body), ...args);
  }

  /** The value of a JavaScript expression (puppeteer evaluates a string as one; undefined comes back as null). */
  evaluateExpression(expression) {
    return this.target.evaluate(String(expression));
  }

  /** The match's element handle, or undefined. */
  async element(selector, arg = {}) {
    const handle = await this.target.evaluateHandle(new Function(QUERY), 'element', selector, arg);
    const el = handle.asElement();
    if (!el) {
      await handle.dispose();
      return undefined;
    }
    return el;
  }

  release(el) {
    return el.dispose();
  }

  /** Nothing to do: puppeteer's click scrolls the element into view in every frame. */
  async reveal() {}

  click(el) {
    return el.click();
  }

  /** Focuses the element, then key presses (keydown, beforeinput, input, keyup per character). */
  type(el, text) {
    return el.type(text);
  }

  /** Empties the field (`selector`'s visible match, which `el` is), then types `text`. */
  async fill(el, selector, text) {
    await this.query('clear', selector, { state: 'visible' });
    await el.type(text);
  }

  /** Focuses the element and presses `key` (Playwright's names). */
  press(el, key) {
    return el.press(key);
  }

  /** Presses `key` where focus is, as the keyboard does (a page's document only). */
  pressKey(key) {
    return this.target.keyboard.press(key);
  }

  /**
   * `act(doc)` with the document of the iframe `iframe` matches (its first match); throws when
   * there is no such iframe or it has no document.
   */
  async frame(iframe, act) {
    const handle = await this.element(iframe);
    if (!handle) throw new Error(`no element matches ${iframe}`);
    try {
      const frame = await handle.contentFrame();
      if (!frame) throw new Error(`${iframe} has no document`);
      return await act(new PuppeteerDocument(frame));
    } finally {
      await handle.dispose();
    }
  }
}

/** WebDriver's element id in an Execute Script answer, or undefined. */
export const elementId = (value) =>
  (value && typeof value === 'object' && (value[ELEMENT_KEY] ?? value.elementId)) || undefined;

/**
 * A document of a webdriverio session over classic WebDriver, whose commands act in the "current
 * browsing context". Between operations the top document is current: `frame` switches into the
 * iframe and always back to the top, on errors too. `enter` makes this document current from the
 * top (nothing for the top itself; web-test-runner's own frame for its test page, see
 * frame-commands.mjs); a frame's document re-enters through its parent.
 */
export class WebDriverDocument extends DriverDocument {
  /**
   * Classic WebDriver answers "element not interactable" while a frame is still laying out (WebKit,
   * after a navigation in the frame): an action is tried again until the time is up, as it always was.
   */
  retriesActions = true;

  /**
   * @param {WebdriverIO.Browser} driver
   * @param {{enter?: () => Promise<void>, parent?: WebDriverDocument, iframe?: string}} [where]
   */
  constructor(driver, { enter = async () => undefined, parent, iframe } = {}) {
    super();
    this.driver = driver;
    this.enter = enter;
    this.parent = parent;
    this.iframe = iframe;
  }

  /** Execute Script (https://w3c.github.io/webdriver/#execute-script): JSON arguments, a returned promise awaited. */
  run(body, args) {
    return this.driver.executeScript(body, args);
  }

  evaluateExpression(expression) {
    return this.driver.executeScript(`return (${expression})`, []);
  }

  /** The match's element id, or undefined. */
  async element(selector, arg = {}) {
    return elementId(await this.query('element', selector, arg));
  }

  async release() {}

  /**
   * In a frame: scrolls the element into the frame's viewport and the frame's box into the
   * parent's. WebKit's Element Click scrolls only the frame's own document: a field low in a tall
   * cross-origin frame stays below the fold of the test page and the click lands on nothing
   * (Playwright scrolls every ancestor frame). The frame is current again afterwards.
   */
  async reveal(el) {
    if (!this.parent) return;
    const [x, y] = await this.driver.executeScript(
      `const el = arguments[0];
       el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
       const box = el.getBoundingClientRect();
       return [box.left + box.width / 2, box.top + box.height / 2];`,
      [{ [ELEMENT_KEY]: el }],
    );
    await this.parent.enter();
    await this.driver.executeScript(
      `const frame = arguments[0];
       const box = frame.getBoundingClientRect();
       const x = box.left + frame.clientLeft + arguments[1];
       const y = box.top + frame.clientTop + arguments[2];
       if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) scrollBy(x - innerWidth / 2, y - innerHeight / 2);`,
      [{ [ELEMENT_KEY]: this.iframe }, x, y],
    );
    await this.driver.switchFrame({ [ELEMENT_KEY]: this.iframe });
  }

  /** Element Click: scrolls the element into view and clicks its centre, as a pointer does. */
  click(el) {
    return this.driver.elementClick(el);
  }

  /**
   * In a frame, clicks the element unless it has focus already (a click on a focused field could
   * move its caret or toggle it): WebKit does not let a cross-origin frame take focus without a
   * user gesture, and Send Keys then fails "Element is not focusable".
   */
  async focusForKeys(el) {
    if (!this.parent) return;
    const focused = await this.driver.executeScript(
      'return document.hasFocus() && document.activeElement === arguments[0]',
      [{ [ELEMENT_KEY]: el }],
    );
    if (!focused) await this.driver.elementClick(el);
  }

  /** Element Send Keys types each character: keydown, input and keyup, as a user types. */
  async type(el, text) {
    await this.focusForKeys(el);
    await this.driver.elementSendKeys(el, text);
  }

  async fill(el, selector, text) {
    await this.focusForKeys(el);
    await this.query('clear', selector, { state: 'visible' });
    await this.driver.elementSendKeys(el, text);
  }

  async press(el, key) {
    await this.focusForKeys(el);
    await this.driver.elementSendKeys(el, WEBDRIVER_KEYS[key] ?? String(key));
  }

  /** Presses `key` where focus is (Perform Actions: key down, key up; then Release Actions). */
  async pressKey(key) {
    const value = WEBDRIVER_KEYS[key] ?? String(key);
    await this.driver.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ],
      },
    ]);
    await this.driver.releaseActions();
  }

  /**
   * `act(doc)` with the document of the iframe `iframe` matches (its first match) as the current
   * browsing context; throws when there is no such iframe. The top is current again afterwards,
   * whatever happened: every other operation (and web-test-runner's own commands) acts there.
   */
  async frame(iframe, act) {
    try {
      await this.enter();
      const id = await this.element(iframe);
      if (!id) throw new Error(`no element matches ${iframe}`);
      const enter = async () => {
        await this.enter();
        await this.driver.switchFrame({ [ELEMENT_KEY]: id });
      };
      // switchFrame, not the deprecated switchToFrame: on classic WebDriver it sends the same command.
      await this.driver.switchFrame({ [ELEMENT_KEY]: id });
      return await act(new WebDriverDocument(this.driver, { enter, parent: this, iframe: id }));
    } finally {
      await this.driver.switchFrame(null).catch(() => undefined);
    }
  }
}
