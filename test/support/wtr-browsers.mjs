/**
 * The browsers of the element tests: one web-test-runner launcher per engine of the run (all three
 * unless `DH_ENGINES` says otherwise; scripts/engines.mjs finds Debian's packages), which driver
 * each one uses, and how to tell from a session which engine it is.
 *
 *   Chromium  Playwright (@web/test-runner-playwright), browser type 'playwright'
 *   Firefox   puppeteer-core over WebDriver BiDi (@web/test-runner-chrome), type 'puppeteer'
 *   WebKit    webdriverio over classic WebDriver, WebKitGTK's driver (@web/test-runner-webdriver), type 'webdriver'
 *
 * The server commands that act through these drivers: test/support/frame-commands.mjs (inside a
 * frame) and test/elements/commands.mjs (keys, media emulation).
 */
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { firefoxPage, holdToOldestFirefox } from './firefox-bidi.mjs';
import {
  checkEngines,
  require as requireEngine,
  selectedEngines,
  startWebKitDriver,
} from '../../scripts/engines.mjs';

/** The engine a launcher drives: Playwright's is Chromium here, puppeteer's Firefox, WebDriver's WebKit. */
export function engineOfLauncher(browser) {
  if (browser.type === 'webdriver') return 'webkit';
  if (browser.type === 'puppeteer') return /firefox/i.test(browser.name) ? 'firefox' : 'chromium';
  return /chrom/i.test(browser.name) ? 'chromium' : String(browser.name).toLowerCase();
}

/** `engine-expected`: the engine this page's launcher drives (test/elements/engine.test.ts checks the page agrees). */
export function enginePlugin() {
  return {
    name: 'engine-expected',
    executeCommand({ command, session }) {
      return command === 'engine-expected' ? engineOfLauncher(session.browser) : undefined;
    },
  };
}

/**
 * One launcher per engine of the run (all three unless DH_ENGINES says otherwise), after printing
 * each engine's version; an engine older than the oldest supported stops the stage here, with a
 * message that says what to do, instead of a protocol error in every file.
 */
export async function launchers() {
  const engines = selectedEngines();
  checkEngines({ engines });
  const list = [];
  if (engines.includes('chromium')) {
    list.push(
      playwrightLauncher({
        product: 'chromium',
        // A fake microphone whose prompt is accepted: the avatar's frame really gets (or is refused) it.
        launchOptions: {
          executablePath: findChromium(),
          headless: true,
          args: [
            ...CHROMIUM_ARGS,
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      }),
    );
  }
  if (engines.includes('firefox')) {
    // puppeteer-core drives Debian's Firefox ESR over WebDriver BiDi (no download), held to the
    // commands of the oldest supported Firefox, whichever one is installed (firefox-bidi.mjs).
    list.push(
      chromeLauncher({
        puppeteer: puppeteerCore,
        createBrowserContext: ({ browser }) => {
          holdToOldestFirefox(browser, puppeteerCore.ProtocolError);
          return browser.defaultBrowserContext();
        },
        createPage: async ({ context }) => firefoxPage(await context.newPage()),
        launchOptions: {
          browser: 'firefox',
          executablePath: requireEngine('firefox').binary,
          headless: true,
          // No viewport from puppeteer's newPage (its setViewport asks for an orientation too):
          // the runner sets each page's size through firefoxPage before every file.
          defaultViewport: null,
          // A fake microphone whose prompt is accepted, as Chromium's flags above give.
          extraPrefsFirefox: {
            'media.navigator.streams.fake': true,
            'media.navigator.permission.disabled': true,
          },
        },
      }),
    );
  }
  if (engines.includes('webkit')) {
    const driver = await startWebKitDriver();
    // pageLoadStrategy 'none': a navigation returns at once instead of waiting for the page's load
    // (web-test-runner waits for the test page itself). A run pinned to one core once saw WebKit
    // never answer the navigation to about:blank between two files: 300 s, then the file failed
    // with all its tests passed.
    const capabilities = { ...driver.capabilities, pageLoadStrategy: 'none' };
    list.push(
      webdriverLauncher({
        automationProtocol: 'webdriver',
        hostname: '127.0.0.1',
        port: driver.port,
        path: '/',
        capabilities,
        logLevel: 'error',
      }),
    );
  }
  return list;
}
