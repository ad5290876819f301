/**
 * The one driver layer of the cross-engine stage: the same few operations over puppeteer-core
 * (Firefox over WebDriver BiDi; Chromium over CDP, for debugging this layer) and webdriverio
 * (WebKitGTK's MiniBrowser over classic WebDriver). The tests in engines.test.ts see only `Driver`.
 *
 * Selectors: CSS steps joined by `>>>`, each step searched in every element under the previous
 * match, open shadow roots included (`#bubble >>> [part=launcher]`, `#head-form >>> dh-voice-picker
 * >>> [role=option]`). The first step is searched in the document's light DOM. This is puppeteer's
 * own `>>>` ("deep descendant"), found by test/deep-find.mjs, which runs in the page for both
 * drivers, so a selector means the same in every engine.
 *
 * Everything runs in the page as a script string (`script()` below), never as a function that the
 * driver serialises itself: tsx compiles with esbuild's keepNames, which puts `__name(…)` calls in
 * a function's source that the page does not have (puppeteer: "__name is not defined").
 */
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type ElementHandle,
  type Frame,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { remote } from 'webdriverio';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { engines, type Engine } from './select.mjs';

export type Key = 'Escape' | 'Enter' | 'Tab';
export { engines, stageEngines, type Engine } from './select.mjs';
import { findAllDeep } from '../deep-find.mjs';
// WebDriver's element reference key and its key code points, shared with the element tests' drivers.
import { ELEMENT_KEY, WEBDRIVER_KEYS } from '../support/webdriver-keys.mjs';

/** Playwright's default viewport, so layouts match the Chromium e2e stage. */
const VIEWPORT = { width: 1280, height: 720 };
/** How long a wait in a frame or the page may take: with room for a machine three times slower (issue 26). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A script body for WebDriver's Execute Script (and, as `new Function(body)`, for puppeteer): a
 * `__name` that does nothing (see the header), `__dhFind`, then `fn` applied to the arguments.
 * With `onElement`, arguments[0] and [1] are a selector and an index, and `fn` gets the element.
 */
function script(fn: (...args: never[]) => unknown, onElement = false): string {
  const prelude = `var __name = function (f) { return f; };\nvar __dhFindAll = ${findAllDeep.toString()};\nvar __dhFind = function (s, n) { return __dhFindAll(s)[n] || null; };\n`;
  if (!onElement) return `${prelude}return (${fn.toString()}).apply(null, arguments);`;
  return `${prelude}var el = __dhFind(arguments[0], arguments[1]);
if (!el) throw new Error('no element matches ' + arguments[0] + (arguments[1] ? ' [' + arguments[1] + ']' : ''));
return (${fn.toString()}).apply(null, [el].concat(Array.prototype.slice.call(arguments, 2)));`;
}

