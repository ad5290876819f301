/**
 * Firefox over WebDriver BiDi, held to the oldest Firefox the tests support.
 *
 * Debian ships two Firefox ESR majors at once (bookworm's 140 and bookworm-security's 153), and
 * which one a machine has depends on when its mirror was synced. puppeteer-core speaks the newest
 * protocol: its `page.setViewport` also sends `emulation.setScreenOrientationOverride`, which ESR
 * 140 answers with "unknown command", and every element test file failed there before a test ran.
 *
 * Its clicks inside a frame found the frame's element with `browsingContext.locateNodes` and a
 * "context" locator, which ESR 140 refuses as an invalid argument.
 *
 * Two things keep every run honest on whichever Firefox the machine has:
 *  - `firefoxPage` makes a page use only what both have: its `setViewport` sends
 *    `browsingContext.setViewport` alone (the test runner's own viewport call, made before each
 *    test file, no longer asks for an orientation), and its frames find their element through
 *    the iframes' windows instead of the "context" locator.
 *  - `holdToOldestFirefox` answers every command (and locator) the oldest supported Firefox lacks
 *    the way that Firefox does, before it reaches the browser. A run on ESR 153 then fails exactly
 *    where a run on ESR 140 would, so a newer puppeteer (or a test) that starts relying on a newer
 *    command is caught on any machine, not only on one whose mirror is older.
 */
/** The oldest Firefox the tests support (docs/browsers.md). */
export const OLDEST_FIREFOX = 'Firefox ESR 140';

/**
 * The WebDriver BiDi commands Firefox ESR 140 (140.12.0esr) implements: the public methods of the
 * modules in its omni.ja, `chrome/remote/content/webdriver-bidi/modules/root/*.sys.mjs`, plus
 * `session.new` and `session.status`, which its connection answers itself. ESR 153 adds
 * browser.setClientWindowState, browser.setDownloadBehavior, emulation.setLocaleOverride,
 * emulation.setNetworkConditions, emulation.setScreenOrientationOverride,
 * emulation.setScreenSettingsOverride, emulation.setTimezoneOverride,
 * emulation.setUserAgentOverride, network.addDataCollector, network.disownData, network.getData,
 * network.removeDataCollector and network.setExtraHeaders.
 */
export const FIREFOX_140_COMMANDS = new Set([
  'browser.close',
  'browser.createUserContext',
  'browser.getClientWindows',
  'browser.getUserContexts',
  'browser.removeUserContext',
  'browsingContext.activate',
  'browsingContext.captureScreenshot',
  'browsingContext.close',
  'browsingContext.create',
  'browsingContext.getTree',
  'browsingContext.handleUserPrompt',
  'browsingContext.locateNodes',
  'browsingContext.navigate',
  'browsingContext.print',
  'browsingContext.reload',
  'browsingContext.setViewport',
  'browsingContext.traverseHistory',
  'emulation.setGeolocationOverride',
  'input.performActions',
  'input.releaseActions',
  'input.setFiles',
  'network.addIntercept',
  'network.continueRequest',
  'network.continueResponse',
  'network.continueWithAuth',
  'network.failRequest',
  'network.provideResponse',
  'network.removeIntercept',
  'network.setCacheBehavior',
  'permissions.setPermission',
  'script.addPreloadScript',
  'script.callFunction',
  'script.disown',
  'script.evaluate',
  'script.getRealms',
  'script.removePreloadScript',
  'session.end',
  'session.new',
  'session.status',
  'session.subscribe',
  'session.unsubscribe',
  'storage.deleteCookies',
  'storage.getCookies',
  'storage.setCookie',
  'webExtension.install',
  'webExtension.uninstall',
]);

/** The locator types of `browsingContext.locateNodes` in ESR 140 (ESR 153 adds "context"). */
export const FIREFOX_140_LOCATORS = new Set(['accessibility', 'css', 'innerText', 'xpath']);

/**
 * What ESR 140 refuses in the arguments of a command it has, as it says it: the message, or
 * undefined when it accepts them.
 */
