/**
 * What every element test file shares (each element's own helpers are in its folder's support.ts):
 * reading an element's shadow DOM the way the tests read it, and the server commands a page uses
 * to ask Node for what it cannot do itself (web-test-runner.config.mjs registers them; the sim-*
 * ones are test/support/sim-plugin.mjs, the frame-* ones test/support/frame-commands.mjs).
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { RunningSimulator } from '../../src/sim/index.js';

/** The first match of `selector` in the element's shadow root, or null. */
export const q = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<T>(selector);

/** Every match of `selector` in the element's shadow root. */
export const qa = <T extends Element = HTMLElement>(el: Element, selector: string) => [
  ...el.shadowRoot!.querySelectorAll<T>(selector),
];

/** The node's text as a person reads it: whitespace runs as one space, trimmed; '' for no node. */
export const text = (node: Node | null | undefined) =>
  node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The text of the element's loading, empty and other states (`[part="status"]`). */
export const statusText = (el: Element) => text(q(el, '[part="status"]'));

/** The live region that says how many items a search or a filter left. */
export const announced = (el: Element) => text(q(el, '.sr-only[role="status"]'));

/** An answer of a fake proxy: `body` as JSON. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The first button in the element's shadow root whose `text` matches `name`, or undefined. */
export const button = (el: Element, name: RegExp) =>
  qa<HTMLButtonElement>(el, 'button').find((b) => name.test(text(b)));

/** The element's own iframe (the avatar's conversation frame), or null while it has none. */
export const frameOf = (el: Element) => q<HTMLIFrameElement>(el, 'iframe');

/** Runs a server command (`sim-info`, `sim-create-head`, `attacker-log`, …) and resolves with its answer. */
export const command = <T>(name: string, payload?: unknown) =>
  executeServerCommand<T, unknown>(name, payload);

/**
 * The `frame-*` commands for the iframe `frame` matches (`>>>` pierces a shadow root): they act
 * inside it through the browser's driver, which a page cannot do in another origin's frame.
 * `const inFrame = frameCommands('dh-avatar >>> iframe'); await inFrame('frame-click', {selector})`.
 */
export const frameCommands =
  (frame: string) =>
  <T>(name: string, payload: Record<string, unknown>) =>
    command<T>(name, { frame, ...payload });

/** What `sim-info` answers (test/support/sim-plugin.mjs): this engine's simulator and proxy. */
export interface SimInfo {
  info: RunningSimulator['info'];
  urls: RunningSimulator['urls'];
  /** The kit's proxy in front of the simulator, on another origin than the test page. */
  endpoint: string;
  /** The proxy's admin token (`Authorization: Bearer …` for the back-office elements). */
  adminToken: string;
}

/** This engine's simulator and proxy. */
export const simInfo = () => command<SimInfo>('sim-info');

/**
 * axe's audit of an element and what it renders (WCAG rules on its DOM, ARIA and colours). The
 * three engines render the same templates into the same DOM, so the audit runs in Chromium alone,
 * where its cost (the whole rule set over the page) is paid once instead of three times; the
 * behaviour a person meets in each engine (keys, focus, what is announced) is tested in all three.
 * `everyEngine` audits in each engine: for what the engines lay out or expose differently (SVG
 * charts with their tables, a scrolling region).
 */
export async function expectAccessible(
  el: Element | null,
  { everyEngine = false }: { everyEngine?: boolean } = {},
): Promise<void> {
  if (everyEngine || /\bChrome\//.test(navigator.userAgent)) await expect(el).to.be.accessible();
}
