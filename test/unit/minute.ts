/**
 * The rate limits count per fixed clock minute (hono-rate-limiter's windows, `rl:<limit>:<client>:
 * <minute>`): a burst that crosses a minute's end is counted in two windows and is not refused. A
 * test that sends one calls this first: it returns at once while at least `room` of the minute is
 * left, else waits for the next minute to begin. So the test passes or fails by the rule, not by
 * when in the minute it ran; `room` is many times what a burst takes on a slow machine (the
 * bursts are in-process requests, well under a second even under load), and short: a wait is
 * paid by the whole unit stage when a file near its end makes it.
 */
export async function clearOfMinuteEnd(room = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < room) await new Promise((r) => setTimeout(r, left + 50));
}
