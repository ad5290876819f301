/**
 * The proxy on a real Redis Cluster (`DH_STORE_CLUSTER=true`): three masters, made once for the
 * file (redis-server.ts, startRedisCluster), each suite starting on an empty cluster. The same
 * contracts as on a single Redis, each from its own file: the event log's, createProxy's log on
 * the store, two instances sharing the store, and events that survive a killed process, a second
 * instance and a restart of the whole cluster. A script or a transaction whose keys are in
 * different slots fails on a cluster (CROSSSLOT): these pass because the keys of each share one.
 */
import { after, before, describe } from 'node:test';
import { durabilityContract } from './event-durability-contract.js';
import { redisEventLogContract } from './event-log-contract.js';
import { storeEventLogContract } from './proxy-event-log-contract.js';
import { NO_REDIS_CLUSTER, startRedisCluster, type RunningRedisCluster } from './redis-server.js';
import { sharedStoreContract } from './shared-store-contract.js';

let cluster: RunningRedisCluster | undefined;
before(async () => {
  if (!NO_REDIS_CLUSTER) cluster = await startRedisCluster();
});
after(async () => {
  await cluster?.dispose();
});

const onCluster = () => cluster!;
const NAME = 'Redis Cluster';
const contracts: [string, () => void][] = [
  ['the event log', () => redisEventLogContract(NAME, onCluster)],
  ["createProxy's event log", () => storeEventLogContract(NAME, onCluster)],
  ['the shared store', () => sharedStoreContract(NAME, onCluster)],
  ['durable events', () => durabilityContract(NAME, onCluster)],
];

for (const [what, contract] of contracts)
  describe(`${what} on a Redis Cluster of three masters`, { skip: NO_REDIS_CLUSTER }, () => {
    before(() => cluster!.flush());
    contract();
  });
