import { createServer } from 'node:net';

/**
 * Ports below Linux's default ephemeral range (32768–60999), which the system never hands out by
 * itself: a port the test checked free and gives to a child to listen on later cannot be taken
 * meanwhile by another test's `listen(0)` or outgoing connection (that race failed a `dh-kit
 * start` with EADDRINUSE when eight test files ran at once).
 */
const FIRST = 20_000;
const COUNT = 12_000;

/** Whether a loopback port can be listened on now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A loopback port nobody listens on now (for a server a test starts: dh-kit start, redis-server, workerd). */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = FIRST + Math.floor(Math.random() * COUNT);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port among ${FIRST}–${FIRST + COUNT - 1} after 50 tries`);
}