/** Resolves with `predicate`'s first truthy value; errors count as "not yet" and the last one is reported. */
export async function waitFor<T>(
  what: string,
  predicate: () => T | Promise<T>,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<NonNullable<Awaited<T>>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  let lastValue: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<Awaited<T>>;
      lastValue = value;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last
        ? `: ${String((last as Error).message ?? last).split('\n')[0]}`
        : ` (last value ${JSON.stringify(lastValue)})`;
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${why}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A page in one engine. Selectors as in the header; `nth` picks among the matches (default the first). */
export abstract class Driver {
  abstract readonly engine: Engine;
  /**
   * URLs of the requests the browser made since the last `goto`, from every frame; undefined when
   * the driver cannot observe requests (classic WebDriver has no network events).
   */
  abstract readonly requests: readonly string[] | undefined;
  abstract goto(url: string): Promise<void>;
  /** Presses a key where focus is, as the keyboard does. */
  abstract press(key: Key): Promise<void>;
  /** Runs `fn` in the top document. */
  abstract evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** Runs `fn` with the element `selector` matches (it throws if none does). */
  abstract evaluateOn<A extends unknown[], T>(
    selector: string,
    nth: number,
    fn: (el: Element, ...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>>;
  /** Runs `fn` in the document of the iframe `iframe` matches, another origin's too; the top document stays current. */
  abstract frameEvaluate<A extends unknown[], T>(
    iframe: string,
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>>;
  abstract close(): Promise<void>;
  protected abstract clickNow(selector: string, nth: number): Promise<void>;
  protected abstract typeNow(selector: string, text: string): Promise<void>;

  /** Clicks the element once it is visible, as a pointer does (the driver's own click). */
  async click(selector: string, nth = 0): Promise<void> {
    await waitFor(`${selector} to be visible`, () => this.visible(selector, nth));
    await this.clickNow(selector, nth);
  }

  /** Types `text` into the element (focus, then key presses), once it is visible. */
  async type(selector: string, text: string): Promise<void> {
    await waitFor(`${selector} to be visible`, () => this.visible(selector));
    await this.typeNow(selector, text);
  }

  /** Focuses the element from script (HTMLElement.focus), as Playwright's locator.focus() does. */
  async focus(selector: string, nth = 0): Promise<void> {
    await this.evaluateOn(selector, nth, (el) => (el as HTMLElement).focus());
  }

  /** A non-empty box and not `visibility: hidden` (Playwright's meaning); false when nothing matches. */
  visible(selector: string, nth = 0): Promise<boolean> {
    return this.evaluate(
      (sel: string, i: number) => {
        const el = __dhFind(sel, i);
        if (!el) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      },
      selector,
      nth,
    );
  }

  /** The element's whitespace-normalised textContent, or null when nothing matches. */
  text(selector: string, nth = 0): Promise<string | null> {
    return this.evaluate(
      (sel: string, i: number) => {
        const el = __dhFind(sel, i);
        return el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
      },
      selector,
      nth,
    );
  }

  attribute(selector: string, name: string, nth = 0): Promise<string | null> {
    return this.evaluate(
      (sel: string, n: string, i: number) => __dhFind(sel, i)?.getAttribute(n) ?? null,
      selector,
      name,
      nth,
    );
  }

  /**
   * Where keyboard focus is in the top document, through shadow roots:
   * `dh-avatar#bubble > button[part=launcher]`; a frame that has focus shows as its <iframe>
   * (`dh-avatar#hero > iframe[part=frame]`); `body` when nothing has.
   */
  focused(): Promise<string> {
    return this.evaluate(() => {
      const describe = (el: Element) =>
        el.localName +
        (el.id ? `#${el.id}` : '') +
        (el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : '');
      const path: string[] = [];
      let el = document.activeElement;
      while (el) {
        path.push(describe(el));
        el = el.shadowRoot?.activeElement ?? null;
      }
      return path.join(' > ');
    });
  }

  /** The URLs of the resources the top document loaded (Resource Timing): what the page itself can see. */
  resources(): Promise<{ url: string; initiator: string }[]> {
    return this.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        url: e.name,
        initiator: e.initiatorType,
      })),
    );
  }
}

/** In the page scripts only: defined by `script()`'s prelude. */
declare function __dhFind(selector: string, nth: number): Element | null;

/** Runs a `script()` body in a puppeteer page or frame, as a function (puppeteer passes the arguments). */
function run<T>(target: PuppeteerPage | Frame, body: string, args: unknown[]): Promise<T> {
  return target.evaluate(new Function(body) as (...args: unknown[]) => T, ...args) as Promise<T>;
}

class PuppeteerDriver extends Driver {
  requests: string[] = [];
  constructor(
    readonly engine: Engine,
    private readonly browser: PuppeteerBrowser,
    private readonly page: PuppeteerPage,
  ) {
    super();
    page.on('request', (r) => this.requests.push(r.url()));
  }

  async goto(url: string): Promise<void> {
    this.requests = [];
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async press(key: Key): Promise<void> {
    await this.page.keyboard.press(key);
  }

  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return run(this.page, script(fn), args);
  }

