/**
 * What the <dh-head-form> test files share (one file per group of behaviour, so each stays well
 * under its time budget): helpers, fixtures and the suite with its setup.
 *
 * <dh-head-form> in a real Chromium, against the real proxy (admin routes behind a bearer token)
 * and the simulator: what a back-office person sees and what the platform ends up with.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import { q, simInfo } from '../support.js';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { configure } from '../../../src/elements/head-form/head-form.js';
import type { DhHeadForm, HeadCreatedDetail } from '../../../src/elements/head-form/head-form.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';

export interface SimHead {
  id: string;
  splitter: boolean;
  request: Record<string, unknown> & {
    pluginOperationalModeConfig?: { name: string; url: string; options: Record<string, string> };
  };
}

export let endpoint: string;
export let auth: HeadersInit;

export const field = (el: DhHeadForm, id: string) =>
  q(el, `#${id}`)!.closest<HTMLElement>('.field')!;
export const visible = (node: HTMLElement) => node.offsetParent !== null;
export const errorOf = (el: DhHeadForm, f: string) =>
  q(el, `#${f}-error`)?.textContent?.trim() ?? '';
export const status = (el: DhHeadForm) => q(el, '[part="status"]')!.textContent!.trim();

export async function form(
  template = html`<dh-head-form></dh-head-form>`,
  headers: HeadersInit | undefined = auth,
): Promise<DhHeadForm> {
  const el = await fixture<DhHeadForm>(template);
  el.endpoint = endpoint;
  el.headers = headers;
  await el.updateComplete;
  return el;
}

export function type(el: DhHeadForm, id: string, value: string): void {
  const input = q<HTMLInputElement>(el, `#${id}`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

export function choose(el: DhHeadForm, id: string, value: string): void {
  const select = q<HTMLSelectElement>(el, `#${id}`)!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Clicks the first loaded face, as a person would. */
export async function pickFace(el: DhHeadForm): Promise<string> {
  const picker = q(el, 'dh-face-picker')!;
  const cell = () =>
    picker.shadowRoot!.querySelector<HTMLElement>('[role="gridcell"]:not([aria-busy])');
  picker.scrollIntoView();
  await waitUntil(cell, 'faces are shown');
  cell()!.click();
  return (picker as unknown as { value: string }).value;
}

/** Clicks the first loaded voice (of the streaming provider when the switch is on). */
export async function pickVoice(el: DhHeadForm): Promise<string> {
  const picker = q<DhVoicePicker>(el, 'dh-voice-picker')! as unknown as DhVoicePicker;
  const option = () =>
    picker.shadowRoot!.querySelector<HTMLElement>('[role="option"]:not(.placeholder)');
  // The list is virtualised: it renders options once it is in the viewport, as for a person.
  picker.scrollIntoView();
  await waitUntil(option, 'voices are shown');
  option()!.click();
  return picker.value;
}

export async function submit(el: DhHeadForm): Promise<void> {
  q<HTMLButtonElement>(el, '[part="submit"]')!.click();
  await el.updateComplete;
}

export async function created(el: DhHeadForm): Promise<HeadCreatedDetail> {
  const event = oneEvent(el, 'dh-head-created');
  await submit(el);
  return (await event).detail;
}

export const simHead = (id: string) =>
  executeServerCommand<SimHead, { id: string }>('sim-head', { id });

/**
 * The `<dh-head-form>` suite with its setup (the proxy's address, its hooks); each test file adds
 * its groups of tests inside it.
 */
export function describeHeadForm(body: () => void): void {
  describe('<dh-head-form>', () => {
    // For the whole file: a long form of virtualised pickers may report after a test ends (benign, see the virtualizer README).
    setupIgnoreWindowResizeObserverLoopErrors(before, after);

    before(async () => {
      const info = await simInfo();
      endpoint = info.endpoint;
      auth = { authorization: `Bearer ${info.adminToken}` };
      // The proxy is on another origin than this page: the site's script trusts it with its headers.
      configure({ trustedEndpoints: [endpoint] });
    });
    afterEach(() => executeServerCommand('sim-clear-faults'));

    body();
  });
}
