/**
 * `waitUntil` with one timeout for every wait of the element tests, far longer than open-wc's
 * 1 s: three engines share two cores (one, pinned), and a virtualised list or a frame can take a
 * while to settle there. A condition that holds sooner returns sooner, so passing tests cost
 * nothing more; the timeout only bounds how long a broken test hangs (no test passes or
 * fails by how fast the machine is). Tests do not pass shorter timeouts of their own.
 */
import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

export const WAIT_TIMEOUT_MS = 20_000;

export function waitUntil(
  predicate: () => unknown,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: WAIT_TIMEOUT_MS, ...options });
}

/**
 * Holds the page's requests whose URL contains `route` until the returned function is called (it
 * restores fetch too): a state that lasts only until an answer arrives can then be read in every
 * engine, however fast its proxy answers.
 */
export function holdRequests(route: string): () => void {
  const real = window.fetch;
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  window.fetch = async (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes(route)) await gate;
    return real(input, init);
  };
  return () => {
    window.fetch = real;
    open();
  };
}
