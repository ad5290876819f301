/**
 * A site server for the durability tests (event-durability.test.ts), run as a process of its own
 * so a test can kill it: `startProxyServer` with the Redis store and an `onEvent` that writes one
 * line per call (`<name> <attempt> <session>`) to DH_TEST_OUT. With DH_TEST_HANG set, a call for a
 * session starting with "hang" never returns (the process is killed while it runs).
 *
 *   node --import tsx test/unit/event-site.ts   (env: DH_STORE[, DH_STORE_CLUSTER], DH_WEBHOOK_KEYS, DH_TEST_OUT, DH_TEST_NAME)
 * Prints `{"url": …}` on stdout when it listens.
 */
import { appendFileSync } from 'node:fs';
import { PlatformClient } from '../../src/platform/client.js';
import { parseConfig } from '../../src/proxy/config.js';
import { startProxyServer } from '../../src/proxy/node.js';
import { redisStore } from '../../src/proxy/redis-store.js';

const env = process.env;
const config = parseConfig({
  DH_SIGNING_SECRET: 'x'.repeat(32),
  DH_RATE_LIMIT: '0',
  DH_STORE: env.DH_STORE!,
  DH_STORE_CLUSTER: env.DH_STORE_CLUSTER,
  DH_WEBHOOK_KEYS: env.DH_WEBHOOK_KEYS!,
  PORT: '0',
});
const store = redisStore(config.store!, { cluster: config.storeCluster, warn: () => undefined });
const server = await startProxyServer({
  config,
  port: 0,
  // The keys come from DH_WEBHOOK_KEYS: the platform is never called.
  platform: new PlatformClient({
    baseUrl: 'http://127.0.0.1:9',
    email: 'site@example.com',
    secretKey: 'unused-secret-key-1234',
  }),
  store,
  // A short lease, so a test does not wait a minute for the killed instance's event.
  eventLog: store.eventLog({ leaseMs: 1000 }),
  log: () => undefined,
  warn: () => undefined,
  onEvent: async (event, meta) => {
    appendFileSync(env.DH_TEST_OUT!, `${env.DH_TEST_NAME} ${meta.attempt} ${event.session_id}\n`);
    if (env.DH_TEST_HANG && event.session_id.startsWith('hang')) await new Promise(() => undefined);
  },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
