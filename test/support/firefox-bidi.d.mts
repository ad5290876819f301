// Types of test/support/firefox-bidi.mjs, for the TypeScript that imports it (test/engines/driver.ts).
import type { Browser, Page, ProtocolError } from 'puppeteer-core';

export declare const OLDEST_FIREFOX: string;
export declare const FIREFOX_140_COMMANDS: ReadonlySet<string>;
export declare const FIREFOX_140_LOCATORS: ReadonlySet<string>;
/** Makes `browser` refuse every command the oldest supported Firefox lacks; returns those refused. */
export declare function holdToOldestFirefox(
  browser: Browser,
  protocolError: typeof ProtocolError,
  commands?: ReadonlySet<string>,
): Set<string>;
/** Sets `page`'s viewport with `browsingContext.setViewport` alone. */
export declare function setViewportOnly(
  page: Page,
  viewport: { width: number; height: number },
): Promise<void>;
/** `page` using only what every supported Firefox has (its viewport, its frames' elements). */
export declare function firefoxPage<P extends Page>(page: P): P;
