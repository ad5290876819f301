/**
 * A real redis-server for a test file: Debian's, on a free loopback port, no persistence; or a
 * real Redis Cluster of three such servers.
 *
 *   const redis = await startRedis();   // { url, port, env, connect(), stop(), restart(), … }
 *   const kept = await startRedis({ appendOnly: true });   // survives restart()
 *   const cluster = await startRedisCluster();   // three masters; survives restart()
 */
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster, Redis } from 'ioredis';
import { freePort } from './free-port.js';

const which = (name: string) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const REDIS = which('redis-server');
const REDIS_CLI = which('redis-cli');
/** A skip reason for node:test where redis-server is missing (`.ci/run` installs it). */
export const NO_REDIS = REDIS
  ? false
  : 'redis-server is not installed here (apt-get install redis-server)';
/** A skip reason where a cluster cannot be made: redis-server or redis-cli (which makes it) missing. */
export const NO_REDIS_CLUSTER =
  NO_REDIS ||
  (REDIS_CLI ? false : 'redis-cli is not installed here (apt-get install redis-server)');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a redis-server with these arguments and waits (20 s at most) until it accepts connections. */
async function spawnRedis(args: string[]): Promise<ChildProcess> {
  const child = spawn(REDIS, ['--bind', '127.0.0.1', '--save', '', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  for (let i = 0; i < 400 && !/Ready to accept connections/.test(out); i++) await sleep(50);
  assert.match(out, /Ready to accept connections/, 'redis-server started');
  return child;
}

/** With a directory: an append-only file fsynced on every write, as a deployment that keeps its events runs it. */
const persistence = (dir?: string) =>
  dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir] : ['--appendonly', 'no'];

/** Kills a server (SIGKILL: no shutdown save; only what the append-only file holds survives). */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

export interface RunningRedis {
  url: string;
  port: number;
  /** A cluster: `url` names one of its nodes. */
  cluster: boolean;
  /** What points the proxy at it: DH_STORE, and DH_STORE_CLUSTER for a cluster. */
  env: Record<string, string>;
  /** A new client of it (a cluster's for a cluster); the test disconnects it. */
  connect(): Redis | Cluster;
  /** Kills the server (SIGKILL: its data is gone, as after a crash without persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  /** Stops it and removes its files. */
  dispose(): Promise<void>;
}

/** `appendOnly`: keep the data in an append-only file (fsync always) in a directory of its own, so a restart keeps it. */
export async function startRedis({ appendOnly = false } = {}): Promise<RunningRedis> {
  const port = await freePort();
  const dir = appendOnly ? mkdtempSync(join(tmpdir(), 'dh-redis-')) : undefined;
  const args = ['--port', String(port), ...persistence(dir)];
  let child = await spawnRedis(args);
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    cluster: false,
    env: { DH_STORE: url },
    connect: () => new Redis(url, { maxRetriesPerRequest: 1 }),
    stop: () => kill(child),
    async restart() {
      await kill(child);
      child = await spawnRedis(args);
    },
    async dispose() {
      await kill(child);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RunningRedisCluster extends RunningRedis {
  /** The nodes' client ports. */
  ports: number[];
  /** Empties every node (FLUSHALL), so the next suite starts with no keys. */
  flush(): Promise<void>;
}

/** Each node's CLUSTER INFO says `cluster_state:ok` (every slot served), within `ms`. */
async function untilClusterOk(ports: number[], ms: number): Promise<void> {
  const nodes = ports.map((port) => new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 }));
  const end = Date.now() + ms;
  try {
    for (;;) {
      const states = await Promise.all(
        nodes.map((n) =>
          n.cluster('INFO').then(
            (info) => /^cluster_state:(\w+)/m.exec(String(info))?.[1],
            () => undefined,
          ),
        ),
      );
      if (states.every((s) => s === 'ok')) return;
      assert.ok(Date.now() < end, `cluster_state:ok on every node within ${ms} ms (${states})`);
      await sleep(50);
    }
  } finally {
    for (const n of nodes) n.disconnect();
  }
}

/**
 * A Redis Cluster of three masters (no replicas), made with `redis-cli --cluster create`, each
 * node in a directory of its own with its cluster configuration and an append-only file, so
 * restart() (all three killed and started again) keeps the data and the slots. The bus port of
 * each node is a free port too (the default, port + 10000, may be in the ephemeral range).
 */
export async function startRedisCluster(): Promise<RunningRedisCluster> {
  const nodes: { port: number; dir: string; args: string[] }[] = [];
  for (let i = 0; i < 3; i++) {
    const [port, bus] = [await freePort(), await freePort()];
    const dir = mkdtempSync(join(tmpdir(), 'dh-redis-cluster-'));
    nodes.push({
      port,
      dir,
      args: [
        ['--port', String(port), '--cluster-enabled', 'yes', '--cluster-port', String(bus)],
        ['--cluster-config-file', join(dir, 'nodes.conf'), ...persistence(dir)],
      ].flat(),
    });
  }
  let children = await Promise.all(nodes.map((n) => spawnRedis(n.args)));
  const ports = nodes.map((n) => n.port);
  await promisify(execFile)(
    REDIS_CLI,
    [
      ...['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`)],
      ...['--cluster-replicas', '0', '--cluster-yes'],
    ],
    { timeout: 20_000 },
  );
  await untilClusterOk(ports, 20_000);
  const url = `redis://127.0.0.1:${ports[0]}`;
  const stop = async () => {
    await Promise.all(children.map(kill));
  };
  return {
    url,
    port: ports[0]!,
    ports,
    cluster: true,
    env: { DH_STORE: url, DH_STORE_CLUSTER: 'true' },
    connect: () =>
      new Cluster([{ host: '127.0.0.1', port: ports[0]! }], {
        redisOptions: { maxRetriesPerRequest: 1 },
      }),
    stop,
    async restart() {
      await stop();
      children = await Promise.all(nodes.map((n) => spawnRedis(n.args)));
      // A restarted master refuses writes for its first two seconds (Redis waits for its peers).
      await untilClusterOk(ports, 20_000);
    },
    async dispose() {
      await stop();
      for (const n of nodes) rmSync(n.dir, { recursive: true, force: true });
    },
    async flush() {
      const clients = ports.map((p) => new Redis(p, '127.0.0.1', { maxRetriesPerRequest: 1 }));
      try {
        await Promise.all(clients.map((c) => c.flushall()));
      } finally {
        for (const c of clients) c.disconnect();
      }
    },
  };
}