  evaluateOn<A extends unknown[], T>(
    selector: string,
    nth: number,
    fn: (el: Element, ...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    return run(this.page, script(fn, true), [selector, nth, ...args]);
  }

  async frameEvaluate<A extends unknown[], T>(
    iframe: string,
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    const handle = await this.element(iframe, 0);
    try {
      const frame = await handle.contentFrame();
      if (!frame) throw new Error(`${iframe} has no document`);
      return await run<Awaited<T>>(frame, script(fn), args);
    } finally {
      await handle.dispose();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }

  protected async clickNow(selector: string, nth: number): Promise<void> {
    const handle = await this.element(selector, nth);
    await handle.click().finally(() => handle.dispose());
  }

  protected async typeNow(selector: string, text: string): Promise<void> {
    const handle = await this.element(selector, 0);
    await handle.type(text).finally(() => handle.dispose());
  }

  private async element(selector: string, nth: number): Promise<ElementHandle<Element>> {
    const find = new Function(script((el: Element) => el, true)) as (
      selector: string,
      nth: number,
    ) => Element;
    const handle = await this.page.evaluateHandle(find, selector, nth);
    const element = handle.asElement();
    if (!element) {
      await handle.dispose();
      throw new Error(`no element matches ${selector}`);
    }
    return element as ElementHandle<Element>;
  }
}

type ElementReference = { [ELEMENT_KEY]: string };

/**
 * webdriverio over classic WebDriver, with the protocol's own commands (Execute Script, Element
 * Click, Element Send Keys, Perform Actions, Switch To Frame): one window, the top document its
 * current browsing context except inside `frameEvaluate`.
 */
class WebDriverDriver extends Driver {
  readonly requests = undefined;
  constructor(
    readonly engine: Engine,
    private readonly browser: WebdriverIO.Browser,
    private readonly stopDriver: () => void,
  ) {
    super();
  }

  async goto(url: string): Promise<void> {
    await this.browser.navigateTo(url);
  }

  async press(key: Key): Promise<void> {
    const value = WEBDRIVER_KEYS[key];
    await this.browser.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ],
      },
    ]);
    await this.browser.releaseActions();
  }

  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return this.run(script(fn), args);
  }

  evaluateOn<A extends unknown[], T>(
    selector: string,
    nth: number,
    fn: (el: Element, ...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    return this.run(script(fn, true), [selector, nth, ...args]);
  }

  async frameEvaluate<A extends unknown[], T>(
    iframe: string,
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    const frame = await this.element(iframe, 0);
    try {
      await this.browser.switchFrame(frame as unknown as WebdriverIO.Element);
      return await this.run<Awaited<T>>(script(fn), args);
    } finally {
      // Always back to the top, errors included: every other operation acts there.
      await this.browser.switchFrame(null).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    try {
      await this.browser.deleteSession();
    } finally {
      this.stopDriver();
    }
  }

  protected async clickNow(selector: string, nth: number): Promise<void> {
    await this.browser.elementClick((await this.element(selector, nth))[ELEMENT_KEY]);
  }

  protected async typeNow(selector: string, text: string): Promise<void> {
    await this.browser.elementSendKeys((await this.element(selector, 0))[ELEMENT_KEY], text);
  }

  private element(selector: string, nth: number): Promise<ElementReference> {
    return this.run(
      script((el: Element) => el, true),
      [selector, nth],
    );
  }

  /** Execute Script (https://w3c.github.io/webdriver/#execute-script): JSON arguments, a returned promise awaited. */
  private run<T>(body: string, args: unknown[]): Promise<T> {
    return this.browser.executeScript(
      body,
      args as (object | string | number | boolean | null)[],
    ) as Promise<T>;
  }
}

/** Starts `engine`'s browser, headless, with one page of Playwright's default size. */
export async function launch(engine: Engine): Promise<Driver> {
  switch (engine) {
    case 'chromium':
    case 'firefox': {
      const browser = await puppeteer.launch(
        engine === 'firefox'
          ? {
              browser: 'firefox',
              executablePath: engines.require('firefox').binary,
              headless: true,
              defaultViewport: VIEWPORT,
            }
          : {
              browser: 'chrome',
              executablePath: findChromium(),
              headless: true,
              args: CHROMIUM_ARGS,
              defaultViewport: VIEWPORT,
            },
      );
      try {
        const [first] = await browser.pages();
        return new PuppeteerDriver(engine, browser, first ?? (await browser.newPage()));
      } catch (error) {
        await browser.close();
        throw error;
      }
    }
    case 'webkit': {
      const driver = await engines.startWebKitDriver();
      try {
        const browser = await remote({
          hostname: '127.0.0.1',
          port: driver.port,
          path: '/',
          capabilities: driver.capabilities,
          logLevel: 'error',
        });
        // MiniBrowser's window under Xvfb: the viewport is a little smaller than the window.
        await browser
          .setWindowRect(null, null, VIEWPORT.width, VIEWPORT.height)
          .catch(() => undefined);
        return new WebDriverDriver(engine, browser, driver.stop);
      } catch (error) {
        driver.stop();
        throw error;
      }
    }
  }
}
