/**
 * An event stream (`GET /dh/events/stream`, server-sent events) read in a test, every wait with a
 * deadline: a stream that never sends fails its test in seconds, saying what it waited for and
 * what it got, instead of hanging until the runner's time-out, which names no test.
 *
 *   const stream = readStream(await app.request('/dh/events/stream', { headers }));
 *   await stream.until(/^event: live$/m, 'the live mark');
 *   stream.text();           // all it sent so far
 *   await stream.cancel();
 *
 * At a deadline the stream is cancelled (the server's loop and its heartbeat timer end with it,
 * so the file's process can exit) and the test fails.
 */
import assert from 'node:assert/strict';

/** How long one wait for the stream may take by default (ms). */
export const STREAM_DEADLINE_MS = 5000;

export interface StreamRead {
  /** What the stream sent so far, decoded. */
  text(): string;
  /** Reads until `done` matches what was sent, within `ms`; fails naming `what` otherwise. */
  until(done: RegExp | ((text: string) => boolean), what: string, ms?: number): Promise<string>;
  /** Reads until the stream ends, within `ms`. */
  toEnd(what: string, ms?: number): Promise<string>;
  cancel(): Promise<void>;
}

export function readStream(res: Response, deadlineMs = STREAM_DEADLINE_MS): StreamRead {
  assert.ok(res.body, `the stream has a body (status ${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const shown = () => JSON.stringify(text.length > 2000 ? `…${text.slice(-2000)}` : text);

  /** Reads until `done(text)`, or the end when `done` is undefined. */
  const read = async (done: ((t: string) => boolean) | undefined, what: string, ms: number) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(resolve, ms, 'late');
    });
    try {
      while (!done?.(text)) {
        if (ended) {
          if (!done) return text;
          assert.fail(`${what}: the stream ended first; it sent ${shown()}`);
        }
        const r = await Promise.race([reader.read(), late]);
        if (r === 'late') {
          await reader.cancel().catch(() => undefined);
          assert.fail(`${what}: not sent within ${ms / 1000} s; the stream sent ${shown()}`);
        }
        if (r.done) ended = true;
        else text += decoder.decode(r.value, { stream: true });
      }
      return text;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    text: () => text,
    until: (done, what, ms = deadlineMs) =>
      read(typeof done === 'function' ? done : (t) => done.test(t), what, ms),
    toEnd: (what, ms = deadlineMs) => read(undefined, what, ms),
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
