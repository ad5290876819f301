/**
 * The cross-engine stage's pages: `Driver`, the few operations the tests in engines.test.ts use,
 * over test/support/drivers.mjs, the driver layer shared with the element tests' frame commands:
 * puppeteer-core (Firefox over WebDriver BiDi; Chromium over CDP, for debugging this layer) and
 * webdriverio (WebKitGTK's MiniBrowser over classic WebDriver). What is left here is launching a
 * browser, navigating, the requests a driver sees, and closing.
 *
 * Selectors: CSS steps joined by `>>>`, each step searched in every element under the previous
 * match, open shadow roots included (`#bubble >>> [part=launcher]`, `#head-form >>> dh-voice-picker
 * >>> [role=option]`). The first step is searched in the document's light DOM. This is puppeteer's
 * own `>>>` ("deep descendant"), found by test/deep-find.mjs, which runs in the page for both
 * drivers, so a selector means the same in every engine.
 */
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type Page as PuppeteerPage,
  ProtocolError,
} from 'puppeteer-core';
import { remote } from 'webdriverio';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { type DriverDocument, PuppeteerDocument, WebDriverDocument } from '../support/drivers.mjs';
import { firefoxPage, holdToOldestFirefox } from '../support/firefox-bidi.mjs';
import { engines, type Engine } from './select.mjs';

export type Key = 'Escape' | 'Enter' | 'Tab';
export { engines, stageEngines, type Engine } from './select.mjs';
export { waitFor } from '../support/drivers.mjs';
import { waitFor } from '../support/drivers.mjs';

/** Playwright's default viewport, so layouts match the Chromium e2e stage. */
const VIEWPORT = { width: 1280, height: 720 };

/** In the page scripts only: defined by drivers.mjs's `pageScript` prelude. */
declare function __dhFind(selector: string, nth: number): Element | null;
declare function isVisible(el: Element): boolean;
declare function normalisedText(el: Element): string;

/** A page in one engine. Selectors as in the header; `nth` picks among the matches (default the first). */
export abstract class Driver {
  abstract readonly engine: Engine;
  /**
   * URLs of the requests the browser made since the last `goto`, from every frame; undefined when
   * the driver cannot observe requests (classic WebDriver has no network events).
   */
  abstract readonly requests: readonly string[] | undefined;
  /** The top document, which is the current one between operations. */
  protected abstract readonly doc: DriverDocument<unknown>;
  abstract goto(url: string): Promise<void>;
  abstract close(): Promise<void>;

  /** Presses a key where focus is, as the keyboard does. */
  async press(key: Key): Promise<void> {
    await this.doc.pressKey(key);
  }

  /** Runs `fn` in the top document. */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return this.doc.evaluate(fn, ...args);
  }

  /** Runs `fn` with the element `selector` matches (it throws if none does). */
  evaluateOn<A extends unknown[], T>(
    selector: string,
    nth: number,
    fn: (el: Element, ...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    return this.doc.evaluateOn(selector, nth, fn, ...args);
  }

  /** Runs `fn` in the document of the iframe `iframe` matches, another origin's too; the top document stays current. */
  frameEvaluate<A extends unknown[], T>(
    iframe: string,
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    return this.doc.frame(iframe, (frame) => frame.evaluate(fn, ...args));
  }

  /** Clicks the element once it is visible, as a pointer does (the driver's own click). */
  async click(selector: string, nth = 0): Promise<void> {
    await waitFor(`${selector} to be visible`, () => this.visible(selector, nth));
    await this.act(selector, nth, (el) => this.doc.click(el));
  }

  /** Types `text` into the element (focus, then key presses), once it is visible. */
  async type(selector: string, text: string): Promise<void> {
    await waitFor(`${selector} to be visible`, () => this.visible(selector));
    await this.act(selector, 0, (el) => this.doc.type(el, text));
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
        return el ? isVisible(el) : false;
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
        return el ? normalisedText(el) : null;
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

  /** `act(el)` on the `nth` element `selector` matches; throws when none does. */
  private async act(selector: string, nth: number, act: (el: unknown) => Promise<void>) {
    if (!(await this.doc.withElement(selector, { nth }, act)))
      throw new Error(`no element matches ${selector}`);
  }
}

class PuppeteerDriver extends Driver {
  requests: string[] = [];
  protected readonly doc: PuppeteerDocument;
  constructor(
    readonly engine: Engine,
    private readonly browser: PuppeteerBrowser,
    private readonly page: PuppeteerPage,
  ) {
    super();
    this.doc = new PuppeteerDocument(page);
    page.on('request', (r) => this.requests.push(r.url()));
  }

  async goto(url: string): Promise<void> {
    this.requests = [];
    const from = this.page.url();
    if (!/^https?:/.test(from) || new URL(from).origin === new URL(url).origin) {
      await this.page.goto(url, { waitUntil: 'load' });
      return;
    }
    // To another origin: after a page with frames of a third origin (the chat page), puppeteer
    // never hears Firefox's BiDi events of that navigation (the page loads; page.goto times out,
    // whatever it waits for). The page is told to go, and read until it has loaded.
    await this.page.evaluate((to) => location.assign(to), url);
    await waitFor(`${url} to load`, () =>
      this.page.evaluate((to) => location.href === to && document.readyState === 'complete', url),
    );
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/**
 * webdriverio over classic WebDriver, with the protocol's own commands (Execute Script, Element
 * Click, Element Send Keys, Perform Actions, Switch To Frame): one window, the top document its
 * current browsing context except inside `frameEvaluate`.
 */
class WebDriverDriver extends Driver {
  readonly requests = undefined;
  protected readonly doc: WebDriverDocument;
  constructor(
    readonly engine: Engine,
    private readonly browser: WebdriverIO.Browser,
    private readonly stopDriver: () => void,
  ) {
    super();
    this.doc = new WebDriverDocument(browser);
  }

  async goto(url: string): Promise<void> {
    await this.browser.navigateTo(url);
  }

  async close(): Promise<void> {
    try {
      await this.browser.deleteSession();
    } finally {
      this.stopDriver();
    }
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
              // Set below with the one command every supported Firefox has (firefox-bidi.mjs).
              defaultViewport: null,
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
        const page = first ?? (await browser.newPage());
        if (engine === 'firefox') {
          holdToOldestFirefox(browser, ProtocolError);
          await firefoxPage(page).setViewport(VIEWPORT);
        }
        return new PuppeteerDriver(engine, browser, page);
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