function refusedArguments(method, params) {
  if (
    method === 'browsingContext.locateNodes' &&
    !FIREFOX_140_LOCATORS.has(params?.locator?.type)
  ) {
    return `invalid argument Expected "locator.type" to be one of ${[...FIREFOX_140_LOCATORS]}, got "${params?.locator?.type}"`;
  }
  return undefined;
}

/**
 * The error Firefox gives for a command it does not have, as puppeteer-core reports it: puppeteer
 * tolerates it where a command is optional (`emulation.setTouchOverride`) and fails elsewhere,
 * as it would against that Firefox. `ProtocolError` is the class of the caller's puppeteer-core
 * (its CommonJS and its ES module builds each have their own, and puppeteer tests `instanceof`).
 */
function refusal(ProtocolError, method, why) {
  return new ProtocolError(
    `Protocol error (${method}): ${why} (refused as ${OLDEST_FIREFOX}, the oldest Firefox the tests support, refuses it: test/support/firefox-bidi.mjs)`,
  );
}

/**
 * Makes a puppeteer Firefox `browser` refuse every command outside `commands` (and every
 * argument ESR 140 refuses) at once, as the oldest supported Firefox would. `ProtocolError` is the class of the puppeteer-core that launched
 * it. Returns the commands refused so far.
 */
export function holdToOldestFirefox(browser, ProtocolError, commands = FIREFOX_140_COMMANDS) {
  const refused = new Set();
  const connection = browser.connection;
  const send = connection.send.bind(connection);
  connection.send = (method, params, ...rest) => {
    const why = commands.has(method)
      ? refusedArguments(method, params)
      : `unknown command ${method}`;
    if (!why) return send(method, params, ...rest);
    refused.add(method);
    return Promise.reject(refusal(ProtocolError, method, why));
  };
  return refused;
}

/**
 * Sets `page`'s viewport (CSS pixels) with `browsingContext.setViewport` alone: no orientation,
 * touch or scale override, which not every supported Firefox has.
 */
export async function setViewportOnly(page, { width, height }) {
  // mainFrame()._id is the page's top-level browsing context id over WebDriver BiDi.
  await page.browser().connection.send('browsingContext.setViewport', {
    context: page.mainFrame()._id,
    viewport: { width, height },
    devicePixelRatio: null,
  });
}

/**
 * The iframe element of a frame (`this`), found through the windows of the iframes in its parent
 * document, open shadow roots included (the avatar's frame is in its shadow root): what a click
 * inside a frame needs for the frame's offset. Puppeteer's BiDi frames ask for it with a
 * "context" locator, which ESR 140 lacks; its engine-neutral `Frame.frameElement` does what this
 * does but searches the light DOM only.
 */
async function frameElementThroughWindows() {
  const parent = this.parentFrame();
  if (!parent) return null;
  const iframes = await parent.evaluateHandle(() => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'iframe' || el.localName === 'frame') found.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  });
  try {
    const count = await iframes.evaluate((list) => list.length);
    for (let i = 0; i < count; i++) {
      const iframe = await iframes.evaluateHandle((list, at) => list[at], i);
      const frame = await iframe.contentFrame();
      if (frame?._id === this._id) return iframe;
      await iframe.dispose();
    }
    return null;
  } finally {
    await iframes.dispose();
  }
}

/**
 * `page` using only what every supported Firefox has:
 *  - a `setViewport` that sends `browsingContext.setViewport` alone (the test runner calls it with
 *    a width and a height before each file); a viewport it cannot honour that way is an error that
 *    says so, not a protocol error from one Firefox and not another;
 *  - frames that find their iframe element through the iframes' windows
 *    (frameElementThroughWindows), not with the "context" locator.
 */
export function firefoxPage(page) {
  page.setViewport = async (viewport) => {
    const { width, height, ...rest } = viewport ?? {};
    const other = Object.entries(rest).filter(([, v]) => v !== undefined && v !== false);
    if (!width || !height || other.length) {
      throw new Error(
        `firefoxPage: only a width and a height can be set in every supported Firefox, not ${JSON.stringify(viewport)}`,
      );
    }
    await setViewportOnly(page, { width, height });
  };
  // Puppeteer's BiDi frame class, whichever build (CommonJS or ES module) made the page.
  Object.getPrototypeOf(page.mainFrame()).frameElement = frameElementThroughWindows;
  return page;
}
