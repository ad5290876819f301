/**
 * Nothing acknowledged is lost, with a real redis-server run with its append-only file
 * (event-durability-contract.ts): a site process killed while its onEvent runs leaves the event to
 * the next instance; two instances behind a load balancer stream every event to every subscriber
 * once; Redis stopped and restarted mid-run keeps every event it acknowledged.
 */
import { after, before } from 'node:test';
import { durabilityContract } from './event-durability-contract.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';

let redis: RunningRedis | undefined;
before(async () => {
  if (!NO_REDIS) redis = await startRedis({ appendOnly: true });
});
after(async () => {
  await redis?.dispose();
});
durabilityContract('Redis', () => redis!, NO_REDIS);
