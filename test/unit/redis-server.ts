/**
 * A real redis-server for a test file: Debian's, on a free loopback port, no persistence.
 *
 *   const redis = await startRedis();   // { url, port, stop(), restart() }
 *   const kept = await startRedis({ appendOnly: true });   // survives restart()
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

const REDIS = spawnSync('sh', ['-c', 'command -v redis-server'], {
  encoding: 'utf8',
}).stdout.trim();
/** A skip reason for node:test where redis-server is missing (`.ci/run` installs it). */
export const NO_REDIS = REDIS
  ? false
  : 'redis-server is not installed here (apt-get install redis-server)';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function spawnRedis(port: number, dir?: string): Promise<ChildProcess> {
  // With a directory: an append-only file fsynced on every write, as a deployment that keeps its events runs it.
  const persistence = dir
    ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir]
    : ['--appendonly', 'no'];
  const child = spawn(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  for (let i = 0; i < 400 && !/Ready to accept connections/.test(out); i++) await sleep(50);
  assert.match(out, /Ready to accept connections/, 'redis-server started');
  return child;
}

export interface RunningRedis {
  url: string;
  port: number;
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
  let child = await spawnRedis(port, dir);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGKILL: no shutdown save; only what the append-only file holds survives.
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      await stop();
      child = await spawnRedis(port, dir);
    },
    async dispose() {
      await stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
