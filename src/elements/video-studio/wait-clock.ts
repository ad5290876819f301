/** The clock and timers of the studio's waits (talk-wait.ts): the page's, or a test's (`TalkWait.clock`). */

/** Time and timers as a wait uses them (see {@link TalkWait.clock}). */
export interface WaitClock {
  now(): number;
  /** Calls `fn` once after `ms`; the function returned cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** Calls `fn` every `ms`; the function returned stops it. */
  every(ms: number, fn: () => void): () => void;
}

/** The page's own clock. */
export const realClock: WaitClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
  every(ms, fn) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};
