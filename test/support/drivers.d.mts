// Types of test/support/drivers.mjs, for the TypeScript that imports it (test/engines/driver.ts).
import type { ElementHandle, Frame, Page } from 'puppeteer-core';

export declare const DEFAULT_TIMEOUT_MS: number;

/** Resolves with `predicate`'s first truthy value; errors count as "not yet" and the last one is reported. */
export declare function waitFor<T>(
  what: string,
  predicate: () => T | Promise<T>,
  timeout?: number,
): Promise<NonNullable<Awaited<T>>>;
/** Resolves with `predicate`'s first value that `accept` takes. */
export declare function waitFor<T>(
  what: string,
  predicate: () => T | Promise<T>,
  timeout: number,
  accept: (value: Awaited<T>) => boolean,
): Promise<Awaited<T>>;

/** WebDriver's element id in an Execute Script answer, or undefined. */
export declare function elementId(value: unknown): string | undefined;

export type QueryOp = 'element' | 'ready' | 'text' | 'props' | 'clear';
export interface QueryArg {
  state?: 'visible' | 'attached';
  text?: string;
  nth?: number;
  props?: string[];
}

/** A page's or frame's document, as a driver reaches it; `E` is how the driver holds an element. */
declare abstract class DriverDocument<E> {
  run<T>(body: string, args: unknown[]): Promise<T>;
  /** Runs `fn` in this document. */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** Runs `fn` with the `nth` element `selector` matches (it throws if none does). */
  evaluateOn<A extends unknown[], T>(
    selector: string,
    nth: number,
    fn: (el: Element, ...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>>;
  evaluateExpression(expression: string): Promise<unknown>;
  query(op: QueryOp, selector: string, arg?: QueryArg): Promise<unknown>;
  element(selector: string, arg?: QueryArg): Promise<E | undefined>;
  release(el: E): Promise<void>;
  reveal(el: E): Promise<void>;
  /** `act(el)` on the match, brought into view, then true; undefined when nothing matches. */
  withElement(
    selector: string,
    arg: QueryArg,
    act: (el: E) => unknown | Promise<unknown>,
  ): Promise<true | undefined>;
  click(el: E): Promise<void>;
  type(el: E, text: string): Promise<void>;
  fill(el: E, selector: string, text: string): Promise<void>;
  press(el: E, key: string): Promise<void>;
  pressKey(key: string): Promise<void>;
  /** `act(doc)` with the document of the iframe `iframe` matches; throws when there is none. */
  frame<T>(iframe: string, act: (doc: this) => T | Promise<T>): Promise<Awaited<T>>;
}
export type { DriverDocument };

export declare class PuppeteerDocument extends DriverDocument<ElementHandle<Element>> {
  constructor(target: Page | Frame);
  readonly target: Page | Frame;
}

export declare class WebDriverDocument extends DriverDocument<string> {
  constructor(
    driver: WebdriverIO.Browser,
    where?: { enter?: () => Promise<void>; parent?: WebDriverDocument; iframe?: string },
  );
  readonly driver: WebdriverIO.Browser;
  readonly enter: () => Promise<void>;
  readonly parent: WebDriverDocument | undefined;
  readonly iframe: string | undefined;
}
