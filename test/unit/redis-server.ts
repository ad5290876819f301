/**
 * A real redis-server for a test file: Debian's, on a free loopback port, no persistence.
 *
 *   const redis = await startRedis();   // { url, port, stop(), restart() }
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './free-port.js';

const REDIS = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
/** A skip reason for node:test where redis-server is missing (`.ci/run` installs it). */
export const NO_REDIS = REDIS ? false : 'redis-server is not installed here (apt-get install redis-server)';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
}

export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  let child = await spawnRedis(port);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
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
      child = await spawnRedis(port);
    },
  };
}
